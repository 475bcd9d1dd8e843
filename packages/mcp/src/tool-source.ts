/**
 * The tools a server shows: the registry over the tools root, kept current
 * while the server runs (a new TOOL.hdlp is listed at the next scan, the
 * seed's "next scan finds it"), seen through the operator's filter. Invalid
 * tools are never listed; the log says which and why.
 */
import { type InvalidTool, type RegisteredTool, type RegistryWatcher, type ToolIndex, type ToolLookup, watchTools } from "@hdlp/runtime";
import type { ToolFilter } from "./tool-filter.ts";

/** What an agent may see and call right now: registered, valid and allowed, sorted by name. */
export interface VisibleTools extends ToolLookup {
  readonly tools: readonly RegisteredTool[];
  /** The tools root, once there is one. */
  readonly root: string | undefined;
}

export interface ToolSource {
  current(): VisibleTools;
  /** Called after each change of what is visible (a tool added, changed or removed). */
  onChange(listener: () => void): () => void;
  /** Starts watching `root` when the source was made without one (the client's MCP roots); false when it has one. */
  useRoot(root: string): boolean;
  close(): void;
}

export interface ToolSourceOptions {
  /** The tools root; undefined until the client names one (useRoot). */
  readonly root: string | undefined;
  /** The persisted index's folder, or false for none (runtime ScanOptions). */
  readonly cacheDir?: string | false;
  readonly filter: ToolFilter;
  /** One line for the operator (stderr). */
  readonly log: (line: string) => void;
  readonly debounceMs?: number;
}

const NOTHING: VisibleTools = { root: undefined, tools: [], get: () => undefined };

export function visibleTools(index: ToolIndex, filter: ToolFilter): VisibleTools {
  const tools = index.tools.filter((tool) => filter(tool.name));
  return { root: index.root, tools, get: (name) => (filter(name) ? index.get(name) : undefined) };
}

/** A source over an index that never changes (tests, benchmarks, `hdlp export`). */
export function fixedToolSource(index: ToolIndex, filter: ToolFilter): ToolSource {
  const visible = visibleTools(index, filter);
  return { current: () => visible, onChange: () => () => {}, useRoot: () => false, close: () => {} };
}

export function watchedToolSource(options: ToolSourceOptions): ToolSource {
  const listeners = new Set<() => void>();
  let watcher: RegistryWatcher | undefined;
  let visible = NOTHING;

  const refresh = (index: ToolIndex) => {
    const next = visibleTools(index, options.filter);
    const before = visible;
    visible = next;
    if (fingerprint(before) !== fingerprint(next)) for (const listener of listeners) listener();
  };
  const start = (root: string) => {
    watcher = watchTools({
      root,
      ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
      ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
      onChange: (change) => {
        const invalid = new Set([...change.added, ...change.changed].filter((tool) => !tool.valid).map((tool) => tool.path));
        reportInvalid(change.index.invalid.filter((tool) => invalid.has(tool.path)), options.log);
        refresh(change.index);
      },
      onError: (error) => options.log(`could not re-scan ${root}: ${error.message}`),
    });
    const index = watcher.index;
    if (index.stats.cacheError) options.log(`warning: ${index.stats.cacheError}`);
    options.log(`serving ${visibleTools(index, options.filter).tools.length} of ${index.tools.length} registered tools from ${index.root}`);
    reportInvalid(index.invalid, options.log);
    refresh(index);
  };
  if (options.root !== undefined) start(options.root);

  return {
    current: () => visible,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    useRoot(root) {
      if (watcher) return false;
      start(root);
      return true;
    },
    close() {
      watcher?.close();
      listeners.clear();
    },
  };
}

/** Names and content hashes, in order: equal exactly when the list an agent sees is the same. */
function fingerprint(visible: VisibleTools): string {
  return visible.tools.map((tool) => `${tool.name}\0${tool.hash}`).join("\n");
}

/** Each tool that cannot be registered, with its first error: it is not listed, and the operator should know why. */
function reportInvalid(invalid: readonly InvalidTool[], log: (line: string) => void): void {
  for (const tool of invalid) {
    const error = tool.diagnostics.find((d) => d.severity === "error") ?? tool.diagnostics[0];
    const where = error ? `${error.range.start.line + 1}:${error.range.start.character + 1}: ` : "";
    log(`not listed: ${tool.path}: ${where}${error ? `${error.message} [${error.rule}]` : "invalid"}`);
  }
}
