/**
 * What the registry reads of a Forgejo repository, through its API
 * (executors/git-forgejo/api.ts): the commit a ref points at (one small
 * request, the one watch mode repeats), the tree under the tools path at that
 * commit, recursively and page by page, and blobs by their sha.
 */
import type { Endpoint } from "../../executors/executor.ts";
import { CappedBytes } from "../../executors/common/capped-bytes.ts";
import type { Deadline } from "../../executors/http/deadline.ts";
import { isSuccess } from "../../executors/http/remote.ts";
import { filePath, pathSegment } from "../../executors/http/url.ts";
import { ForgejoClient, type ForgejoRequest, repoPath } from "../../executors/git-forgejo/api.ts";
import { isBlob, OBJECT_ID } from "../../executors/git-forgejo/git-object.ts";

/** The server could not be read (down, refused, an error status, an answer not as documented): the message names it. */
export class RegistryReadError extends Error {
  override readonly name = "RegistryReadError";
}

/** An entry of a git tree, as Forgejo's GitEntry gives it. */
export interface TreeEntry {
  /** Relative to the tree listed. */
  readonly path: string;
  /** `100644`, `100755` (files), `120000` (a symbolic link), `040000` (a tree), `160000` (a submodule). */
  readonly mode: string;
  readonly type: "blob" | "tree" | "commit";
  readonly sha: string;
  readonly size: number;
}

export const SYMLINK_MODE = "120000";

/** A tree's answer holds its entries' metadata, a few hundred bytes each. */
const TREE_PAGE_LIMIT = 16 * 1024 * 1024;
const SMALL_ANSWER_LIMIT = 1024 * 1024;

export class ForgejoRepository {
  private readonly client: ForgejoClient;
  /** HTTP requests sent, for the scan's stats. */
  requests = 0;

  constructor(
    endpoint: Endpoint,
    private readonly repo: string,
  ) {
    this.client = new ForgejoClient(endpoint);
  }

  /** The server's URL, as errors name it. */
  get server(): string {
    return this.client.access.base;
  }

  /** The commit `ref` points at (the default branch when absent). */
  async headCommit(ref: string | undefined, deadline: Deadline): Promise<string> {
    // The lightest list Forgejo has: one commit, without the stats, verification and files it computes by default.
    const request: ForgejoRequest = {
      method: "GET",
      path: `${repoPath(this.repo)}/commits`,
      query: { sha: ref, limit: 1, stat: false, verification: false, files: false },
    };
    const commits = await this.json(request, SMALL_ANSWER_LIMIT, deadline);
    const sha = Array.isArray(commits) ? (commits[0] as { sha?: unknown } | undefined)?.sha : undefined;
    if (typeof sha !== "string" || !OBJECT_ID.test(sha))
      throw this.unexpected(request, `no commit for ${ref === undefined ? "the default branch" : `the ref ${JSON.stringify(ref)}`}`);
    return sha;
  }

  /**
   * The entries under `path` at `commit`, recursively. The tree of `path` is
   * found one folder at a time from the commit's root, then listed whole.
   * Every listing follows its pages: Forgejo marks each page `truncated` when
   * the tree is larger than a page, so the pages end when every entry of
   * `total_count` has come, or a page comes empty.
   */
  async toolTree(commit: string, path: string, deadline: Deadline): Promise<TreeEntry[]> {
    let tree = commit;
    let walked = "";
    for (const name of path === "" ? [] : path.split("/")) {
      const entries = await this.tree(tree, false, deadline);
      const folder = entries.find((e) => e.path === name);
      walked = walked ? `${walked}/${name}` : name;
      if (folder?.type !== "tree")
        throw new RegistryReadError(`the repository ${this.repo} has no folder \`${walked}\` at commit ${commit}${folder ? ` (it is a ${folder.type})` : ""}`);
      tree = folder.sha;
    }
    return this.tree(tree, true, deadline);
  }

  private async tree(sha: string, recursive: boolean, deadline: Deadline): Promise<TreeEntry[]> {
    const entries: TreeEntry[] = [];
    for (let page = 1; ; page++) {
      const request: ForgejoRequest = {
        method: "GET",
        path: `${repoPath(this.repo)}/git/trees/${pathSegment(sha, "sha")}`,
        query: { recursive: recursive || undefined, page },
      };
      const answer = (await this.json(request, TREE_PAGE_LIMIT, deadline)) as { tree?: unknown; truncated?: unknown; total_count?: unknown } | null;
      if (typeof answer !== "object" || answer === null) throw this.unexpected(request, "not a git tree");
      const listed = answer.tree === null || answer.tree === undefined ? [] : answer.tree;
      if (!Array.isArray(listed) || !listed.every(isTreeEntry)) throw this.unexpected(request, "its `tree` is not a list of git entries");
      entries.push(...listed);
      const total = typeof answer.total_count === "number" ? answer.total_count : undefined;
      if (answer.truncated !== true || listed.length === 0 || (total !== undefined && entries.length >= total)) return entries;
    }
  }

  /**
   * A blob's bytes, checked against its sha. Forgejo leaves the content out
   * of a blob over its limit (10 MiB by default): then it is read raw, by its
   * path at the commit, and checked the same way.
   */
  async blob(entry: Pick<TreeEntry, "sha" | "size">, rawPath: string, commit: string, deadline: Deadline): Promise<Buffer> {
    const request: ForgejoRequest = { method: "GET", path: `${repoPath(this.repo)}/git/blobs/${pathSegment(entry.sha, "sha")}` };
    const answer = (await this.json(request, Math.ceil(entry.size / 3) * 4 + SMALL_ANSWER_LIMIT, deadline)) as { content?: unknown; size?: unknown } | null;
    const content = answer?.content;
    if (typeof content !== "string") throw this.unexpected(request, "a blob without content");
    let bytes: Buffer = Buffer.from(content, "base64");
    let from = request;
    if (content === "" && entry.size > 0) {
      from = { method: "GET", path: `${repoPath(this.repo)}/raw/${filePath(rawPath, "path")}`, query: { ref: commit } };
      bytes = await this.bytes(from, entry.size, deadline);
    }
    if (!isBlob(bytes, entry.sha))
      throw new RegistryReadError(`Forgejo's answer to GET ${this.client.url(from)} is not the blob ${entry.sha} (${bytes.length} bytes)`);
    return bytes;
  }

  private async bytes(request: ForgejoRequest, limit: number, deadline: Deadline): Promise<Buffer> {
    const body = new CappedBytes(limit);
    this.requests++;
    const outcome = await this.client.send(request, body, deadline);
    if (outcome.kind === "failed") throw new RegistryReadError(outcome.error);
    if (!isSuccess(outcome)) throw new RegistryReadError(this.client.failure(request, outcome).error!);
    if (outcome.truncated) throw this.unexpected(request, `an answer larger than ${limit} bytes`);
    return body.bytes();
  }

  private async json(request: ForgejoRequest, limit: number, deadline: Deadline): Promise<unknown> {
    const bytes = await this.bytes(request, limit, deadline);
    try {
      return JSON.parse(bytes.toString("utf8"));
    } catch {
      throw this.unexpected(request, "not JSON");
    }
  }

  private unexpected(request: ForgejoRequest, what: string): RegistryReadError {
    return new RegistryReadError(`Forgejo answered ${request.method} ${this.client.url(request)} with ${what}`);
  }
}

function isTreeEntry(value: unknown): value is TreeEntry {
  const entry = value as Record<string, unknown>;
  if (typeof entry !== "object" || entry === null) return false;
  return (
    typeof entry["path"] === "string" &&
    typeof entry["sha"] === "string" &&
    typeof entry["mode"] === "string" &&
    typeof entry["type"] === "string" &&
    typeof entry["size"] === "number"
  );
}
