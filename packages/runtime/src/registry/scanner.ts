/**
 * The registry's scan: discover the TOOL.hdlp files, take each one's meaning
 * from the cache when it has not changed, parse and lint the others, and
 * register every file that lints clean under its name.
 *
 * A scanner remembers its last scan in memory too, so a long-running host
 * (watch mode) re-reads only what changed and keeps the same ToolModel objects
 * for unchanged tools (their compiled param validators stay cached).
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { type Diagnostic, loadTool } from "@hdlp/parser";
import { cacheFilePath, type CacheEntry, hashBytes, type Meaning, PersistedIndex, RACY_WINDOW_MS, StoredMeaning } from "./cache.ts";
import { discoverToolFiles, type FoundFile } from "./discover.ts";
import { readToolFile, type ToolFileProblem } from "./tool-file.ts";
import { createToolIndex, type CurrentTool, type InvalidTool, registryDiagnostic, type RegisteredTool, type ToolIndex } from "./tool-index.ts";

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
  /** The root's real path, as the last scan resolved it: every file read must stay inside. */
  private realRoot?: string;
  /** The last scan's entries, by path, with when that scan began (trust follows the index's rule). */
  private readonly memory = new Map<string, { readonly entry: CacheEntry; readonly checkedAt: number }>();

  constructor(options: ScanOptions) {
    this.root = resolve(options.root);
    if (options.cacheDir !== false) this.persisted = new PersistedIndex(cacheFilePath(this.root, options.cacheDir), (path) => this.meaningOfFile(path));
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
    this.realRoot = realRoot;
    let read = 0;
    let parsed = 0;
    const loaded = files.map((file) => {
      const cached = this.fromCache(file, startedAt);
      if (cached) return { file, entry: cached };
      read++;
      const fresh = this.read(file, startedAt);
      if (fresh.parsed) parsed++;
      return { file, entry: fresh.entry };
    });

    const invalid: InvalidTool[] = unusable.map((u) => ({ path: u.path, folder: u.folder, diagnostics: [problemDiagnostic(u.problem)] }));
    const tools: RegisteredTool[] = [];
    const claimants = new Map<string, { file: FoundFile; entry: CacheEntry }[]>();
    for (const item of loaded) {
      const { file, entry } = item;
      if (entry.name === undefined) invalid.push(invalidTool(file, entry));
      else claimants.set(entry.name, [...(claimants.get(entry.name) ?? []), item]);
    }
    for (const [name, claims] of claimants) {
      if (claims.length === 1) {
        tools.push(this.registeredTool(name, claims[0]!.file, claims[0]!.entry));
        continue;
      }
      // Two files, one name: registering either would make a call's meaning depend on folder order.
      const folders = claims.map((c) => c.file.folder).join(", ");
      const clash = registryDiagnostic("duplicate-name", `The name \`${name}\` is declared by several tools (${folders}); none of them is registered.`);
      for (const { file, entry } of claims) invalid.push(invalidTool(file, entry, clash));
    }

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
    const content = readToolFile(file.path, this.realRoot!);
    if (!content.ok) {
      // Not remembered: a permission fixed later changes no size or mtime, and must still be seen.
      return { entry: { size: file.size, mtimeMs: file.mtimeMs, hash: "", meaning: StoredMeaning.of({ diagnostics: [problemDiagnostic(content)] }) }, parsed: false };
    }
    const hash = hashBytes(content.bytes);
    const known = this.memory.get(file.path)?.entry;
    const same = known?.hash === hash ? known : this.persisted?.byHash(file.path, hash);
    const { name, meaning } = same ?? loadMeaning(content.bytes, file.path);
    // Keyed by what was read: the size and mtime of the file opened, which a later scan compares.
    const entry = { size: content.size, mtimeMs: content.mtimeMs, hash, meaning, ...(name === undefined ? {} : { name }) };
    return { entry: this.remember(file.path, entry, scanStartedAt), parsed: same === undefined };
  }

  /** A file's meaning from the file itself, for an index entry whose stored meaning cannot be used. */
  private meaningOfFile(path: string): Meaning {
    const content = readToolFile(path, this.realRoot ?? realpathSync(this.root));
    return content.ok ? loadMeaning(content.bytes, path).meaning.get() : { diagnostics: [problemDiagnostic(content)] };
  }

  private remember(path: string, entry: CacheEntry, checkedAt: number): CacheEntry {
    this.memory.set(path, { entry, checkedAt });
    this.persisted?.set(path, entry);
    return entry;
  }

  /** The model and diagnostics are read from the index only when first used; a call reads the file again. */
  private registeredTool(name: string, file: FoundFile, entry: CacheEntry): RegisteredTool {
    const realRoot = this.realRoot!;
    let lastCall: { hash: string; current: CurrentTool } | undefined;
    return {
      name,
      path: file.path,
      hash: entry.hash,
      get model() {
        return entry.meaning.get().model!;
      },
      get diagnostics() {
        return entry.meaning.get().diagnostics;
      },
      current() {
        const content = readToolFile(file.path, realRoot);
        if (!content.ok) return { problem: content.message };
        const hash = hashBytes(content.bytes);
        // What this process parsed from these very bytes is the file's meaning; what the index
        // remembers is trusted for listing only (it is a file anyone with write access can edit).
        if (hash === entry.hash && entry.meaning.isReadHere) return { model: entry.meaning.get().model! };
        if (lastCall?.hash !== hash) lastCall = { hash, current: currentTool(name, file.path, loadMeaning(content.bytes, file.path).meaning.get()) };
        return lastCall.current;
      },
    };
  }
}

function loadMeaning(bytes: Buffer, path: string): Pick<CacheEntry, "name" | "meaning"> {
  const { diagnostics, model } = loadTool(bytes.toString("utf8"), { path });
  return model ? { name: model.name, meaning: StoredMeaning.of({ diagnostics, model }) } : { meaning: StoredMeaning.of({ diagnostics }) };
}

/** What a call of `name` finds in its file now. */
function currentTool(name: string, path: string, meaning: Meaning): CurrentTool {
  if (!meaning.model) {
    const error = meaning.diagnostics.find((d) => d.severity === "error");
    return { problem: `${path} has changed and no longer lints clean${error ? `: ${error.message} [${error.rule}]` : ""}` };
  }
  if (meaning.model.name !== name) return { problem: `${path} has changed and now declares \`${meaning.model.name}\`, not \`${name}\`` };
  return { model: meaning.model };
}

function problemDiagnostic(problem: ToolFileProblem): Diagnostic {
  return registryDiagnostic(problem.rule, problem.message);
}

function invalidTool(file: FoundFile, entry: CacheEntry, reason?: Diagnostic): InvalidTool {
  return {
    path: file.path,
    folder: file.folder,
    hash: entry.hash,
    get diagnostics() {
      const own = entry.meaning.get().diagnostics;
      return reason ? [reason, ...own] : own;
    },
  };
}

/** One scan of a root, with the persisted index (see ScanOptions). */
export function scanTools(options: ScanOptions): ToolIndex {
  return new ToolScanner(options).scan();
}
