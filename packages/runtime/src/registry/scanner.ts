/**
 * The registry's scan: discover the TOOL.hdlp files, take each one's meaning
 * from the cache when it has not changed, parse and lint the others, and
 * register every file that lints clean under its name.
 *
 * A scanner remembers its last scan in memory too, so a long-running host
 * (watch mode) re-reads only what changed and keeps the same ToolModel objects
 * for unchanged tools (their compiled param validators stay cached).
 *
 * What a scan registers is trusted for listing and matching only: a call reads
 * its tool's file again (`RegisteredTool.load`), checking the handle it opened.
 */
import { resolve } from "node:path";
import { type Diagnostic, loadTool, type ToolModel } from "@hdlp/parser";
import { cacheFilePath, type CacheEntry, hashBytes, PersistedIndex, RACY_WINDOW_MS, StoredMeaning } from "./cache.ts";
import { discoverToolFiles, type FoundFile } from "./discover.ts";
import { registerFiles } from "./register.ts";
import { readToolFile, type ToolFileProblem } from "./tool-file.ts";
import { createToolIndex, registryDiagnostic, type ToolIndex, ToolSourceError } from "./tool-index.ts";

export interface ScanOptions {
  /** The tools root: `./tools` by default (the CLI also reads `--root` and `HDLP_TOOLS_DIR`). */
  readonly root: string;
  /**
   * Where the persisted index lives: a directory, or `false` for none.
   * Default: `<root>/.hdlp-cache/`. The file is `index-<hash of the root>.json`.
   */
  readonly cacheDir?: string | false;
}

export const DEFAULT_TOOLS_ROOT = "tools";

export class ToolScanner {
  readonly root: string;
  private readonly persisted?: PersistedIndex;
  private loaded = false;
  /** The last scan's entries, by path, with when that scan began (trust follows the index's rule). */
  private readonly memory = new Map<string, { readonly entry: CacheEntry; readonly checkedAt: number }>();

  constructor(options: ScanOptions) {
    this.root = resolve(options.root);
    if (options.cacheDir !== false) this.persisted = new PersistedIndex(cacheFilePath(this.root, options.cacheDir));
  }

  /** Throws only when the root itself cannot be read; a bad tool file never stops the scan. */
  scan(): ToolIndex {
    const started = performance.now();
    const startedAt = Date.now();
    if (this.persisted && !this.loaded) {
      this.persisted.load();
      this.loaded = true;
    }
    const { realRoot, files, unusable } = discoverToolFiles(this.root);
    let read = 0;
    let parsed = 0;
    const loaded = files.map((file) => {
      let entry = this.fromCache(file, startedAt);
      if (!entry) {
        read++;
        const fresh = this.read(file, realRoot, startedAt);
        if (fresh.parsed) parsed++;
        entry = fresh.entry;
      }
      const known = entry;
      return { path: file.path, folder: file.folder, entry, load: () => runnable(file.path, realRoot, known) };
    });
    const unread = unusable.map((u) => ({ path: u.path, folder: u.folder, diagnostics: [problemDiagnostic(u.problem)] }));
    const { tools, invalid } = registerFiles(loaded, [], unread);

    const present = new Set(files.map((f) => f.path));
    for (const path of this.memory.keys()) if (!present.has(path)) this.memory.delete(path);
    let cacheError: string | undefined;
    if (this.persisted) {
      this.persisted.retain(present);
      try {
        this.persisted.save(startedAt);
      } catch (error) {
        cacheError = `could not write the tool index ${this.persisted.file}: ${(error as Error).message}`;
      }
    }
    return createToolIndex(this.root, tools, invalid, {
      files: files.length,
      read,
      parsed,
      durationMs: performance.now() - started,
      ...(this.persisted ? { cacheFile: this.persisted.file } : {}),
      ...(cacheError ? { cacheError } : {}),
    });
  }

  private fromCache(file: FoundFile, scanStartedAt: number): CacheEntry | undefined {
    const known = this.memory.get(file.path);
    if (known && known.entry.size === file.size && known.entry.mtimeMs === file.mtimeMs && file.mtimeMs < known.checkedAt - RACY_WINDOW_MS) return known.entry;
    const trusted = this.persisted?.trusted(file.path, file.size, file.mtimeMs);
    if (trusted) return this.remember(file.path, trusted, scanStartedAt);
    return undefined;
  }

  /** Reads the file (tool-file.ts: one handle, checked); parses it only when its content is new to the cache. */
  private read(file: FoundFile, realRoot: string, scanStartedAt: number): { entry: CacheEntry; parsed: boolean } {
    const content = readToolFile(file.path, realRoot);
    if (!content.ok) {
      // Not remembered: a permission fixed later changes no size or mtime, and must still be seen.
      return {
        entry: { size: file.size, mtimeMs: file.mtimeMs, hash: "", meaning: StoredMeaning.of({ diagnostics: [problemDiagnostic(content)] }) },
        parsed: false,
      };
    }
    const hash = hashBytes(content.bytes);
    const known = this.memory.get(file.path)?.entry;
    const same = known?.hash === hash ? known : this.persisted?.byHash(file.path, hash);
    const { name, meaning } = same ?? loadMeaning(content.bytes.toString("utf8"), file.path);
    // Keyed by what was read: the size and mtime of the file opened, which a later scan compares.
    const entry = { size: content.size, mtimeMs: content.mtimeMs, hash, meaning, ...(name === undefined ? {} : { name }) };
    return { entry: this.remember(file.path, entry, scanStartedAt), parsed: same === undefined };
  }

  private remember(path: string, entry: CacheEntry, checkedAt: number): CacheEntry {
    this.memory.set(path, { entry, checkedAt });
    this.persisted?.set(path, entry);
    return entry;
  }
}

/** What a file's text means: its lint, and its model under its name when it has no error. */
export function loadMeaning(text: string, path: string): Pick<CacheEntry, "name" | "meaning"> {
  const { diagnostics, model } = loadTool(text, { path });
  return model ? { name: model.name, meaning: StoredMeaning.of({ diagnostics, model }) } : { meaning: StoredMeaning.of({ diagnostics }) };
}

/**
 * What a call runs: the file as it is now, opened and checked as a scan opens
 * it. The model this process parsed from the same bytes is reused; what the
 * persisted index remembers is not (anyone who can write it could edit it).
 */
function runnable(path: string, realRoot: string, known: CacheEntry): ToolModel {
  const content = readToolFile(path, realRoot);
  if (!content.ok) throw new ToolSourceError(content.message);
  const hash = hashBytes(content.bytes);
  if (hash === known.hash && known.meaning.isReadHere) return known.meaning.get().model!;
  const { diagnostics, model } = loadTool(content.bytes.toString("utf8"), { path });
  if (!model) {
    const error = diagnostics.find((d) => d.severity === "error")!;
    throw new ToolSourceError(`${path} has changed and no longer lints clean: ${error.message} [${error.rule}]`);
  }
  if (model.name !== known.name) throw new ToolSourceError(`${path} has changed and now declares \`${model.name}\`, not \`${known.name}\``);
  return model;
}

function problemDiagnostic(problem: ToolFileProblem): Diagnostic {
  return registryDiagnostic(problem.rule, problem.message);
}

/** One scan of a root, with the persisted index (see ScanOptions). */
export function scanTools(options: ScanOptions): ToolIndex {
  return new ToolScanner(options).scan();
}
