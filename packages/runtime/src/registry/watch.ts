/**
 * Watch mode for a long-running host: the registry follows the tools root as
 * files are added, edited and removed, and reports each change.
 *
 * The root and every folder in it are watched (fs.watch: inotify on Linux,
 * one watch per folder). Events are debounced, then the root is re-scanned:
 * the scan re-reads only files whose size or mtime moved, so a burst of
 * editor writes costs one cheap scan, and the change report compares content
 * hashes, so a save that changes nothing reports nothing.
 *
 * A repository's root (forgejo/scanner.ts) cannot be watched for events: it
 * is polled. Each poll asks for the commit the ref points at, one small
 * request, and reads the tree again only when it moved; the changes are
 * reported the same way. While Forgejo cannot be read, the last good index
 * stays in use, marked `stale`, and the failure goes to onError once.
 */
import { type FSWatcher, readdirSync, watch } from "node:fs";
import { join } from "node:path";
import { type ForgejoScanOptions, ForgejoToolScanner } from "./forgejo/scanner.ts";
import { type ScanOptions, ToolScanner } from "./scanner.ts";
import type { ToolIndex } from "./tool-index.ts";

export interface ChangedTool {
  readonly path: string;
  /** The tool's name when it is registered. */
  readonly name?: string;
  readonly valid: boolean;
}

export interface RegistryChange {
  readonly index: ToolIndex;
  readonly added: readonly ChangedTool[];
  /** Content changed, or it went from valid to invalid or back. */
  readonly changed: readonly ChangedTool[];
  readonly removed: readonly ChangedTool[];
}

export interface WatchOptions extends ScanOptions {
  /** Quiet time after the last event before re-scanning; 100 ms by default. */
  readonly debounceMs?: number;
  readonly onChange: (change: RegistryChange) => void;
  /** A re-scan that failed (the root was removed …); watching goes on. */
  readonly onError?: (error: Error) => void;
}

/** A repository's root, polled. */
export interface ForgejoWatchOptions extends ForgejoScanOptions {
  /** Between two polls of the ref's commit; 30 s by default. */
  readonly pollMs?: number;
  readonly onChange: (change: RegistryChange) => void;
  /** Forgejo could not be read (the index goes on, stale), or a poll failed otherwise. */
  readonly onError?: (error: Error) => void;
}

export const DEFAULT_POLL_MS = 30_000;

export interface RegistryWatcher {
  /** The registry as of the last scan. */
  readonly index: ToolIndex;
  close(): void;
}

export function watchTools(options: WatchOptions): RegistryWatcher {
  const scanner = new ToolScanner(options);
  let index = scanner.scan();
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(rescan, options.debounceMs ?? 100);
  };
  const follow = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, schedule);
      watcher.on("error", () => {
        // The folder went away: the re-scan notices, and syncWatchers lets it go.
        watchers.get(dir)?.close();
        watchers.delete(dir);
        schedule();
      });
      watchers.set(dir, watcher);
    } catch {
      // Gone between listing and watching: the next event's re-scan sees it.
    }
  };
  const syncWatchers = () => {
    const folders = new Set([scanner.root, ...toolFolders(scanner.root)]);
    for (const [dir, watcher] of watchers) {
      if (!folders.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
    for (const dir of folders) follow(dir);
  };
  const rescan = () => {
    if (closed) return;
    try {
      // Watch first, then scan: a file written after the watch starts raises an event, one written before it is scanned.
      syncWatchers();
      index = advance(index, scanner.scan(), options.onChange);
    } catch (error) {
      options.onError?.(error as Error);
    }
  };

  syncWatchers();
  return registryWatcher(
    () => index,
    () => {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  );
}

/**
 * Watches a folder (watchTools) or polls a repository, whichever `options`
 * names; resolves once the first scan is done (a repository that cannot be
 * read and has no earlier index kept rejects, naming the server).
 */
export async function watchRegistry(options: WatchOptions | ForgejoWatchOptions): Promise<RegistryWatcher> {
  if (!("source" in options)) return watchTools(options);
  const scanner = new ForgejoToolScanner(options);
  let index = await scanner.scan();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const poll = async () => {
    try {
      const next = await scanner.scan();
      if (closed) return;
      if (next.stale !== undefined && index.stale === undefined) options.onError?.(new Error(next.stale));
      index = advance(index, next, options.onChange);
    } catch (error) {
      if (!closed) options.onError?.(error as Error);
    }
    if (!closed) timer = setTimeout(poll, options.pollMs ?? DEFAULT_POLL_MS);
  };
  timer = setTimeout(poll, options.pollMs ?? DEFAULT_POLL_MS);
  return registryWatcher(
    () => index,
    () => {
      closed = true;
      clearTimeout(timer);
    },
  );
}

function registryWatcher(current: () => ToolIndex, close: () => void): RegistryWatcher {
  return {
    get index() {
      return current();
    },
    close,
  };
}

/** The next index, with what changed since the last reported (when anything did). */
function advance(index: ToolIndex, next: ToolIndex, onChange: (change: RegistryChange) => void): ToolIndex {
  const change = diff(index, next);
  if (change.added.length || change.changed.length || change.removed.length) onChange(change);
  return next;
}

function toolFolders(root: string): string[] {
  try {
    return (
      readdirSync(root, { withFileTypes: true })
        // A linked folder is watched too (fs.watch follows the link); one escaping the root only triggers re-scans that skip it.
        .filter((e) => !e.name.startsWith(".") && (e.isDirectory() || e.isSymbolicLink()))
        .map((e) => join(root, e.name))
    );
  } catch {
    return [];
  }
}

interface Snapshot {
  readonly hash: string | undefined;
  readonly tool: ChangedTool;
}

function snapshot(index: ToolIndex): Map<string, Snapshot> {
  const files = new Map<string, Snapshot>();
  for (const t of index.tools) files.set(t.path, { hash: t.hash, tool: { path: t.path, name: t.name, valid: true } });
  for (const t of index.invalid) files.set(t.path, { hash: t.hash, tool: { path: t.path, valid: false } });
  return files;
}

function diff(before: ToolIndex, after: ToolIndex): RegistryChange {
  const old = snapshot(before);
  const now = snapshot(after);
  const added: ChangedTool[] = [];
  const changed: ChangedTool[] = [];
  const removed: ChangedTool[] = [];
  for (const [path, entry] of now) {
    const was = old.get(path);
    if (!was) added.push(entry.tool);
    else if (was.hash !== entry.hash || was.tool.valid !== entry.tool.valid || was.tool.name !== entry.tool.name) changed.push(entry.tool);
  }
  for (const [path, entry] of old) if (!now.has(path)) removed.push(entry.tool);
  return { index: after, added, changed, removed };
}
