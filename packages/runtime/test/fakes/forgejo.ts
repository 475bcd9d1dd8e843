/**
 * A Forgejo built to the part of its REST API (the same as Gitea's published
 * swagger) that git-forgejo calls, over an in-memory repository store; a real
 * Forgejo cannot run here. Everything lives under /api/v1 and needs
 * `Authorization: token <token>`. Errors are Forgejo's shape, `{message, url}`,
 * with its statuses: 401, 404, 409 (exists), 405 (cannot merge), 422 (invalid).
 *
 *   GET  /repos/{o}/{r}                          POST /user/repos
 *   GET  /repos/{o}/{r}/branches                 GET  /repos/{o}/{r}/commits?sha&path&limit
 *   GET  /repos/{o}/{r}/compare/{base}...{head}
 *   GET  /repos/{o}/{r}/contents/{path}?ref      GET  /repos/{o}/{r}/raw/{path}?ref
 *   POST /repos/{o}/{r}/contents/{path}          PUT  /repos/{o}/{r}/contents/{path}   (content base64; PUT needs sha)
 *   GET  /repos/{o}/{r}/issues?state&labels&limit&type     POST /repos/{o}/{r}/issues
 *   POST /repos/{o}/{r}/issues/{index}/comments
 *   POST /repos/{o}/{r}/pulls                    POST /repos/{o}/{r}/pulls/{index}/merge   ({Do})
 *   POST /repos/{o}/{r}/releases
 *
 * A user's repositories are created under `user` (the token's owner).
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { bearer, type RecordedRequest, type RunningServer, sendJson, startServer } from "./server.ts";

interface Commit {
  readonly sha: string;
  readonly message: string;
  readonly files: readonly string[];
}

interface Branch {
  files: Map<string, string>;
  /** Newest first. */
  commits: Commit[];
}

interface Issue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  labels: string[];
  comments: { id: number; body: string }[];
  pull?: { head: string; base: string; merged: boolean };
}

interface Repo {
  owner: string;
  name: string;
  description: string;
  private: boolean;
  branches: Map<string, Branch>;
  issues: Issue[];
  releases: { id: number; tag_name: string; name: string; body: string; target_commitish: string; draft: boolean; prerelease: boolean }[];
}

export interface ForgejoFake extends RunningServer {
  /** Adds a repository with a `main` branch holding these files. */
  seed(owner: string, name: string, files?: Record<string, string>): void;
  /** Adds branch `name` to `repo`, a copy of `from`. */
  branch(repo: string, name: string, from?: string): void;
  file(repo: string, path: string, branch?: string): string | undefined;
}

/** Git's blob id: what Forgejo reports as a file's sha. */
export const blobSha = (content: string): string => createHash("sha1").update(`blob ${Buffer.byteLength(content)}\0${content}`).digest("hex");

let commitCounter = 0;
const newCommit = (message: string, files: string[]): Commit => ({
  sha: createHash("sha1").update(`commit ${++commitCounter} ${message}`).digest("hex"),
  message,
  files,
});

export async function startForgejoFake(options: { token: string; user: string }): Promise<ForgejoFake> {
  const repos = new Map<string, Repo>();

  const createRepo = (owner: string, name: string, files: Record<string, string>, extra: Partial<Repo> = {}): Repo => {
    const main: Branch = { files: new Map(Object.entries(files)), commits: [] };
    if (Object.keys(files).length > 0) main.commits.unshift(newCommit("Initial commit", Object.keys(files)));
    const repo: Repo = { owner, name, description: "", private: false, branches: new Map([["main", main]]), issues: [], releases: [], ...extra };
    repos.set(`${owner}/${name}`, repo);
    return repo;
  };

  const server = await startServer((request, res) => {
    const url = new URL(request.url, "http://fake");
    const fail = (status: number, message: string) => sendJson(res, status, { message, url: "https://forgejo.example/api/swagger" });
    if (bearer(request, "token") !== options.token) return fail(401, "token is required");
    if (!url.pathname.startsWith("/api/v1/")) return fail(404, "Not found");
    // Decoded segments: a `/` inside one arrives as %2F and stays inside it.
    const parts = url.pathname.slice("/api/v1/".length).split("/").map(decodeURIComponent);
    const body = () => (request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {});

    if (request.method === "POST" && parts.join("/") === "user/repos") {
      const { name, description, private: isPrivate, auto_init } = body();
      if (typeof name !== "string" || !name) return fail(422, "[Name]: Required");
      if (repos.has(`${options.user}/${name}`)) return fail(409, "The repository with the same name already exists.");
      const repo = createRepo(options.user, name, auto_init ? { "README.md": `# ${name}\n` } : {}, { description: String(description ?? ""), private: isPrivate === true });
      return sendJson(res, 201, repoJson(repo));
    }
    if (parts[0] !== "repos" || parts.length < 3) return fail(404, "Not found");
    const repo = repos.get(`${parts[1]}/${parts[2]}`);
    if (!repo) return fail(404, "The target couldn't be found.");
    return routeRepo(repo, parts.slice(3), request, url, res, fail, body);
  });

  return {
    ...server,
    seed: (owner, name, files = {}) => void createRepo(owner, name, files),
    branch: (repo, name, from = "main") => {
      const source = repos.get(repo)!.branches.get(from)!;
      repos.get(repo)!.branches.set(name, { files: new Map(source.files), commits: [...source.commits] });
    },
    file: (repo, path, branch = "main") => repos.get(repo)?.branches.get(branch)?.files.get(path),
  };
}

type Fail = (status: number, message: string) => void;

function routeRepo(repo: Repo, rest: string[], request: RecordedRequest, url: URL, res: ServerResponse, fail: Fail, body: () => Record<string, unknown>): void {
  const [section, ...tail] = rest;
  const query = url.searchParams;
  const branchOf = (name: string | null) => repo.branches.get(name || "main");
  const route = `${request.method} ${section ?? ""}`;

  if (route === "GET ") return sendJson(res, 200, repoJson(repo));
  if (route === "GET branches") {
    return sendJson(res, 200, [...repo.branches].map(([name, b]) => ({ name, commit: { id: b.commits[0]?.sha ?? "", message: b.commits[0]?.message ?? "" } })));
  }
  if (route === "GET commits") {
    const branch = branchOf(query.get("sha"));
    if (!branch) return fail(404, `branch ${query.get("sha")} not found`);
    const path = query.get("path");
    const limit = Number(query.get("limit") ?? 50);
    const commits = branch.commits.filter((c) => !path || c.files.includes(path)).slice(0, limit);
    return sendJson(res, 200, commits.map(commitJson));
  }
  if (route === "GET compare") {
    const [base = "", head = ""] = tail.join("/").split("...");
    const baseBranch = branchOf(base);
    const headBranch = branchOf(head);
    if (!baseBranch || !headBranch) return fail(404, `ref ${baseBranch ? head : base} not found`);
    const known = new Set(baseBranch.commits.map((c) => c.sha));
    const commits = headBranch.commits.filter((c) => !known.has(c.sha));
    return sendJson(res, 200, { total_commits: commits.length, commits: commits.map(commitJson), files: [...new Set(commits.flatMap((c) => c.files))].map((filename) => ({ filename })) });
  }
  if (section === "contents" || section === "raw") {
    const path = tail.join("/");
    const branchName = request.method === "GET" ? query.get("ref") : (body()["branch"] as string | undefined);
    const branch = branchOf(branchName ?? null);
    if (!branch) return fail(404, `branch ${branchName} not found`);
    const current = branch.files.get(path);
    if (request.method === "GET") {
      if (current !== undefined) {
        if (section === "raw") return void res.writeHead(200, { "content-type": "text/plain" }).end(current);
        return sendJson(res, 200, fileJson(path, current));
      }
      const entries = [...branch.files.keys()].filter((f) => f.startsWith(`${path}/`));
      if (section === "contents" && entries.length > 0) return sendJson(res, 200, entries.map((f) => ({ type: "file", path: f, name: f.split("/").pop(), sha: blobSha(branch.files.get(f)!) })));
      return fail(404, "The target couldn't be found.");
    }
    const { content, message, sha } = body();
    if (typeof content !== "string") return fail(422, "[Content]: Required");
    const text = Buffer.from(content, "base64").toString("utf8");
    if (request.method === "POST" && current !== undefined) return fail(422, `repository file already exists [path: ${path}]`);
    if (request.method === "PUT") {
      if (current === undefined) return fail(404, `file does not exist [path: ${path}]`);
      if (typeof sha !== "string" || !sha) return fail(422, "[SHA]: Required");
      if (sha !== blobSha(current)) return fail(409, `sha does not match [given: ${sha}, expected: ${blobSha(current)}]`);
    }
    if (request.method !== "POST" && request.method !== "PUT") return fail(405, "method not allowed");
    branch.files.set(path, text);
    const commit = newCommit(typeof message === "string" ? message : `${request.method === "POST" ? "Add" : "Update"} ${path}`, [path]);
    branch.commits.unshift(commit);
    return sendJson(res, request.method === "POST" ? 201 : 200, { content: fileJson(path, text, false), commit: { sha: commit.sha, message: commit.message } });
  }
  if (section === "issues" && tail.length === 0) {
    if (request.method === "GET") {
      const state = query.get("state") ?? "open";
      const labels = (query.get("labels") ?? "").split(",").filter(Boolean);
      const onlyIssues = query.get("type") === "issues";
      const found = repo.issues
        .filter((i) => (state === "all" || i.state === state) && labels.every((l) => i.labels.includes(l)) && !(onlyIssues && i.pull))
        .slice(0, Number(query.get("limit") ?? 50));
      return sendJson(res, 200, found.map(issueJson));
    }
    const { title, body: text } = body();
    if (typeof title !== "string" || !title) return fail(422, "[Title]: Required");
    const issue: Issue = { number: repo.issues.length + 1, title, body: String(text ?? ""), state: "open", labels: [], comments: [] };
    repo.issues.push(issue);
    return sendJson(res, 201, issueJson(issue));
  }
  if (route === "POST issues" && tail[1] === "comments") {
    const issue = repo.issues.find((i) => i.number === Number(tail[0]));
    if (!issue) return fail(404, "The target couldn't be found.");
    const comment = { id: issue.comments.length + 1, body: String(body()["body"] ?? "") };
    issue.comments.push(comment);
    return sendJson(res, 201, comment);
  }
  if (route === "POST pulls" && tail.length === 0) {
    const { title, head, base, body: text } = body();
    if (!branchOf(String(head)) || !branchOf(String(base))) return fail(404, "The target couldn't be found.");
    const pull: Issue = { number: repo.issues.length + 1, title: String(title), body: String(text ?? ""), state: "open", labels: [], comments: [], pull: { head: String(head), base: String(base), merged: false } };
    repo.issues.push(pull);
    return sendJson(res, 201, pullJson(pull));
  }
  if (route === "POST pulls" && tail[1] === "merge") {
    const pull = repo.issues.find((i) => i.number === Number(tail[0]) && i.pull);
    if (!pull?.pull) return fail(404, "The target couldn't be found.");
    const style = body()["Do"];
    if (!["merge", "rebase", "rebase-merge", "squash", "fast-forward-only", "manually-merged"].includes(String(style))) return fail(422, "[Do]: Required");
    if (pull.pull.merged) return fail(405, "The PR is already merged");
    const head = branchOf(pull.pull.head)!;
    const base = branchOf(pull.pull.base)!;
    for (const [path, content] of head.files) base.files.set(path, content);
    base.commits.unshift(newCommit(String(body()["MergeMessageField"] ?? `Merge pull request #${pull.number}`), [...head.files.keys()]));
    pull.pull.merged = true;
    pull.state = "closed";
    return void res.writeHead(200).end();
  }
  if (route === "POST releases") {
    const { tag_name, name, body: text, target_commitish, draft, prerelease } = body();
    if (typeof tag_name !== "string" || !tag_name) return fail(422, "[TagName]: Required");
    if (repo.releases.some((r) => r.tag_name === tag_name)) return fail(409, `Release is has no Tag [tag_name: ${tag_name}] already exists`);
    const release = {
      id: repo.releases.length + 1,
      tag_name,
      name: String(name ?? tag_name),
      body: String(text ?? ""),
      target_commitish: String(target_commitish ?? "main"),
      draft: draft === true,
      prerelease: prerelease === true,
    };
    repo.releases.push(release);
    return sendJson(res, 201, release);
  }
  fail(404, "Not found");
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

const commitJson = (c: Commit) => ({ sha: c.sha, commit: { message: c.message }, files: c.files.map((filename) => ({ filename })) });

const fileJson = (path: string, text: string, withContent = true) => ({
  name: path.split("/").pop(),
  path,
  sha: blobSha(text),
  type: "file",
  size: Buffer.byteLength(text),
  encoding: withContent ? "base64" : null,
  content: withContent ? Buffer.from(text, "utf8").toString("base64") : null,
});

const issueJson = (i: Issue) => ({ number: i.number, title: i.title, body: i.body, state: i.state, labels: i.labels.map((name) => ({ name })), comments: i.comments.length });

const pullJson = (p: Issue) => ({ number: p.number, title: p.title, body: p.body, state: p.state, head: { ref: p.pull?.head }, base: { ref: p.pull?.base }, merged: p.pull?.merged ?? false });
