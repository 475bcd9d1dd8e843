/**
 * The tools a server shows: the registry over the tools root, kept current
 * while the server runs (a new TOOL.hdlp is listed at the next scan, the
 * seed's "next scan finds it"), seen through the operator's filter. Invalid
 * tools are never listed; the log says which and why.
 */
import {
  type ForgejoWatchOptions,
  type InvalidTool,
  type RegisteredTool,
  type RegistryWatcher,
  type ToolIndex,
  type ToolLookup,
  type WatchOptions,
  watchRegistry,
} from "@hdlp/runtime";
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
  /** Starts watching the folder `root` when the source was made without a registry (the client's MCP roots); false when it has one. */
  useRoot(root: string): boolean;
  close(): void;
}

/** What to watch: a folder (events), or a Forgejo repository (polled), as the runtime's watchRegistry takes them. */
export type RegistryToWatch = Omit<WatchOptions, "onChange" | "onError"> | Omit<ForgejoWatchOptions, "onChange" | "onError">;

export interface ToolSourceOptions {
  /** The registry; undefined until the client names a root (useRoot). */
  readonly registry: RegistryToWatch | undefined;
  /** For a folder the client names: the persisted index's folder, or false for none. */
  readonly cacheDir?: string | false;
  readonly filter: ToolFilter;
  /** One line for the operator (stderr). */
  readonly log: (line: string) => void;
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

/** Resolves once the registry's first scan is done (at once when there is no registry yet). */
export async function watchedToolSource(options: ToolSourceOptions): Promise<ToolSource> {
  const listeners = new Set<() => void>();
  let watcher: RegistryWatcher | undefined;
  let starting = false;
  let closed = false;
  let visible = NOTHING;

  const refresh = (index: ToolIndex) => {
    const next = visibleTools(index, options.filter);
    const before = visible;
    visible = next;
    if (fingerprint(before) !== fingerprint(next)) for (const listener of listeners) listener();
  };
  const start = async (registry: RegistryToWatch) => {
    starting = true;
    const started = await watchRegistry({
      ...registry,
      onChange: (change) => {
        const invalid = new Set([...change.added, ...change.changed].filter((tool) => !tool.valid).map((tool) => tool.path));
        reportInvalid(
          change.index.invalid.filter((tool) => invalid.has(tool.path)),
          options.log,
        );
        refresh(change.index);
      },
      onError: (error) => options.log(`could not re-read the registry: ${error.message}`),
    });
    if (closed) return started.close();
    watcher = started;
    const index = started.index;
    if (index.stats.cacheError) options.log(`warning: ${index.stats.cacheError}`);
    if (index.stale) options.log(`warning: ${index.stale}`);
    options.log(`serving ${visibleTools(index, options.filter).tools.length} of ${index.tools.length} registered tools from ${index.root}`);
    reportInvalid(index.invalid, options.log);
    refresh(index);
  };
  if (options.registry !== undefined) await start(options.registry);

  return {
    current: () => visible,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    useRoot(root) {
      if (starting) return false;
      start({ root, ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }) }).catch((error: Error) =>
        options.log(`could not read ${root}: ${error.message}`),
      );
      return true;
    },
    close() {
      closed = true;
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
