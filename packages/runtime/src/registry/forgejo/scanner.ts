/**
 * The registry read from a Forgejo repository (`--root forgejo:OWNER/REPO[@REF][:PATH]`):
 *
 *   the commit the ref points at (one request) → when it moved, the tree under
 *   PATH at that commit → the local root's discovery rules (discover.ts) → each
 *   TOOL.hdlp blob, fetched only when its sha is new to the content-addressed
 *   cache (blob-store.ts) → lint, the meaning cached by path and sha as a local
 *   scan caches it (../cache.ts) → registered as a local scan registers (../register.ts).
 *
 * The last good index is kept (in memory, and in the cache folder for the
 * next process): when Forgejo cannot be read, it is used and said to be stale.
 * A call runs what the index says: the tool's blob, read from the cache by
 * its sha and checked against it, parsed again (RegisteredTool.load).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { loadTool, MAX_TOOL_FILE_BYTES, TOOL_FILE_NAME, type ToolModel } from "@hdlp/parser";
import type { RegistrySource } from "../../config/policy.ts";
import type { Endpoint } from "../../executors/executor.ts";
import { type Deadline, withDeadline } from "../../executors/http/deadline.ts";
import { type CacheEntry, PersistedIndex, StoredMeaning } from "../cache.ts";
import { type EscapedFolder, type LoadedFile, registerFiles } from "../register.ts";
import { formatRegistryRoot } from "../root.ts";
import { loadMeaning } from "../scanner.ts";
import { tooLarge } from "../tool-file.ts";
import { createToolIndex, type IndexOrigin, registryDiagnostic, type ToolIndex, ToolSourceError } from "../tool-index.ts";
import { BlobStore } from "./blob-store.ts";
import { discoverRemoteToolFiles, type RemoteToolFile } from "./discover.ts";
import { ForgejoRepository, RegistryReadError } from "./repository.ts";

export type ForgejoSource = Extract<RegistrySource, { kind: "forgejo" }>;

export interface ForgejoScanOptions {
  readonly source: ForgejoSource;
  /** The Forgejo server (the config's `forgejo`): its URL and token. */
  readonly endpoint: Endpoint;
  /** The cache folder: blobs by sha, the lint of each, the last good index. Default: defaultRemoteCacheDir(); `false`: in memory only. */
  readonly cacheDir?: string | false;
  /** For one whole scan (head, tree pages, blobs); 30 s by default. */
  readonly timeoutMs?: number;
}

export const DEFAULT_REMOTE_SCAN_TIMEOUT_MS = 30_000;

/** `$XDG_CACHE_HOME/hdlp`, else `~/.cache/hdlp`: a repository's root has no folder of its own to keep a cache in. */
export function defaultRemoteCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env["XDG_CACHE_HOME"] || join(homedir(), ".cache"), "hdlp");
}

/** What a scan found at a commit: enough to build the index again without the tree. */
interface RemoteState {
  readonly format: number;
  readonly root: string;
  readonly server: string;
  readonly commit: string;
  readonly readAt: string;
  readonly files: readonly RemoteToolFile[];
  readonly escaped: readonly { readonly folder: string; readonly target: string }[];
}

/** Bump when RemoteState's shape changes. */
const STATE_FORMAT = 1;

export class ForgejoToolScanner {
  /** `forgejo:OWNER/REPO[@REF]:PATH`, as the index and its paths name it. */
  readonly root: string;
  private readonly repository: ForgejoRepository;
  private readonly store: BlobStore;
  private readonly persisted?: PersistedIndex;
  private readonly stateFile?: string;
  private loaded = false;
  private last?: { readonly state: RemoteState; readonly index: ToolIndex };

  constructor(private readonly options: ForgejoScanOptions) {
    this.root = formatRegistryRoot(options.source);
    this.repository = new ForgejoRepository(options.endpoint, options.source.repo);
    const dir = options.cacheDir === false ? undefined : join(options.cacheDir ?? defaultRemoteCacheDir(), "forgejo");
    this.store = new BlobStore(dir);
    if (dir !== undefined) {
      const key = createHash("sha256").update(`${this.repository.server}\n${this.root}`).digest("hex").slice(0, 16);
      this.persisted = new PersistedIndex(join(dir, `index-${key}.jsonl`));
      this.stateFile = join(dir, `head-${key}.json`);
    }
  }

  /**
   * The index at the ref's commit now; when Forgejo cannot be read, the last
   * good one, with `stale` saying why. Throws RegistryReadError, naming the
   * server, only when there is no earlier index to fall back on.
   */
  async scan(): Promise<ToolIndex> {
    try {
      return await this.read();
    } catch (error) {
      if (!(error instanceof RegistryReadError)) throw error;
      const last = this.last?.index ?? (await this.offline());
      const what = `the tools root ${this.root} cannot be read from Forgejo at ${this.repository.server}: ${error.message}`;
      if (!last) throw new RegistryReadError(`${what}; no earlier index of it is kept`);
      return { ...last, stale: `${what}; using the index read at commit ${last.origin!.commit} on ${last.origin!.readAt}, which may be stale` };
    }
  }

  /** The index at the ref's commit now; throws RegistryReadError when Forgejo cannot be read. */
  read(): Promise<ToolIndex> {
    return withDeadline(this.options.timeoutMs ?? DEFAULT_REMOTE_SCAN_TIMEOUT_MS, undefined, async (deadline) => {
      const started = performance.now();
      const requestsBefore = this.repository.requests;
      const commit = await this.repository.headCommit(this.options.source.ref, deadline);
      if (this.last?.state.commit === commit) return this.last.index;
      const kept = this.keptState();
      const state = kept?.commit === commit ? kept : await this.readTree(commit, deadline);
      const built = await this.build(state, deadline);
      const keepError = this.keep(state);
      const stats = {
        ...built.stats,
        durationMs: performance.now() - started,
        requests: this.repository.requests - requestsBefore,
        ...(keepError ? { cacheError: [built.stats.cacheError, keepError].filter(Boolean).join("; ") } : {}),
      };
      const index = createToolIndex(this.root, built.tools, built.invalid, stats, origin(state));
      this.last = { state, index };
      return index;
    });
  }

  /**
   * `hdlp lint` of a repository's root: the texts of the tool files at the
   * ref's commit now, by their shown paths, and the folders whose link leads
   * outside the tools path. Throws RegistryReadError when Forgejo cannot be read.
   */
  async sources(): Promise<{ files: { path: string; text: string }[]; escaped: EscapedFolder[] }> {
    await this.read();
    const { state } = this.last!;
    return withDeadline(this.options.timeoutMs ?? DEFAULT_REMOTE_SCAN_TIMEOUT_MS, undefined, async (deadline) => {
      const files = [];
      for (const file of state.files) files.push({ path: this.shownPath(file.folder), text: (await this.blob(file, state.commit, deadline)).toString("utf8") });
      return { files, escaped: this.escapedOf(state) };
    });
  }

  private shownPath(folder: string): string {
    return `${this.root}${this.options.source.path ? "/" : ""}${folder}/${TOOL_FILE_NAME}`;
  }

  private async readTree(commit: string, deadline: Deadline): Promise<RemoteState> {
    const entries = await this.repository.toolTree(commit, this.options.source.path, deadline);
    const discovery = await discoverRemoteToolFiles(entries, async (link) => (await this.blob(link, commit, deadline)).toString("utf8"));
    return {
      format: STATE_FORMAT,
      root: this.root,
      server: this.repository.server,
      commit,
      readAt: new Date().toISOString(),
      files: discovery.files,
      escaped: discovery.escaped,
    };
  }

  /** A blob from the cache, else from Forgejo (then cached). */
  private async blob(file: Pick<RemoteToolFile, "sha" | "size" | "path">, commit: string, deadline: Deadline): Promise<Buffer> {
    const cached = this.cachedBlob(file.sha);
    if (cached) return cached;
    const { path } = this.options.source;
    const bytes = await this.repository.blob(file, path ? `${path}/${file.path}` : file.path, commit, deadline);
    this.store.write(file.sha, bytes);
    return bytes;
  }

  /**
   * The index of a state: each file's meaning from the cache when its path
   * and sha are known there, else linted from its blob. `deadline` absent:
   * offline, from the cache alone (a file it cannot read is listed as such).
   */
  private async build(state: RemoteState, deadline?: Deadline) {
    if (this.persisted && !this.loaded) {
      this.persisted.load();
      this.loaded = true;
    }
    const counts = { read: 0, parsed: 0 };
    const loaded: LoadedFile[] = [];
    for (const file of state.files) {
      const path = this.shownPath(file.folder);
      const entry = await this.entryOf(file, path, state.commit, counts, deadline);
      loaded.push({ path, folder: file.folder, entry, load: () => this.runnable(file.sha, path) });
    }
    const { tools, invalid } = registerFiles(loaded, this.escapedOf(state));
    let cacheError: string | undefined;
    if (this.persisted) {
      this.persisted.retain(new Set(loaded.map((f) => f.path)));
      try {
        this.persisted.save(Date.now());
      } catch (error) {
        cacheError = `could not write the tool index ${this.persisted.file}: ${(error as Error).message}`;
      }
    }
    return {
      tools,
      invalid,
      stats: { files: state.files.length, ...counts, ...(this.persisted ? { cacheFile: this.persisted.file } : {}), ...(cacheError ? { cacheError } : {}) },
    };
  }

  /**
   * A file's meaning: the cached one when its path and sha are known and, for
   * a registered tool (a call will read it), its blob is in the cache; else
   * linted from its blob, fetched when the cache lacks it.
   */
  private async entryOf(
    file: RemoteToolFile,
    path: string,
    commit: string,
    counts: { read: number; parsed: number },
    deadline?: Deadline,
  ): Promise<CacheEntry> {
    // The tree gives each blob's size: a file over the limit is never downloaded, as a local one is never read.
    if (file.size > MAX_TOOL_FILE_BYTES) return refusedEntry(file, tooLarge(path, file.size));
    const known = this.persisted?.byHash(path, file.sha);
    let bytes = this.cachedBlob(file.sha);
    if (known && (known.name === undefined || bytes)) return known;
    if (!bytes) {
      if (!deadline) {
        return refusedEntry(file, {
          rule: "unreadable",
          message: `${path} cannot be read: its blob ${file.sha} is not in the cache, and Forgejo cannot be read`,
        });
      }
      counts.read++;
      bytes = await this.blob(file, commit, deadline);
    }
    if (known) return known;
    counts.parsed++;
    const entry = { size: file.size, mtimeMs: 0, hash: file.sha, ...loadMeaning(bytes.toString("utf8"), path) };
    this.persisted?.set(path, entry);
    return entry;
  }

  /** A blob from the cache; one whose file no longer matches its sha counts as absent (it is fetched again and replaced). */
  private cachedBlob(sha: string): Buffer | undefined {
    try {
      return this.store.read(sha);
    } catch (error) {
      if (error instanceof ToolSourceError) return undefined;
      throw error;
    }
  }

  private escapedOf(state: RemoteState): EscapedFolder[] {
    return state.escaped.map((e) => ({ ...e, path: this.shownPath(e.folder) }));
  }

  /** What a call runs: the blob the index names, from the cache, checked against its sha, parsed again. */
  private runnable(sha: string, path: string): ToolModel {
    const { model, diagnostics } = loadTool(this.blobText(sha), { path });
    if (!model) throw new ToolSourceError(`${path} (blob ${sha}) no longer lints clean: ${diagnostics.find((d) => d.severity === "error")?.message}`);
    return model;
  }

  private blobText(sha: string): string {
    const bytes = this.store.read(sha);
    if (!bytes) throw new ToolSourceError(`the blob ${sha} is not in the registry's cache any more; scan the repository again`);
    return bytes.toString("utf8");
  }

  /** The last good index from the cache folder, built without Forgejo. */
  private async offline(): Promise<ToolIndex | undefined> {
    const state = this.keptState();
    if (!state) return undefined;
    const built = await this.build(state);
    return createToolIndex(this.root, built.tools, built.invalid, { ...built.stats, durationMs: 0, requests: 0 }, origin(state));
  }

  private keptState(): RemoteState | undefined {
    if (!this.stateFile) return undefined;
    try {
      const state = JSON.parse(readFileSync(this.stateFile, "utf8")) as RemoteState;
      return state.format === STATE_FORMAT && state.root === this.root && state.server === this.repository.server ? state : undefined;
    } catch {
      return undefined; // none kept yet, or unreadable: the next read from Forgejo writes it again
    }
  }

  /** Writes the state for the next process; why it could not, if it could not (the scan itself succeeded). */
  private keep(state: RemoteState): string | undefined {
    if (!this.stateFile) return undefined;
    const temp = `${this.stateFile}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.stateFile), { recursive: true });
      writeFileSync(temp, JSON.stringify(state));
      renameSync(temp, this.stateFile);
      return undefined;
    } catch (error) {
      return `could not keep the index of ${this.root} in ${this.stateFile}: ${(error as Error).message}`;
    }
  }
}

function origin(state: RemoteState): IndexOrigin {
  return { commit: state.commit, readAt: state.readAt };
}

/** The index entry of a file that is listed and not loaded, with the one finding that says why. */
function refusedEntry(file: RemoteToolFile, problem: { readonly rule: string; readonly message: string }): CacheEntry {
  return { size: file.size, mtimeMs: 0, hash: file.sha, meaning: StoredMeaning.of({ diagnostics: [registryDiagnostic(problem.rule, problem.message)] }) };
}
