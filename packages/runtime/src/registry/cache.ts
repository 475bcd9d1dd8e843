/**
 * The persisted index (the seed's cache agent): what each TOOL.hdlp meant the
 * last time it was read, keyed by path, size, mtime and content hash, so a
 * scan re-parses only what changed.
 *
 * An entry is trusted on size and mtime alone only when the file was last
 * modified well before the scan that wrote the index began; a file modified
 * around or after that moment (when a same-size edit could keep the same mtime
 * on a coarse clock) is re-read and compared by hash. The index records a
 * fingerprint of the parser it came from: a new linter invalidates it whole.
 * A line that is not sound (cut short, edited by hand) is a miss, never an error.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";
import { crc32 } from "node:zlib";
import type { Diagnostic, ToolModel } from "@hdlp/parser";

/** Bump when the file's layout or an entry's shape changes. */
const FORMAT = 4;
/** Filesystems with the coarsest clocks (FAT) keep mtimes to 2 s. */
export const RACY_WINDOW_MS = 2000;
const NEWLINE = 0x0a;
const TAB = 0x09;

/** What a file means: its diagnostics, and its model when it has no error. */
export interface Meaning {
  readonly diagnostics: readonly Diagnostic[];
  readonly model?: ToolModel;
}

/**
 * A file's meaning as the index stores it: the JSON bytes, parsed only when
 * first asked for. A warm scan reads every entry's key but parses no model,
 * so `hdlp call x` pays for one tool, not ten thousand; `list` and `match`,
 * which need them all, parse each once.
 */
export class StoredMeaning {
  private parsed?: Meaning;
  private bytes?: Buffer;

  /** True when this process worked the meaning out from the file itself, not from stored bytes (what a call may reuse). */
  readonly isReadHere: boolean;

  private constructor(bytes: Buffer | undefined, parsed: Meaning | undefined) {
    if (bytes) this.bytes = bytes;
    if (parsed) this.parsed = parsed;
    this.isReadHere = parsed !== undefined;
  }

  static of(meaning: Meaning): StoredMeaning {
    return new StoredMeaning(undefined, meaning);
  }

  static stored(bytes: Buffer): StoredMeaning {
    return new StoredMeaning(bytes, undefined);
  }

  get(): Meaning {
    this.parsed ??= JSON.parse(this.bytes!.toString("utf8")) as Meaning;
    return this.parsed;
  }

  /** The bytes to store: those read, kept, so an unchanged entry is written back without serialising it. */
  serialized(): Buffer {
    this.bytes ??= Buffer.from(JSON.stringify(this.parsed));
    return this.bytes;
  }
}

export interface CacheEntry {
  readonly size: number;
  readonly mtimeMs: number;
  /** sha256 of the file's bytes, hex. */
  readonly hash: string;
  /** The tool's name when the file has a model (lints without errors). */
  readonly name?: string;
  readonly meaning: StoredMeaning;
}

/** The first line of the index file. */
interface Header {
  readonly format: number;
  readonly fingerprint: string;
  /** When the scan that wrote the index began: every entry was checked after it. */
  readonly verifiedAt: number;
}

/**
 * Each further line: this key as JSON, a tab, then the meaning as JSON (JSON
 * never holds a raw tab or newline). `check` is the CRC-32 of the meaning's
 * bytes: a line cut short or edited by hand fails it and is a miss.
 */
type Key = [path: string, size: number, mtimeMs: number, hash: string, name: string | null, check: number];

export const DEFAULT_CACHE_DIR_NAME = ".hdlp-cache";

/** `<root>/.hdlp-cache/index-<hash of root>.jsonl`, or the same name in the directory given. */
export function cacheFilePath(root: string, cacheDir?: string): string {
  const dir = cacheDir ?? join(root, DEFAULT_CACHE_DIR_NAME);
  return join(dir, `index-${hashText(resolve(root)).slice(0, 12)}.jsonl`);
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export class PersistedIndex {
  private entries = new Map<string, CacheEntry>();
  private verifiedAt = 0;
  private dirty = false;

  constructor(readonly file: string) {}

  /** Reads the index; a missing, unreadable or stale one is an empty index (the scan rebuilds it). */
  load(): void {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.file);
    } catch {
      return; // no index yet
    }
    try {
      const headerEnd = bytes.indexOf(NEWLINE);
      const header = JSON.parse(bytes.toString("utf8", 0, headerEnd)) as Header;
      if (header.format !== FORMAT || header.fingerprint !== parserFingerprint()) return;
      const entries = new Map<string, CacheEntry>();
      for (let start = headerEnd + 1; start < bytes.length; ) {
        const end = bytes.indexOf(NEWLINE, start);
        if (end < 0) break; // the last line cut short: a miss, as a line that fails its check
        const entry = readLine(bytes, start, end);
        if (entry) entries.set(entry.path, entry.entry);
        else this.dirty = true; // rewritten without it
        start = end + 1;
      }
      this.entries = entries;
      this.verifiedAt = header.verifiedAt;
    } catch {
      // An index we cannot use (no header, from another version): start empty.
    }
  }

  /** The entry for a file whose size and mtime match and are old enough to be trusted without reading it. */
  trusted(path: string, size: number, mtimeMs: number): CacheEntry | undefined {
    const entry = this.entries.get(path);
    if (!entry || entry.size !== size || entry.mtimeMs !== mtimeMs) return undefined;
    return mtimeMs < this.verifiedAt - RACY_WINDOW_MS ? entry : undefined;
  }

  /** The entry for content with this hash, whatever its mtime says. */
  byHash(path: string, hash: string): CacheEntry | undefined {
    const entry = this.entries.get(path);
    return entry?.hash === hash ? entry : undefined;
  }

  set(path: string, entry: CacheEntry): void {
    const old = this.entries.get(path);
    if (old && old.hash === entry.hash && old.size === entry.size && old.mtimeMs === entry.mtimeMs) return;
    this.entries.set(path, entry);
    this.dirty = true;
  }

  /** Forgets every path not in `keep` (files deleted since the last scan). */
  retain(keep: ReadonlySet<string>): void {
    for (const path of this.entries.keys()) {
      if (!keep.has(path)) {
        this.entries.delete(path);
        this.dirty = true;
      }
    }
  }

  /**
   * Writes the index when it changed, atomically (a temp file renamed over
   * it), so a crash or a concurrent scan never leaves half an index behind.
   * `scanStartedAt`: every entry was trusted or checked by the scan that began then.
   */
  save(scanStartedAt: number): void {
    // Re-writing moves `verifiedAt` forward, so entries that were too fresh to trust become trusted.
    const fresh = [...this.entries.values()].some((e) => e.mtimeMs >= this.verifiedAt - RACY_WINDOW_MS);
    if (!this.dirty && !fresh) return;
    const header: Header = { format: FORMAT, fingerprint: parserFingerprint(), verifiedAt: scanStartedAt };
    const chunks: Buffer[] = [Buffer.from(`${JSON.stringify(header)}\n`)];
    for (const [path, entry] of this.entries) {
      const meaning = entry.meaning.serialized();
      const key: Key = [path, entry.size, entry.mtimeMs, entry.hash, entry.name ?? null, crc32(meaning)];
      chunks.push(Buffer.from(`${JSON.stringify(key)}\t`), meaning, Buffer.from("\n"));
    }
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.concat(chunks));
    renameSync(temp, this.file);
    this.verifiedAt = scanStartedAt;
    this.dirty = false;
  }
}

/** One line's entry, or undefined when the line is not sound: a key that does not parse, a meaning that fails its check. */
function readLine(bytes: Buffer, start: number, end: number): { path: string; entry: CacheEntry } | undefined {
  const tab = bytes.indexOf(TAB, start);
  if (tab < 0 || tab > end) return undefined;
  let key: Key;
  try {
    key = JSON.parse(bytes.toString("utf8", start, tab)) as Key;
  } catch {
    return undefined; // said by the caller: the line is a miss
  }
  const [path, size, mtimeMs, hash, name, check] = key;
  const stored = bytes.subarray(tab + 1, end);
  if (typeof path !== "string" || crc32(stored) !== check) return undefined;
  const meaning = StoredMeaning.stored(stored);
  return { path, entry: name === null ? { size, mtimeMs, hash, meaning } : { size, mtimeMs, hash, name, meaning } };
}

let fingerprint: string | undefined;

/**
 * Identifies the parser and linter that produced the cached results: the
 * sizes and mtimes of its source files. Any change to them (an upgrade, a new
 * rule) gives a new fingerprint, and every file is read again.
 */
export function parserFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const hash = createHash("sha256").update(`format ${FORMAT}\n`);
  const sourceDir = dirname(createRequire(import.meta.url).resolve("@hdlp/parser"));
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && !entry.name.endsWith(".test.ts")) {
        const stats = statSync(path);
        hash.update(`${path}\0${stats.size}\0${stats.mtimeMs}\n`);
      }
    }
  };
  visit(sourceDir);
  fingerprint = hash.digest("hex");
  return fingerprint;
}
