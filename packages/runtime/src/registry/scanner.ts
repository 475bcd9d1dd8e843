/**
 * The registry's scan: discover the TOOL.hdlp files, take each one's meaning
 * from the cache when it has not changed, parse and lint the others, and
 * register every file that lints clean under its name.
 *
 * A scanner remembers its last scan in memory too, so a long-running host
 * (watch mode) re-reads only what changed and keeps the same ToolModel objects
 * for unchanged tools (their compiled param validators stay cached).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadTool } from "@hdlp/parser";
import { cacheFilePath, type CacheEntry, hashBytes, PersistedIndex, RACY_WINDOW_MS, StoredMeaning } from "./cache.ts";
import { discoverToolFiles, type FoundFile } from "./discover.ts";
import { registerFiles } from "./register.ts";
import { createToolIndex, registryDiagnostic, type ToolIndex } from "./tool-index.ts";

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
    const { files, escaped } = discoverToolFiles(this.root);
    let read = 0;
    let parsed = 0;
    const loaded = files.map((file) => {
      let entry = this.fromCache(file, startedAt);
      if (!entry) {
        read++;
        const fresh = this.read(file, startedAt);
        if (fresh.parsed) parsed++;
        entry = fresh.entry;
      }
      return { path: file.path, folder: file.folder, entry };
    });
    const { tools, invalid } = registerFiles(loaded, escaped);

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

  /** Reads the file; parses it only when its content is new to the cache. */
  private read(file: FoundFile, scanStartedAt: number): { entry: CacheEntry; parsed: boolean } {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file.path);
    } catch (error) {
      // Not remembered: a permission fixed later changes no size or mtime, and must still be seen.
      const diagnostic = registryDiagnostic("unreadable", `${file.path} cannot be read: ${(error as Error).message}`);
      return { entry: { size: file.size, mtimeMs: file.mtimeMs, hash: "", meaning: StoredMeaning.of({ diagnostics: [diagnostic] }) }, parsed: false };
    }
    const hash = hashBytes(bytes);
    const known = this.memory.get(file.path)?.entry;
    const same = known?.hash === hash ? known : this.persisted?.byHash(file.path, hash);
    const { name, meaning } = same ?? loadMeaning(bytes.toString("utf8"), file.path);
    const entry = { size: file.size, mtimeMs: file.mtimeMs, hash, meaning, ...(name === undefined ? {} : { name }) };
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

/** One scan of a root, with the persisted index (see ScanOptions). */
export function scanTools(options: ScanOptions): ToolIndex {
  return new ToolScanner(options).scan();
}
