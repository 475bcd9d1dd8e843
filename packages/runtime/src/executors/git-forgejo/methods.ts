/**
 * git-forgejo's methods: each catalogue method (@hdlp/parser's
 * catalogue/executors.ts, the one list of names and params) mapped to the
 * Forgejo API call it makes, with the paths and shapes of Forgejo's (and
 * Gitea's) published swagger, relative to `{url}/api/v1`.
 */
import type { ForgejoMethodName, HttpVerb } from "@hdlp/parser";
import { filePath, segment } from "../http/url.ts";

export type Params = Readonly<Record<string, unknown>>;

export interface ForgejoRequest {
  readonly method: HttpVerb;
  /** Under /api/v1, already encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  /** Sent as JSON; undefined members are left out. */
  readonly body?: Readonly<Record<string, unknown>>;
}

export interface ForgejoMethod {
  /** The call that does the work; `repo` is `owner/name` ("" for methods without one). */
  request(params: Params, repo: string): ForgejoRequest;
  /** Whether the method works on a repository (the `repo` param or the config's default). */
  readonly onRepo: boolean;
  /** How the answer becomes output: the body as it came, or a file's content decoded to text. */
  readonly output: "body" | "file-text";
  /** file.update: the current sha is read with this request first (Forgejo refuses an update without it). */
  currentFile?(params: Params, repo: string): ForgejoRequest;
  /** repo.contents: the same file as raw bytes, read when its base64 answer is too large to keep whole. */
  rawFile?(params: Params, repo: string): ForgejoRequest;
}

/** A repository as git-forgejo names it: `owner/name`. */
export const REPO_NAME = /^[^/\s]+\/[^/\s]+$/;

/** `/repos/{owner}/{repo}`, each part encoded. */
export function repoPath(repo: string): string {
  const [owner = "", name = ""] = repo.split("/");
  return `/repos/${segment(owner)}/${segment(name)}`;
}

const base64 = (text: unknown) => Buffer.from(String(text), "utf8").toString("base64");
const contentsPath = (p: Params, repo: string) => `${repoPath(repo)}/contents/${filePath(String(p["path"]))}`;

const onRepo = (request: (p: Params, repo: string) => ForgejoRequest, output: ForgejoMethod["output"] = "body"): ForgejoMethod => ({ request, onRepo: true, output });

export const FORGEJO_METHODS: Readonly<Record<ForgejoMethodName, ForgejoMethod>> = {
  "repo.get": onRepo((_, repo) => ({ method: "GET", path: repoPath(repo) })),
  "repo.create": {
    onRepo: false,
    output: "body",
    request: (p) => ({ method: "POST", path: "/user/repos", body: { name: p["name"], description: p["description"], private: p["private"], auto_init: p["auto_init"] } }),
  },
  "repo.branches": onRepo((_, repo) => ({ method: "GET", path: `${repoPath(repo)}/branches` })),
  "repo.commits": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/commits`, query: { sha: p["branch"], path: p["path"], limit: p["limit"] } })),
  "repo.compare": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/compare/${segment(p["base"])}...${segment(p["head"])}` })),
  "repo.contents": {
    ...onRepo((p, repo) => ({ method: "GET", path: contentsPath(p, repo), query: { ref: p["ref"] } }), "file-text"),
    rawFile: (p, repo) => ({ method: "GET", path: `${repoPath(repo)}/raw/${filePath(String(p["path"]))}`, query: { ref: p["ref"] } }),
  },
  "file.create": onRepo((p, repo) => ({
    method: "POST",
    path: contentsPath(p, repo),
    body: { content: base64(p["content"]), message: p["message"], branch: p["branch"] },
  })),
  "file.update": {
    ...onRepo((p, repo) => ({
      method: "PUT",
      path: contentsPath(p, repo),
      body: { content: base64(p["content"]), message: p["message"], branch: p["branch"] },
    })),
    currentFile: (p, repo) => ({ method: "GET", path: contentsPath(p, repo), query: { ref: p["branch"] } }),
  },
  "issue.list": onRepo((p, repo) => ({
    method: "GET",
    path: `${repoPath(repo)}/issues`,
    // Forgejo lists pull requests among issues unless asked not to.
    query: { state: p["state"], labels: p["labels"], limit: p["limit"], type: "issues" },
  })),
  "issue.create": onRepo((p, repo) => ({ method: "POST", path: `${repoPath(repo)}/issues`, body: { title: p["title"], body: p["body"] } })),
  "issue.comment": onRepo((p, repo) => ({ method: "POST", path: `${repoPath(repo)}/issues/${segment(p["index"])}/comments`, body: { body: p["body"] } })),
  "pull.create": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/pulls`,
    body: { title: p["title"], head: p["head"], base: p["base"], body: p["body"] },
  })),
  "pull.merge": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/pulls/${segment(p["index"])}/merge`,
    // MergePullRequestOption: `Do` is the merge style; the message goes in MergeMessageField.
    body: { Do: p["style"] ?? "merge", MergeMessageField: p["message"] },
  })),
  "release.create": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/releases`,
    body: { tag_name: p["tag_name"], name: p["name"], body: p["body"], target_commitish: p["target"], draft: p["draft"], prerelease: p["prerelease"] },
  })),
};

/** The method a tool names, when git-forgejo has it (own keys only: `constructor` is not a method). */
export function forgejoMethod(name: string): ForgejoMethod | undefined {
  return Object.hasOwn(FORGEJO_METHODS, name) ? FORGEJO_METHODS[name as ForgejoMethodName] : undefined;
}
