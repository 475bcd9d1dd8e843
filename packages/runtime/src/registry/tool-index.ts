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
  /** sha256 of the file's bytes; for a tool read from a repository, its git blob id. */
  readonly hash: string;
  /**
   * The model a call runs, when it must be read again rather than taken from
   * the index: a repository's tool is parsed from its blob, read from the
   * content-addressed cache and checked against its sha (throws
   * ToolSourceError when it cannot be). Absent: a call runs `model`.
   */
  load?(): ToolModel;
}

export interface InvalidTool {
  readonly path: string;
  /** The folder under the root. */
  readonly folder: string;
  /** Every diagnostic of the file; at least one is an error. */
  readonly diagnostics: readonly Diagnostic[];
  /** As RegisteredTool's; absent when it was never read (a link escaping the root). */
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
  /** HTTP requests a scan of a repository made (its head, its tree's pages, new blobs). */
  readonly requests?: number;
}

/** Where a repository's index came from: the commit its tree was read at, and when. */
export interface IndexOrigin {
  readonly commit: string;
  /** ISO 8601. */
  readonly readAt: string;
}

export interface ToolIndex {
  /** The tools root, resolved. */
  readonly root: string;
  /** Sorted by name. */
  readonly tools: readonly RegisteredTool[];
  /** Sorted by path. */
  readonly invalid: readonly InvalidTool[];
  readonly stats: ScanStats;
  /** For a repository's tools: the commit they were read at. */
  readonly origin?: IndexOrigin;
  /** Set when this is the last good index, used because the source could not be read now: why. */
  readonly stale?: string;
  get(name: string): RegisteredTool | undefined;
}

export function createToolIndex(root: string, tools: RegisteredTool[], invalid: InvalidTool[], stats: ScanStats, origin?: IndexOrigin): ToolIndex {
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  invalid.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return { root, tools, invalid, stats, ...(origin ? { origin } : {}), get: (name) => byName.get(name) };
}

const START = { offset: 0, line: 0, character: 0 };

/** A problem the registry finds with a file as a whole (not the linter's): reported at its first character. */
export function registryDiagnostic(rule: string, message: string): Diagnostic {
  return { rule, severity: "error", message, range: { start: START, end: START } };
}
