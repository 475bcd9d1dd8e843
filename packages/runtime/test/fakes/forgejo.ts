/**
 * A Forgejo built to its published OpenAPI document, over an in-memory git
 * store; a real Forgejo cannot run here. Every request is first checked
 * against the operations vendored in forgejo-openapi/ (path, verb, query,
 * body): one that does not fit is answered 400 and recorded in `violations`,
 * which the tests assert empty. Then it is answered as Forgejo answers it:
 * `Authorization: token <token>` required (or Basic, the user with the token
 * as password, which Forgejo accepts too), errors as `{message, url}` with
 * Forgejo's statuses, lists paged with `X-Total-Count` and `Link` (commits
 * also `X-HasMore`), page size 30 unless `limit` (at most 50), a file's
 * content left out ("") over the blob limit (10 MiB unless set), git trees
 * paged by `per_page` with `truncated` set on every page of a tree larger
 * than one page (Forgejo's services/repository/files/tree.go does so).
 *
 * Commits are snapshots of the whole file map; a branch is its newest
 * commit's history. Repositories created through the API belong to `user`.
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { checkRequest, FORGEJO_OPENAPI } from "./forgejo-openapi/openapi.ts";
import { bearer, type RecordedRequest, type RunningServer, sendJson, startServer } from "./server.ts";

interface FileEntry {
  readonly content: string;
  /** A symbolic link (mode 120000), whose content is its target. */
  readonly link?: boolean;
}

type Snapshot = ReadonlyMap<string, FileEntry>;

interface Commit {
  readonly sha: string;
  readonly message: string;
  readonly files: readonly string[];
  readonly snapshot: Snapshot;
  readonly parent?: Commit;
}

interface Issue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  labels: string[];
  assignees: string[];
  comments: { id: number; body: string }[];
  pull?: { head: string; base: string; merged: boolean };
}

interface Release {
  id: number;
  tag_name: string;
  name: string;
  body: string;
  target_commitish: string;
  draft: boolean;
  prerelease: boolean;
}

interface Repo {
  owner: string;
  name: string;
  description: string;
  private: boolean;
  /** Branch name → its newest commit (undefined: an empty repository's branch). */
  branches: Map<string, Commit | undefined>;
  tags: Map<string, Commit>;
  issues: Issue[];
  releases: Release[];
  labels: { id: number; name: string }[];
}

export interface ForgejoFakeOptions {
  readonly token: string;
  /** The token's owner: `POST /user/repos` creates under this name. */
  readonly user: string;
  /** Files over it are answered without content (Forgejo's API.DEFAULT_MAX_BLOB_SIZE, 10 MiB). */
  readonly maxBlobSize?: number;
  /** Entries of a git tree per page (Forgejo's API.DEFAULT_GIT_TREES_PER_PAGE, 1000). */
  readonly treePageSize?: number;
}

export interface ForgejoFake extends RunningServer {
  /** Adds a repository with a `main` branch holding these files (a string is a file, `{link}` a symbolic link). */
  seed(owner: string, name: string, files?: Record<string, string | { link: string }>): void;
  /** Adds branch `name` to `repo`, at `from`'s head. */
  branch(repo: string, name: string, from?: string): void;
  /** Commits to a branch (main by default): a string writes a file, null deletes it. Returns the commit's sha. */
  push(repo: string, changes: Record<string, string | { link: string } | null>, branch?: string): string;
  tag(repo: string, name: string, ref?: string): void;
  label(repo: string, name: string): number;
  file(repo: string, path: string, branch?: string): string | undefined;
  /** The sha of a branch's head. */
  head(repo: string, branch?: string): string | undefined;
  /** While on, every connection is closed without an answer (the server is down). */
  outage(on: boolean): void;
  /** Requests that do not fit the OpenAPI document: what was wrong with each. */
  readonly violations: string[];
}

/** `user:password` of a Basic Authorization header. */
function basic(request: RecordedRequest): string | undefined {
  const credentials = bearer(request, "Basic");
  return credentials === undefined ? undefined : Buffer.from(credentials, "base64").toString("utf8");
}

/** Git's blob id: what Forgejo reports as a file's sha. */
export const blobSha = (content: string): string =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(content)}\0`)
    .update(content)
    .digest("hex");

const DEFAULT_MAX_BLOB_SIZE = 10 * 1024 * 1024;
const DEFAULT_PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 50;

let commitCounter = 0;

export async function startForgejoFake(options: ForgejoFakeOptions): Promise<ForgejoFake> {
  const repos = new Map<string, Repo>();
  const violations: string[] = [];
  const trees = new Map<string, { snapshot: Snapshot; prefix: string }>();
  const blobs = new Map<string, string>();
  let down = false;
  const maxBlobSize = options.maxBlobSize ?? DEFAULT_MAX_BLOB_SIZE;

  const commit = (message: string, files: string[], snapshot: Snapshot, parent?: Commit): Commit => {
    for (const entry of snapshot.values()) blobs.set(blobSha(entry.content), entry.content);
    const sha = createHash("sha1").update(`commit ${++commitCounter} ${message}`).digest("hex");
    return { sha, message, files, snapshot, ...(parent ? { parent } : {}) };
  };
  const entryOf = (value: string | { link: string }): FileEntry => (typeof value === "string" ? { content: value } : { content: value.link, link: true });
  const change = (repo: Repo, branch: string, changes: Record<string, FileEntry | null>, message: string): Commit => {
    const parent = repo.branches.get(branch);
    const snapshot = new Map(parent?.snapshot ?? []);
    for (const [path, entry] of Object.entries(changes)) {
      if (entry === null) snapshot.delete(path);
      else snapshot.set(path, entry);
    }
    const next = commit(message, Object.keys(changes), snapshot, parent);
    repo.branches.set(branch, next);
    return next;
  };
  const createRepo = (owner: string, name: string, files: Record<string, FileEntry> | undefined, extra: Partial<Repo> = {}): Repo => {
    const repo: Repo = {
      owner,
      name,
      description: "",
      private: false,
      branches: new Map([["main", undefined]]),
      tags: new Map(),
      issues: [],
      releases: [],
      labels: [],
      ...extra,
    };
    if (files) change(repo, "main", files, "Initial commit");
    repos.set(`${owner}/${name}`, repo);
    return repo;
  };
  const repoOf = (full: string) => {
    const repo = repos.get(full);
    if (!repo) throw new Error(`the fake has no repository ${full}`);
    return repo;
  };

  const server = await startServer((request, res) => {
    if (down) return void res.socket?.destroy();
    const fail = (status: number, message: string) => sendJson(res, status, { message, url: "https://forgejo.example/api/swagger" });
    const { problems, operation } = checkRequest(FORGEJO_OPENAPI, request.method, request.url, request.headers, request.body);
    if (problems.length > 0 || !operation) {
      violations.push(...problems);
      return fail(400, `the request does not fit Forgejo's API: ${problems.join("; ")}`);
    }
    if (bearer(request, "token") !== options.token && basic(request) !== `${options.user}:${options.token}`) return fail(401, "token is required");
    const context: Context = {
      request,
      query: new URL(request.url, "http://fake").searchParams,
      res,
      fail,
      body: () => (request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {}),
    };
    const { operationId, params } = operation;
    if (operationId === "createCurrentUserRepo") {
      const { name, description, private: isPrivate, auto_init } = context.body();
      if (typeof name !== "string" || !name) return fail(422, "[Name]: Required");
      if (repos.has(`${options.user}/${name}`)) return fail(409, "The repository with the same name already exists.");
      const repo = createRepo(options.user, name, auto_init ? { "README.md": { content: `# ${name}\n` } } : undefined, {
        description: String(description ?? ""),
        private: isPrivate === true,
      });
      return sendJson(res, 201, repoJson(repo));
    }
    if (operationId === "userCurrentListRepos") return sendPage(context, [...repos.values()].filter((r) => r.owner === options.user).map(repoJson));
    if (operationId === "repoSearch") {
      const q = (context.query.get("q") ?? "").toLowerCase();
      const found = [...repos.values()].filter((r) => `${r.owner}/${r.name} ${r.description}`.toLowerCase().includes(q)).map(repoJson);
      return sendPage(context, found, (page) => ({ ok: true, data: page }));
    }
    const repo = repos.get(`${params["owner"]}/${params["repo"]}`);
    if (!repo) return fail(404, "The target couldn't be found.");
    return routeRepo(repo, operationId, params, context, { commit, change, trees, blobs, maxBlobSize, treePageSize: options.treePageSize ?? 1000 });
  });

  return {
    ...server,
    violations,
    seed: (owner, name, files = {}) => void createRepo(owner, name, Object.fromEntries(Object.entries(files).map(([path, value]) => [path, entryOf(value)]))),
    branch: (full, name, from = "main") => void repoOf(full).branches.set(name, repoOf(full).branches.get(from)),
    push: (full, changes, branch = "main") => {
      const entries = Object.fromEntries(Object.entries(changes).map(([path, value]) => [path, value === null ? null : entryOf(value)]));
      return change(repoOf(full), branch, entries, `Push ${Object.keys(changes).join(", ")}`).sha;
    },
    tag: (full, name, ref = "main") => void repoOf(full).tags.set(name, resolveRef(repoOf(full), ref)!),
    label: (full, name) => {
      const repo = repoOf(full);
      const id = repo.labels.length + 1;
      repo.labels.push({ id, name });
      return id;
    },
    file: (full, path, branch = "main") => repos.get(full)?.branches.get(branch)?.snapshot.get(path)?.content,
    head: (full, branch = "main") => repos.get(full)?.branches.get(branch)?.sha,
    outage: (on) => void (down = on),
  };
}

interface Context {
  readonly request: RecordedRequest;
  readonly query: URLSearchParams;
  readonly res: ServerResponse;
  readonly fail: (status: number, message: string) => void;
  readonly body: () => Record<string, unknown>;
}

interface Store {
  commit(message: string, files: string[], snapshot: Snapshot, parent?: Commit): Commit;
  change(repo: Repo, branch: string, changes: Record<string, FileEntry | null>, message: string): Commit;
  readonly trees: Map<string, { snapshot: Snapshot; prefix: string }>;
  readonly blobs: ReadonlyMap<string, string>;
  readonly maxBlobSize: number;
  readonly treePageSize: number;
}

/** A branch, a tag, or a commit sha (or a prefix of one, at least 7 digits); none: the default branch. */
function resolveRef(repo: Repo, ref: string | null | undefined): Commit | undefined {
  if (!ref) return repo.branches.get("main");
  if (repo.branches.has(ref)) return repo.branches.get(ref);
  if (repo.tags.has(ref)) return repo.tags.get(ref);
  if (!/^[0-9a-f]{7,64}$/.test(ref)) return undefined;
  for (const head of [...repo.branches.values(), ...repo.tags.values()]) {
    for (let c = head; c; c = c.parent) if (c.sha.startsWith(ref)) return c;
  }
  return undefined;
}

/** One page of `items` with Forgejo's paging headers (services/context/api.go's SetLinkHeader, SetTotalCountHeader). */
function sendPage<T>(
  context: Context,
  items: readonly T[],
  wrap: (page: readonly T[]) => unknown = (page) => page,
  extraHeaders: (page: number, pages: number) => Record<string, string> = () => ({}),
): void {
  const page = Math.max(1, Number(context.query.get("page") ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(context.query.get("limit") ?? DEFAULT_PAGE_SIZE)));
  const pages = Math.max(1, Math.ceil(items.length / limit));
  const link = (n: number, rel: string) => {
    const url = new URL(context.request.url, "https://forgejo.example");
    url.searchParams.set("page", String(n));
    return `<${url.href}>; rel="${rel}"`;
  };
  const links = [...(page < pages ? [link(page + 1, "next"), link(pages, "last")] : []), ...(page > 1 ? [link(1, "first"), link(page - 1, "prev")] : [])];
  const body = JSON.stringify(wrap(items.slice((page - 1) * limit, page * limit)));
  context.res.writeHead(200, {
    "content-type": "application/json",
    "x-total-count": String(items.length),
    ...(links.length ? { link: links.join(",") } : {}),
    ...extraHeaders(page, pages),
  });
  context.res.end(body);
}

function routeRepo(repo: Repo, operationId: string, params: Readonly<Record<string, string>>, context: Context, store: Store): void {
  const { query, res, fail } = context;
  const body = context.body;
  const at = (ref: string | null | undefined) => resolveRef(repo, ref);
  const issueAt = (index: string | undefined, pull?: boolean) =>
    repo.issues.find((i) => i.number === Number(index) && (pull === undefined || Boolean(i.pull) === pull));

  switch (operationId) {
    case "repoGet":
      return sendJson(res, 200, repoJson(repo));
    case "repoListBranches":
      return sendPage(
        context,
        [...repo.branches].map(([name, head]) => branchJson(name, head)),
      );
    case "repoCreateBranch": {
      const { new_branch_name: name, old_ref_name: from } = body();
      if (repo.branches.has(String(name))) return fail(409, `The branch ${String(name)} already exists.`);
      const start = at(typeof from === "string" ? from : null);
      if (!start) return fail(404, `The old branch ${String(from)} does not exist.`);
      repo.branches.set(String(name), start);
      return sendJson(res, 201, branchJson(String(name), start));
    }
    case "repoGetAllCommits": {
      const start = at(query.get("sha"));
      if (!start) return fail(404, `sha ${query.get("sha")} not found`);
      const path = query.get("path");
      const commits: Commit[] = [];
      for (let c: Commit | undefined = start; c; c = c.parent) if (!path || c.files.includes(path)) commits.push(c);
      const heavy = (name: string) => query.get(name) !== "false";
      const shown = commits.map((c) => commitJson(c, { stat: heavy("stat"), files: heavy("files"), verification: heavy("verification") }));
      return sendPage(context, shown, undefined, (page, pages) => ({ "x-hasmore": String(page < pages) }));
    }
    case "repoCompareDiff": {
      const [base = "", head = ""] = (params["basehead"] ?? "").split("...");
      const baseCommit = at(base);
      const headCommit = at(head);
      if (!baseCommit || !headCommit) return fail(404, `ref ${baseCommit ? head : base} not found`);
      const known = new Set<string>();
      for (let c: Commit | undefined = baseCommit; c; c = c.parent) known.add(c.sha);
      const commits: Commit[] = [];
      for (let c: Commit | undefined = headCommit; c && !known.has(c.sha); c = c.parent) commits.push(c);
      return sendJson(res, 200, {
        total_commits: commits.length,
        commits: commits.map((c) => commitJson(c, {})),
        files: [...new Set(commits.flatMap((c) => c.files))].map((filename) => ({ filename })),
      });
    }
    case "repoGetContentsList":
    case "repoGetContents": {
      const ref = query.get("ref");
      const commit = at(ref);
      if (!commit) return fail(404, `no commit found for the ref [ref: ${ref}]`);
      const path = params["filepath"] ?? "";
      const entry = commit.snapshot.get(path);
      if (entry) return sendJson(res, 200, contentsJson(path, entry, commit, store.maxBlobSize, true));
      const children = listTree(commit.snapshot, path, false);
      if (children.length === 0) return fail(404, "The target couldn't be found.");
      return sendJson(
        res,
        200,
        children.map((child) => {
          const full = path ? `${path}/${child.path}` : child.path;
          const file = commit.snapshot.get(full);
          return file
            ? contentsJson(full, file, commit, store.maxBlobSize, false)
            : { name: child.path, path: full, sha: child.sha, type: "dir", size: 0, content: null, encoding: null };
        }),
      );
    }
    case "repoGetRawFile": {
      const commit = at(query.get("ref"));
      const entry = commit?.snapshot.get(params["filepath"] ?? "");
      if (!entry) return fail(404, "The target couldn't be found.");
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(entry.content) });
      return void res.end(entry.content);
    }
    case "repoCreateFile":
    case "repoUpdateFile":
    case "repoDeleteFile":
      return writeFile(repo, operationId, params["filepath"] ?? "", context, store);
    case "GetTree": {
      const sha = params["sha"] ?? "";
      const commit = at(sha);
      const tree = commit ? { snapshot: commit.snapshot, prefix: "" } : store.trees.get(sha);
      if (!tree) return fail(400, `sha not found [${sha}]`);
      const entries = listTree(tree.snapshot, tree.prefix, query.get("recursive") === "true");
      for (const entry of entries)
        if (entry.type === "tree") store.trees.set(entry.sha, { snapshot: tree.snapshot, prefix: tree.prefix ? `${tree.prefix}/${entry.path}` : entry.path });
      const perPage = Math.min(store.treePageSize, Number(query.get("per_page") ?? store.treePageSize) || store.treePageSize);
      const page = Math.max(1, Number(query.get("page") ?? 1));
      const start = perPage * (page - 1);
      const answer = { sha: treeSha(tree.snapshot, tree.prefix), url: "", page, total_count: entries.length };
      if (start >= entries.length) return sendJson(res, 200, { ...answer, truncated: false, tree: null });
      return sendJson(res, 200, { ...answer, truncated: entries.length > perPage, tree: entries.slice(start, start + perPage) });
    }
    case "GetBlob": {
      const content = store.blobs.get(params["sha"] ?? "");
      if (content === undefined) return fail(404, "The target couldn't be found.");
      const size = Buffer.byteLength(content);
      return sendJson(res, 200, {
        sha: params["sha"],
        size,
        encoding: "base64",
        url: "",
        content: size <= store.maxBlobSize ? Buffer.from(content).toString("base64") : "",
      });
    }
    case "issueListIssues": {
      const state = query.get("state") ?? "open";
      const labels = (query.get("labels") ?? "").split(",").filter(Boolean);
      const type = query.get("type");
      const found = repo.issues.filter(
        (i) =>
          (state === "all" || i.state === state) &&
          (labels.length === 0 || labels.some((l) => i.labels.includes(l))) &&
          !(type === "issues" && i.pull) &&
          !(type === "pulls" && !i.pull),
      );
      return sendPage(context, found.map(issueJson));
    }
    case "issueCreateIssue": {
      const { title, body: text } = body();
      if (typeof title !== "string" || !title) return fail(422, "[Title]: Required");
      const issue: Issue = { number: repo.issues.length + 1, title, body: String(text ?? ""), state: "open", labels: [], assignees: [], comments: [] };
      repo.issues.push(issue);
      return sendJson(res, 201, issueJson(issue));
    }
    case "issueGetIssue": {
      const issue = issueAt(params["index"]);
      return issue ? sendJson(res, 200, issueJson(issue)) : fail(404, "The target couldn't be found.");
    }
    case "issueEditIssue": {
      const issue = issueAt(params["index"]);
      if (!issue) return fail(404, "The target couldn't be found.");
      const { title, body: text, state, assignees } = body();
      if (typeof title === "string") issue.title = title;
      if (typeof text === "string") issue.body = text;
      if (state === "open" || state === "closed") issue.state = state;
      if (Array.isArray(assignees)) issue.assignees = assignees.map(String);
      return sendJson(res, 201, issueJson(issue));
    }
    case "issueReplaceLabels": {
      const issue = issueAt(params["index"]);
      if (!issue) return fail(404, "The target couldn't be found.");
      const wanted = (body()["labels"] as unknown[]) ?? [];
      // As Forgejo does: names and ids the repository does not have are left out.
      const labels = repo.labels.filter((l) => wanted.includes(l.name) || wanted.includes(l.id));
      issue.labels = labels.map((l) => l.name);
      return sendJson(res, 200, labels);
    }
    case "issueGetComments": {
      const issue = issueAt(params["index"]);
      if (!issue) return fail(404, "The target couldn't be found.");
      res.writeHead(200, { "content-type": "application/json", "x-total-count": String(issue.comments.length) });
      return void res.end(JSON.stringify(issue.comments));
    }
    case "issueCreateComment": {
      const issue = issueAt(params["index"]);
      if (!issue) return fail(404, "The target couldn't be found.");
      const comment = { id: issue.comments.length + 1, body: String(body()["body"] ?? "") };
      issue.comments.push(comment);
      return sendJson(res, 201, comment);
    }
    case "repoListPullRequests": {
      const state = query.get("state") ?? "open";
      return sendPage(context, repo.issues.filter((i) => i.pull && (state === "all" || i.state === state)).map(pullJson));
    }
    case "repoGetPullRequest": {
      const pull = issueAt(params["index"], true);
      return pull ? sendJson(res, 200, pullJson(pull)) : fail(404, "The target couldn't be found.");
    }
    case "repoCreatePullRequest": {
      const { title, head, base, body: text } = body();
      if (!repo.branches.has(String(head)) || !repo.branches.has(String(base))) return fail(404, "The target couldn't be found.");
      const pull: Issue = {
        number: repo.issues.length + 1,
        title: String(title),
        body: String(text ?? ""),
        state: "open",
        labels: [],
        assignees: [],
        comments: [],
        pull: { head: String(head), base: String(base), merged: false },
      };
      repo.issues.push(pull);
      return sendJson(res, 201, pullJson(pull));
    }
    case "repoMergePullRequest": {
      const pull = issueAt(params["index"], true);
      if (!pull?.pull) return fail(404, "The target couldn't be found.");
      if (pull.pull.merged) return fail(405, "The PR is already merged");
      const head = repo.branches.get(pull.pull.head)!;
      const changes = Object.fromEntries(head.snapshot);
      store.change(repo, pull.pull.base, changes, String(body()["MergeMessageField"] ?? `Merge pull request #${pull.number}`));
      pull.pull.merged = true;
      pull.state = "closed";
      return void res.writeHead(200).end();
    }
    case "repoListReleases":
      return sendPage(context, repo.releases);
    case "repoCreateRelease": {
      const { tag_name, name, body: text, target_commitish, draft, prerelease } = body();
      if (typeof tag_name !== "string" || !tag_name) return fail(422, "[TagName]: Required");
      if (repo.releases.some((r) => r.tag_name === tag_name)) return fail(409, `Release is has no Tag [tag_name: ${tag_name}] already exists`);
      const release: Release = {
        id: repo.releases.length + 1,
        tag_name,
        name: String(name ?? tag_name),
        body: String(text ?? ""),
        target_commitish: String(target_commitish ?? "main"),
        draft: draft === true,
        prerelease: prerelease === true,
      };
      repo.releases.push(release);
      const target = resolveRef(repo, release.target_commitish);
      if (target) repo.tags.set(tag_name, target);
      return sendJson(res, 201, release);
    }
  }
  fail(404, `the fake does not answer ${operationId}`);
}

/** POST, PUT and DELETE of /contents/{filepath}: Forgejo's file API, with `branch`, `new_branch`, and `sha` checked. */
function writeFile(repo: Repo, operationId: string, path: string, context: Context, store: Store): void {
  const { res, fail } = context;
  const { content, message, sha, branch: from, new_branch } = context.body();
  const base = typeof from === "string" ? from : "main";
  if (!repo.branches.has(base)) return fail(404, `branch ${base} not found`);
  if (typeof new_branch === "string" && repo.branches.has(new_branch)) return fail(422, `branch already exists [name: ${new_branch}]`);
  const current = repo.branches.get(base)?.snapshot.get(path);
  if (operationId === "repoCreateFile" && current) return fail(422, `repository file already exists [path: ${path}]`);
  if (operationId !== "repoCreateFile") {
    if (!current) return fail(404, `file does not exist [path: ${path}]`);
    if (sha !== blobSha(current.content)) return fail(409, `sha does not match [given: ${String(sha)}, expected: ${blobSha(current.content)}]`);
  }
  const target = typeof new_branch === "string" ? new_branch : base;
  if (target !== base) repo.branches.set(target, repo.branches.get(base));
  const text = operationId === "repoDeleteFile" ? null : Buffer.from(String(content), "base64").toString("utf8");
  const verb = operationId === "repoCreateFile" ? "Add" : operationId === "repoUpdateFile" ? "Update" : "Delete";
  const next = store.change(repo, target, { [path]: text === null ? null : { content: text } }, typeof message === "string" ? message : `${verb} ${path}`);
  const commit = { sha: next.sha, message: next.message };
  if (text === null) return sendJson(res, 200, { content: null, commit });
  return sendJson(res, operationId === "repoCreateFile" ? 201 : 200, {
    content: contentsJson(path, { content: text }, next, store.maxBlobSize, false),
    commit,
  });
}

interface TreeEntry {
  path: string;
  mode: string;
  type: "blob" | "tree";
  sha: string;
  size: number;
  url: string;
}

/** The entries under `prefix` ("" for the root): its children, or (recursive) everything below it. */
function listTree(snapshot: Snapshot, prefix: string, recursive: boolean): TreeEntry[] {
  const start = prefix ? `${prefix}/` : "";
  const entries = new Map<string, TreeEntry>();
  for (const [path, file] of snapshot) {
    if (!path.startsWith(start)) continue;
    const parts = path.slice(start.length).split("/");
    const depth = recursive ? parts.length : 1;
    for (let i = 1; i < Math.min(parts.length, depth + 1); i++) {
      const folder = parts.slice(0, i).join("/");
      if (!entries.has(folder)) entries.set(folder, { path: folder, mode: "040000", type: "tree", sha: treeSha(snapshot, start + folder), size: 0, url: "" });
    }
    if (parts.length <= depth) {
      const rel = parts.join("/");
      entries.set(rel, {
        path: rel,
        mode: file.link ? "120000" : "100644",
        type: "blob",
        sha: blobSha(file.content),
        size: Buffer.byteLength(file.content),
        url: "",
      });
    }
  }
  // Git's order: a tree's name is compared as if it ended with `/`.
  const key = (e: TreeEntry) => (e.type === "tree" ? `${e.path}/` : e.path);
  return [...entries.values()].sort((a, b) => (key(a) < key(b) ? -1 : 1));
}

function treeSha(snapshot: Snapshot, prefix: string): string {
  const hash = createHash("sha1").update(`tree ${prefix}\n`);
  for (const [path, file] of [...snapshot].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (!prefix || path.startsWith(`${prefix}/`)) hash.update(`${path}\0${blobSha(file.content)}\n`);
  return hash.digest("hex");
}

function lastCommitOf(commit: Commit, path: string): Commit {
  for (let c: Commit | undefined = commit; c; c = c.parent) if (c.files.includes(path)) return c;
  return commit;
}

const repoJson = (repo: Repo) => ({
  id: 1,
  name: repo.name,
  full_name: `${repo.owner}/${repo.name}`,
  owner: { login: repo.owner },
  description: repo.description,
  private: repo.private,
  default_branch: "main",
});

const branchJson = (name: string, head: Commit | undefined) => ({ name, commit: { id: head?.sha ?? "", message: head?.message ?? "" } });

const commitJson = (c: Commit, heavy: { stat?: boolean; files?: boolean; verification?: boolean }) => ({
  sha: c.sha,
  commit: { message: c.message, ...(heavy.verification ? { verification: { verified: false, reason: "gpg.error.not_signed_commit" } } : {}) },
  ...(heavy.files ? { files: c.files.map((filename) => ({ filename })) } : {}),
  ...(heavy.stat ? { stats: { total: c.files.length, additions: c.files.length, deletions: 0 } } : {}),
});

const contentsJson = (path: string, file: FileEntry, commit: Commit, maxBlobSize: number, withContent: boolean) => {
  const size = Buffer.byteLength(file.content);
  const content = withContent && !file.link ? (size <= maxBlobSize ? Buffer.from(file.content, "utf8").toString("base64") : "") : null;
  return {
    name: path.split("/").pop(),
    path,
    sha: blobSha(file.content),
    last_commit_sha: lastCommitOf(commit, path).sha,
    type: file.link ? "symlink" : "file",
    size,
    encoding: content === null ? null : "base64",
    content,
    target: file.link ? file.content : null,
  };
};

const issueJson = (i: Issue) => ({
  number: i.number,
  title: i.title,
  body: i.body,
  state: i.state,
  labels: i.labels.map((name) => ({ name })),
  assignees: i.assignees.map((login) => ({ login })),
  comments: i.comments.length,
});

const pullJson = (p: Issue) => ({
  number: p.number,
  title: p.title,
  body: p.body,
  state: p.state,
  head: { ref: p.pull?.head },
  base: { ref: p.pull?.base },
  merged: p.pull?.merged ?? false,
});
