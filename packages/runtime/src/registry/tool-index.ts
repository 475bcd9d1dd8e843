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
  readonly model: ToolModel;
  /** Warnings and infos the linter reported (a registered tool has no errors). */
  readonly diagnostics: readonly Diagnostic[];
  /** sha256 of the file's bytes. */
  readonly hash: string;
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
