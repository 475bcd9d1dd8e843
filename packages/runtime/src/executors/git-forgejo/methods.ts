/**
 * git-forgejo's methods: each catalogue method (@hdlp/parser's
 * catalogue/executors.ts, the one list of names and params) mapped to the
 * Forgejo API calls it makes, with the paths, query and bodies of Forgejo's
 * published OpenAPI document, relative to `{url}/api/v1`. Every value that
 * goes into a path or a query passes http/url.ts's checks; a value Forgejo
 * reads as a number or a flag is checked to be one before anything is sent.
 */
import type { ForgejoMethodName } from "@hdlp/parser";
import { InvalidCallError } from "../executor.ts";
import { filePath, pathSegment, queryValue } from "../http/url.ts";
import { type ForgejoRequest, repoPath } from "./api.ts";

export type Params = Readonly<Record<string, unknown>>;

export interface ForgejoMethod {
  /** Whether the method works on a repository (the `repo` param or the config's default). */
  readonly onRepo: boolean;
  /** The call that does the work and whose answer is the output; `repo` is `owner/name` ("" for methods without one). */
  request(params: Params, repo: string): ForgejoRequest;
  /** How the answer becomes output: the body as it came, or (repo.contents) a file decoded to text and a folder's listing as it came. */
  readonly output: "body" | "contents";
  /** Calls sent first, in order, each of which must succeed (issue.edit's labels). */
  before?(params: Params, repo: string): readonly ForgejoRequest[];
  /** file.update and file.delete without `sha`: the file is read first with this request, and its current sha sent. */
  currentFile?(params: Params, repo: string): ForgejoRequest | undefined;
  /** repo.contents: the same file as raw bytes at `ref`, read when its base64 answer is too large to keep or Forgejo left the content out. */
  rawFile?(params: Params, repo: string, ref: string | undefined): ForgejoRequest;
}

const base64 = (text: unknown) => Buffer.from(String(text), "utf8").toString("base64");
const contentsPath = (p: Params, repo: string) => {
  const path = filePath(p["path"] ?? "", "path");
  return path === "" ? `${repoPath(repo)}/contents` : `${repoPath(repo)}/contents/${path}`;
};
const requiredFilePath = (p: Params, repo: string) => {
  const path = filePath(p["path"], "path");
  if (path === "") throw new InvalidCallError("path names no file (it is empty or only slashes)", "path");
  return `${repoPath(repo)}/contents/${path}`;
};

/** A param Forgejo reads as an integer: a whole number, or the digits of one. */
function wholeNumber(p: Params, name: string, least = 0): number | undefined {
  const value = p[name];
  if (value === undefined) return undefined;
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < least) {
    throw new InvalidCallError(`${name} must be a whole number${least > 0 ? ` from ${least}` : ""}, not ${JSON.stringify(value)}`, name);
  }
  return number;
}

const issueIndex = (p: Params) => {
  if (p["index"] === undefined) throw new InvalidCallError("index is required: the issue or pull request number", "index");
  return pathSegment(wholeNumber(p, "index", 1), "index");
};

/** A param Forgejo reads as a boolean. */
function flag(p: Params, name: string): boolean | undefined {
  const value = p[name];
  if (value === undefined || typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  throw new InvalidCallError(`${name} must be true or false, not ${JSON.stringify(value)}`, name);
}

/** A list param: a list as given, or a text split at its commas (`bug, urgent`). */
function listParam(p: Params, name: string): unknown[] | undefined {
  const value = p[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  return String(value)
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** `base...head`: Forgejo splits the segment at `...` (or `..`), which git forbids in ref names anyway. */
function compareSegment(p: Params, name: "base" | "head"): string {
  const ref = String(p[name] ?? "");
  if (ref.includes(".."))
    throw new InvalidCallError(`${name} ${JSON.stringify(ref)} holds \`..\`: git refuses it in a ref name, and Forgejo splits base...head there`, name);
  return pathSegment(ref, name);
}

const paging = (p: Params) => ({ page: wholeNumber(p, "page", 1), limit: wholeNumber(p, "limit", 1) });

const onRepo = (request: ForgejoMethod["request"]): ForgejoMethod => ({ onRepo: true, output: "body", request });

/** The file write methods' common body: where to commit. */
const commitTarget = (p: Params) => ({ message: p["message"], branch: p["branch"], new_branch: p["new_branch"] });

/** Without an expected `sha`, the file's current one is read from the branch the change is based on. */
const currentFileUnlessSha = (p: Params, repo: string): ForgejoRequest | undefined =>
  p["sha"] === undefined ? { method: "GET", path: requiredFilePath(p, repo), query: { ref: queryValue(p["branch"], "branch") } } : undefined;

export const FORGEJO_METHODS: Readonly<Record<ForgejoMethodName, ForgejoMethod>> = {
  "repo.get": onRepo((_, repo) => ({ method: "GET", path: repoPath(repo) })),
  "repo.create": {
    onRepo: false,
    output: "body",
    request: (p) => ({
      method: "POST",
      path: "/user/repos",
      body: { name: p["name"], description: p["description"], private: flag(p, "private"), auto_init: flag(p, "auto_init") },
    }),
  },
  "repo.list": { onRepo: false, output: "body", request: (p) => ({ method: "GET", path: "/user/repos", query: paging(p) }) },
  "repo.search": {
    onRepo: false,
    output: "body",
    request: (p) => ({ method: "GET", path: "/repos/search", query: { q: queryValue(p["q"], "q"), ...paging(p) } }),
  },
  "repo.branches": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/branches`, query: paging(p) })),
  "repo.commits": onRepo((p, repo) => ({
    method: "GET",
    path: `${repoPath(repo)}/commits`,
    query: {
      sha: queryValue(p["branch"], "branch"),
      path: queryValue(p["path"], "path"),
      ...paging(p),
      stat: flag(p, "stat"),
      verification: flag(p, "verification"),
      files: flag(p, "files"),
    },
  })),
  "repo.compare": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/compare/${compareSegment(p, "base")}...${compareSegment(p, "head")}` })),
  "repo.contents": {
    ...onRepo((p, repo) => ({ method: "GET", path: contentsPath(p, repo), query: { ref: queryValue(p["ref"], "ref") } })),
    output: "contents",
    rawFile: (p, repo, ref) => ({ method: "GET", path: `${repoPath(repo)}/raw/${filePath(p["path"], "path")}`, query: { ref } }),
  },
  "branch.create": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/branches`,
    body: { new_branch_name: p["branch"], old_ref_name: p["from"] },
  })),
  "file.create": onRepo((p, repo) => ({ method: "POST", path: requiredFilePath(p, repo), body: { content: base64(p["content"]), ...commitTarget(p) } })),
  "file.update": {
    ...onRepo((p, repo) => ({ method: "PUT", path: requiredFilePath(p, repo), body: { content: base64(p["content"]), sha: p["sha"], ...commitTarget(p) } })),
    currentFile: currentFileUnlessSha,
  },
  "file.delete": {
    ...onRepo((p, repo) => ({ method: "DELETE", path: requiredFilePath(p, repo), body: { sha: p["sha"], ...commitTarget(p) } })),
    currentFile: currentFileUnlessSha,
  },
  "issue.list": onRepo((p, repo) => ({
    method: "GET",
    path: `${repoPath(repo)}/issues`,
    // Forgejo lists pull requests among issues unless asked not to; it reads `labels` as one comma-separated value.
    query: { state: queryValue(p["state"], "state"), labels: queryValue(listParam(p, "labels"), "labels"), ...paging(p), type: "issues" },
    lists: { labels: "csv" },
  })),
  "issue.get": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/issues/${issueIndex(p)}` })),
  "issue.create": onRepo((p, repo) => ({ method: "POST", path: `${repoPath(repo)}/issues`, body: { title: p["title"], body: p["body"] } })),
  "issue.edit": {
    // The labels first: the edit's answer, the output, is then the issue as it ends up.
    ...onRepo((p, repo) => {
      if (["title", "body", "state", "labels", "assignees"].every((name) => p[name] === undefined)) {
        throw new InvalidCallError("issue.edit changes nothing: give at least one of title, body, state, labels, assignees");
      }
      return {
        method: "PATCH",
        path: `${repoPath(repo)}/issues/${issueIndex(p)}`,
        body: { title: p["title"], body: p["body"], state: p["state"], assignees: listParam(p, "assignees") },
      };
    }),
    before: (p, repo) => {
      const labels = listParam(p, "labels");
      return labels === undefined ? [] : [{ method: "PUT", path: `${repoPath(repo)}/issues/${issueIndex(p)}/labels`, body: { labels } }];
    },
  },
  "issue.comment": onRepo((p, repo) => ({ method: "POST", path: `${repoPath(repo)}/issues/${issueIndex(p)}/comments`, body: { body: p["body"] } })),
  "issue.comments": onRepo((p, repo) => ({
    method: "GET",
    path: `${repoPath(repo)}/issues/${issueIndex(p)}/comments`,
    query: { since: queryValue(p["since"], "since") },
  })),
  "pull.list": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/pulls`, query: { state: queryValue(p["state"], "state"), ...paging(p) } })),
  "pull.get": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/pulls/${issueIndex(p)}` })),
  "pull.create": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/pulls`,
    body: { title: p["title"], head: p["head"], base: p["base"], body: p["body"] },
  })),
  "pull.merge": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/pulls/${issueIndex(p)}/merge`,
    // MergePullRequestOption: `Do` is the merge style; the message goes in MergeMessageField.
    body: { Do: p["style"] ?? "merge", MergeMessageField: p["message"] },
  })),
  "release.list": onRepo((p, repo) => ({ method: "GET", path: `${repoPath(repo)}/releases`, query: paging(p) })),
  "release.create": onRepo((p, repo) => ({
    method: "POST",
    path: `${repoPath(repo)}/releases`,
    body: {
      tag_name: p["tag_name"],
      name: p["name"],
      body: p["body"],
      target_commitish: p["target"],
      draft: flag(p, "draft"),
      prerelease: flag(p, "prerelease"),
    },
  })),
};

/** The method a tool names, when git-forgejo has it (own keys only: `constructor` is not a method). */
export function forgejoMethod(name: string): ForgejoMethod | undefined {
  return Object.hasOwn(FORGEJO_METHODS, name) ? FORGEJO_METHODS[name as ForgejoMethodName] : undefined;
}
