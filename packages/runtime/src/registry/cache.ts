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
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";
import type { Diagnostic, ToolModel } from "@hdlp/parser";

/** Bump when the file's layout or an entry's shape changes. */
const FORMAT = 3;
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
 * which need them all, parse each once. Stored bytes that do not parse as a
 * meaning (a line cut short, edited by hand) are a miss: the file is read again.
 */
export class StoredMeaning {
  private parsed?: Meaning;
  private bytes?: Buffer;
  /** True when the meaning was worked out from the file by this process, not taken from stored bytes. */
  private readHere: boolean;

  private constructor(
    bytes: Buffer | undefined,
    parsed: Meaning | undefined,
    private readonly reload?: () => Meaning,
  ) {
    if (bytes) this.bytes = bytes;
    if (parsed) this.parsed = parsed;
    this.readHere = parsed !== undefined;
  }

  static of(meaning: Meaning): StoredMeaning {
    return new StoredMeaning(undefined, meaning);
  }

  /** `reload` works the meaning out from the file when the bytes cannot be used. */
  static stored(bytes: Buffer, reload: () => Meaning): StoredMeaning {
    return new StoredMeaning(bytes, undefined, reload);
  }

  get(): Meaning {
    if (this.parsed) return this.parsed;
    const stored = parseMeaning(this.bytes!);
    if (stored) {
      this.parsed = stored;
      return stored;
    }
    this.parsed = this.reload!();
    this.readHere = true;
    this.bytes = undefined; // written back from the fresh meaning, not the bytes that failed
    return this.parsed;
  }

  /** Whether this process worked the meaning out from the file itself (what a call may trust). */
  get isReadHere(): boolean {
    return this.readHere;
  }

  /** The bytes to store: those read, kept, so an unchanged entry is written back without serialising it. */
  serialized(): Buffer {
    this.bytes ??= Buffer.from(JSON.stringify(this.parsed));
    return this.bytes;
  }
}

/** The meaning in stored bytes, or undefined when they are not one (cut short, not JSON, the wrong shape). */
function parseMeaning(bytes: Buffer): Meaning | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined; // a miss, said by the caller's reload
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { diagnostics, model } = value as { diagnostics?: unknown; model?: unknown };
  if (!Array.isArray(diagnostics) || (model !== undefined && (typeof model !== "object" || model === null))) return undefined;
  return value as Meaning;
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

/** Each further line: this key as JSON, a tab, then the meaning as JSON (JSON never holds a raw tab or newline). */
type Key = [path: string, size: number, mtimeMs: number, hash: string, name: string | null];

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

  /** `reload(path)`: a file's meaning worked out from the file, for an entry whose stored meaning is unusable. */
  constructor(
    readonly file: string,
    private readonly reload: (path: string) => Meaning,
  ) {}

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
        const tab = bytes.indexOf(TAB, start);
        if (end < 0 || tab < 0 || tab > end) throw new Error("malformed line");
        const [path, size, mtimeMs, hash, name] = JSON.parse(bytes.toString("utf8", start, tab)) as Key;
        const meaning = StoredMeaning.stored(bytes.subarray(tab + 1, end), () => this.reload(path));
        entries.set(path, name === null ? { size, mtimeMs, hash, meaning } : { size, mtimeMs, hash, name, meaning });
        start = end + 1;
      }
      this.entries = entries;
      this.verifiedAt = header.verifiedAt;
    } catch {
      // An index we cannot use (cut short, from another version): start empty.
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
      const key: Key = [path, entry.size, entry.mtimeMs, entry.hash, entry.name ?? null];
      chunks.push(Buffer.from(`${JSON.stringify(key)}\t`), entry.meaning.serialized(), Buffer.from("\n"));
    }
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.concat(chunks));
    renameSync(temp, this.file);
    this.verifiedAt = scanStartedAt;
    this.dirty = false;
  }
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
