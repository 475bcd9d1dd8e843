/**
 * What a scan produces: the registered tools (only these can run) and the
 * files that could not be registered, each with the reasons, so nothing is
 * dropped silently.
 */
import type { Diagnostic, ToolModel } from "@hdlp/parser";

export interface RegisteredTool {
  readonly name: string;
  /** The TOOL.hdlp it came from. */
  readonly path: string;
  /** What the file meant when it was scanned (or as the index remembers it): for listing and matching. */
  readonly model: ToolModel;
  /** Warnings and infos the linter reported (a registered tool has no errors). */
  readonly diagnostics: readonly Diagnostic[];
  /** sha256 of the file's bytes. */
  readonly hash: string;
  /**
   * The tool as its file says now, read when a call starts: a call runs this,
   * never what the index remembers. A problem when the file no longer holds
   * this tool (gone, over the size limit, errors, another name).
   */
  current(): CurrentTool;
}

export type CurrentTool = { readonly model: ToolModel } | { readonly problem: string };

/** A tool a host holds in memory, with no file behind it: what it calls is its model. */
export function toolInMemory(model: ToolModel, path = ""): RegisteredTool {
  return { name: model.name, path, model, diagnostics: [], hash: "", current: () => ({ model }) };
}

export interface InvalidTool {
  readonly path: string;
  /** The folder under the root. */
  readonly folder: string;
  /** Every diagnostic of the file; at least one is an error. */
  readonly diagnostics: readonly Diagnostic[];
  /** sha256 of the file's bytes; absent when it was never read (a link escaping the root). */
  readonly hash?: string;
}

export interface ScanStats {
  /** TOOL.hdlp files found. */
  readonly files: number;
  /** Files read by this scan (the others were trusted from the index on size and mtime). */
  readonly read: number;
  /** Files parsed and linted by this scan (read files whose hash the index knew were not). */
  readonly parsed: number;
  readonly durationMs: number;
  /** The persisted index used, when caching is on. */
  readonly cacheFile?: string;
  /** Why the index could not be written (the scan itself succeeded). */
  readonly cacheError?: string;
}

export interface ToolIndex {
  /** The tools root, resolved. */
  readonly root: string;
  /** Sorted by name. */
  readonly tools: readonly RegisteredTool[];
  /** Sorted by path. */
  readonly invalid: readonly InvalidTool[];
  readonly stats: ScanStats;
  get(name: string): RegisteredTool | undefined;
}

export function createToolIndex(root: string, tools: RegisteredTool[], invalid: InvalidTool[], stats: ScanStats): ToolIndex {
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  invalid.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return { root, tools, invalid, stats, get: (name) => byName.get(name) };
}

const START = { offset: 0, line: 0, character: 0 };

/** A problem the registry finds with a file as a whole (not the linter's): reported at its first character. */
export function registryDiagnostic(rule: string, message: string): Diagnostic {
  return { rule, severity: "error", message, range: { start: START, end: START } };
}
