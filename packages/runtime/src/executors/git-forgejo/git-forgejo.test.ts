import { executorSpec, type MethodParam, type ParamModel } from "@hdlp/parser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { blobSha, type ForgejoFake, startForgejoFake } from "../../../test/fakes/forgejo.ts";
import { callOf, configAt, TEST_TOKEN, toolModel } from "../../../test/fakes/tools.ts";
import { type ExecutionResult, InvalidCallError, type RuntimeConfig } from "../executor.ts";
import { gitForgejoExecutor } from "./git-forgejo.ts";
import { FORGEJO_METHODS, forgejoMethod } from "./methods.ts";

const spec = executorSpec("git-forgejo")!;
const catalogue = spec.methods.kind === "fixed" ? spec.methods.list : [];

/** A value of the kind Forgejo reads for this param: a number, a flag, one of its values, or text. */
export function plausibleValue(param: Pick<MethodParam, "name" | "values">): unknown {
  if (param.values) return param.values[0];
  if (["index", "page", "limit"].includes(param.name)) return 1;
  if (["stat", "verification", "files", "private", "auto_init", "draft", "prerelease"].includes(param.name)) return true;
  return param.name === "repo" ? "o/r" : "a/b.txt";
}

describe("the method set", () => {
  it("is exactly the catalogue's", () => {
    expect(Object.keys(FORGEJO_METHODS).sort()).toEqual(catalogue.map((m) => m.name).sort());
  });

  it("finds a method by its own name only, never a property every object has", () => {
    expect(forgejoMethod("repo.get")).toBe(FORGEJO_METHODS["repo.get"]);
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect(forgejoMethod(name)).toBeUndefined();
  });

  it.each(catalogue.map((m) => [m.name, m] as const))("%s reads only params the catalogue documents for it", (name, method) => {
    const read = new Set<string>();
    const documented = new Map(method.params.map((p) => [p.name, p]));
    const params = new Proxy({} as Record<string, unknown>, {
      get: (_, key) => {
        read.add(String(key));
        const param = documented.get(String(key));
        return param ? plausibleValue(param) : undefined;
      },
    });
    const forgejo = forgejoMethod(name)!;
    forgejo.request(params, "o/r");
    forgejo.before?.(params, "o/r");
    forgejo.currentFile?.(params, "o/r");
    forgejo.rawFile?.(params, "o/r", "main");
    expect([...read].filter((p) => !documented.has(p))).toEqual([]);
    expect(forgejo.onRepo).toBe(documented.has("repo"));
  });
});

describe("git-forgejo against a Forgejo built to its OpenAPI document", () => {
  let forgejo: ForgejoFake;
  let config: RuntimeConfig;
  const REPO = "zhuyuan/native-repo";

  beforeAll(async () => {
    forgejo = await startForgejoFake({ token: TEST_TOKEN, user: "zhuyuan", maxBlobSize: 64 * 1024 });
    config = configAt(forgejo.url);
    forgejo.seed("zhuyuan", "native-repo", {
      "tools/shell-exec/TOOL.hdlp": "name: shell-exec\n",
      "README.md": "# native-repo\n",
      latest: { link: "README.md" },
    });
  });
  afterEach(() => expect(forgejo.violations.splice(0)).toEqual([]));
  afterAll(() => forgejo.close());

  /** Calls `method` with a tool declaring exactly the catalogue's params for it. */
  const call = (
    method: string,
    params: Record<string, unknown>,
    options: { config?: RuntimeConfig; maxOutputBytes?: number } = {},
  ): Promise<ExecutionResult> => {
    const declared = catalogue.find((m) => m.name === method)!.params.map((p): Partial<ParamModel> => ({ name: p.name, required: p.need === "required" }));
    const tool = toolModel({ executor: "git-forgejo", method, params: declared });
    return gitForgejoExecutor.execute(callOf(tool, params, options.config ?? config, options));
  };
  const describeCall = (method: string, params: Record<string, unknown>, withConfig = config) => {
    const tool = toolModel({ executor: "git-forgejo", method, params: catalogue.find((m) => m.name === method)!.params.map((p) => ({ name: p.name })) });
    return gitForgejoExecutor.describe(callOf(tool, params, withConfig));
  };
  const json = (result: ExecutionResult) => {
    expect(result.error).toBeNull();
    return JSON.parse(result.output);
  };
  const sent = () => forgejo.requests.at(-1)!;

  it("repo.get reads the default repository, with `Authorization: token`", async () => {
    expect(json(await call("repo.get", {}))).toMatchObject({ full_name: REPO, default_branch: "main" });
    expect(sent()).toMatchObject({ method: "GET", url: "/api/v1/repos/zhuyuan/native-repo" });
    expect(sent().headers["authorization"]).toBe(`token ${TEST_TOKEN}`);
  });

  it("repo.create creates a repository for the user, and its output is Forgejo's answer, raw", async () => {
    const result = await call("repo.create", { name: "notes", description: "笔记", private: true, auto_init: true });
    expect(JSON.parse(sent().body)).toEqual({ name: "notes", description: "笔记", private: true, auto_init: true });
    expect(json(result)).toMatchObject({ full_name: "zhuyuan/notes", private: true });
  });

  it("repo.list and repo.search page through repositories", async () => {
    const listed = await call("repo.list", { limit: 1, page: 1 });
    expect(sent().url).toBe("/api/v1/user/repos?page=1&limit=1");
    expect(json(listed)).toHaveLength(1);
    expect(listed).toMatchObject({ total_count: 2, has_more: true });
    const found = await call("repo.search", { q: "notes" });
    expect(sent().url).toBe("/api/v1/repos/search?q=notes");
    expect(json(found)).toMatchObject({ ok: true, data: [{ full_name: "zhuyuan/notes" }] });
    expect(found).toMatchObject({ total_count: 1, has_more: false });
  });

  it("repo.contents decodes a file to text; the repo param wins over the default", async () => {
    const result = await call("repo.contents", { repo: "zhuyuan/notes", path: "README.md" });
    expect(result).toMatchObject({ ok: true, output: "# notes\n", error: null });
  });

  it("repo.contents of a folder, and of the root, answers the listing", async () => {
    const folder = json(await call("repo.contents", { path: "tools/" }));
    expect(sent().url).toBe("/api/v1/repos/zhuyuan/native-repo/contents/tools");
    expect(folder).toEqual([expect.objectContaining({ name: "shell-exec", type: "dir" })]);
    const root = json(await call("repo.contents", {}));
    expect(sent().url).toBe("/api/v1/repos/zhuyuan/native-repo/contents");
    expect(root.map((e: { name: string }) => e.name).sort()).toEqual(["README.md", "latest", "tools"]);
  });

  it("repo.contents of a symbolic link says where it leads", async () => {
    const result = await call("repo.contents", { path: "latest" });
    expect(result).toMatchObject({
      ok: false,
      error: `GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/latest is a symbolic link to "README.md"; read that path instead`,
    });
  });

  it("repo.contents of a file over Forgejo's blob limit reads it raw, at the commit that last changed it, checked against its sha", async () => {
    const big = "大".repeat(30_000); // 90,000 bytes: over this fake's 64 KiB blob limit
    await call("file.create", { path: "big/over-limit.txt", content: big });
    const before = forgejo.requests.length;
    const result = await call("repo.contents", { path: "big/over-limit.txt" }, { maxOutputBytes: 100_000 });
    expect(result).toEqual({ ok: true, output: big, error: null });
    const [meta, raw] = forgejo.requests.slice(before);
    expect(meta!.url).toBe("/api/v1/repos/zhuyuan/native-repo/contents/big/over-limit.txt");
    expect(raw!.url).toBe(`/api/v1/repos/zhuyuan/native-repo/raw/big/over-limit.txt?ref=${forgejo.head(REPO)}`);
  });

  it("repo.contents cuts the text at max_output_bytes, even for a file far larger than the cap", async () => {
    const big = "行".repeat(20_000); // 60,000 bytes, under the blob limit
    await call("file.create", { path: "big.txt", content: big });
    const small = await call("repo.contents", { path: "big.txt" }, { maxOutputBytes: 10 });
    expect(small).toMatchObject({ ok: true, output: "行行行", truncated: true });
    expect(sent().url).toBe("/api/v1/repos/zhuyuan/native-repo/raw/big.txt");
    const whole = await call("repo.contents", { path: "big.txt" }, { maxOutputBytes: 60_000 });
    expect(whole).toMatchObject({ ok: true, output: big });
    expect(whole.truncated).toBeUndefined();
  });

  it("file.create sends base64 content to a path encoded segment by segment", async () => {
    const path = "docs/运维 笔记#1.md";
    const result = await call("file.create", { path, content: "第一行\n", message: "add notes" });
    expect(result.ok).toBe(true);
    expect(sent().url).toBe(`/api/v1/repos/zhuyuan/native-repo/contents/docs/${encodeURIComponent("运维 笔记#1.md")}`);
    expect(JSON.parse(sent().body)).toEqual({ content: Buffer.from("第一行\n").toString("base64"), message: "add notes" });
    expect(forgejo.file(REPO, path)).toBe("第一行\n");
    expect((await call("repo.contents", { path })).output).toBe("第一行\n");
  });

  it("file.create with new_branch commits on a new branch made from branch", async () => {
    const result = await call("file.create", { path: "tools/new/TOOL.hdlp", content: "name: new\n", branch: "main", new_branch: "add-new" });
    expect(result.ok).toBe(true);
    expect(JSON.parse(sent().body)).toMatchObject({ branch: "main", new_branch: "add-new" });
    expect(forgejo.file(REPO, "tools/new/TOOL.hdlp", "add-new")).toBe("name: new\n");
    expect(forgejo.file(REPO, "tools/new/TOOL.hdlp")).toBeUndefined();
  });

  it("file.update without sha reads the current one itself, then writes", async () => {
    const before = forgejo.requests.length;
    const result = await call("file.update", { path: "README.md", content: "# native-repo v2\n", message: "bump" });
    expect(result.ok).toBe(true);
    const [read, write] = forgejo.requests.slice(before);
    expect(read).toMatchObject({ method: "GET", url: "/api/v1/repos/zhuyuan/native-repo/contents/README.md" });
    expect(write!.method).toBe("PUT");
    expect(JSON.parse(write!.body)).toMatchObject({ sha: blobSha("# native-repo\n"), content: Buffer.from("# native-repo v2\n").toString("base64") });
    expect(forgejo.file(REPO, "README.md")).toBe("# native-repo v2\n");
  });

  it("file.update with the expected sha writes at once, and fails when the file changed since", async () => {
    const before = forgejo.requests.length;
    const sha = blobSha("# native-repo v2\n");
    expect((await call("file.update", { path: "README.md", content: "# v3\n", sha })).ok).toBe(true);
    expect(forgejo.requests.slice(before).map((r) => r.method)).toEqual(["PUT"]);
    const stale = await call("file.update", { path: "README.md", content: "# lost update\n", sha });
    expect(stale.ok).toBe(false);
    expect(stale.error).toBe(
      `Forgejo (PUT ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/README.md) answered 409 Conflict: sha does not match [given: ${sha}, expected: ${blobSha("# v3\n")}]`,
    );
    expect(forgejo.file(REPO, "README.md")).toBe("# v3\n");
  });

  it("file.delete, with or without the expected sha", async () => {
    await call("file.create", { path: "tmp/a.txt", content: "a" });
    await call("file.create", { path: "tmp/b.txt", content: "b" });
    expect((await call("file.delete", { path: "tmp/a.txt", message: "drop a" })).ok).toBe(true);
    expect(sent()).toMatchObject({ method: "DELETE", url: "/api/v1/repos/zhuyuan/native-repo/contents/tmp/a.txt" });
    expect(JSON.parse(sent().body)).toEqual({ sha: blobSha("a"), message: "drop a" });
    expect((await call("file.delete", { path: "tmp/b.txt", sha: blobSha("not b") })).error).toContain("409 Conflict");
    expect((await call("file.delete", { path: "tmp/b.txt", sha: blobSha("b") })).ok).toBe(true);
    expect(forgejo.file(REPO, "tmp/a.txt")).toBeUndefined();
    expect(forgejo.file(REPO, "tmp/b.txt")).toBeUndefined();
  });

  it("repo.commits passes branch, path, limit, page and the three switches", async () => {
    const result = await call("repo.commits", { branch: "main", path: "README.md", limit: 1, page: 1, stat: false, verification: false, files: false });
    expect(sent().url).toBe("/api/v1/repos/zhuyuan/native-repo/commits?sha=main&path=README.md&page=1&limit=1&stat=false&verification=false&files=false");
    const commits = json(result);
    expect(commits).toEqual([{ sha: expect.any(String), commit: { message: "Update README.md" } }]);
    expect(result).toMatchObject({ total_count: 3, has_more: true });
    const heavy = json(await call("repo.commits", { limit: 1 }));
    expect(heavy[0]).toHaveProperty("stats");
    expect(heavy[0]).toHaveProperty("files");
  });

  it("branches (paged), branch.create, compare, pull.create, pull.get, pull.list and pull.merge", async () => {
    forgejo.branch(REPO, "feature/log");
    expect(json(await call("branch.create", { branch: "release/1.0", from: "main" }))).toMatchObject({ name: "release/1.0" });
    expect(JSON.parse(sent().body)).toEqual({ new_branch_name: "release/1.0", old_ref_name: "main" });
    const branches = await call("repo.branches", { limit: 50 });
    expect(json(branches).map((b: { name: string }) => b.name)).toEqual(["main", "add-new", "feature/log", "release/1.0"]);
    expect(branches).toMatchObject({ total_count: 4, has_more: false });
    await call("file.create", { path: "tools/log-tail/TOOL.hdlp", content: "name: log-tail\n", branch: "feature/log" });

    const compare = json(await call("repo.compare", { base: "main", head: "feature/log" }));
    expect(sent().url).toBe("/api/v1/repos/zhuyuan/native-repo/compare/main...feature%2Flog");
    expect(compare.total_commits).toBe(1);

    const pull = json(await call("pull.create", { title: "Add log-tail", head: "feature/log", base: "main" }));
    expect(json(await call("pull.get", { index: pull.number }))).toMatchObject({ title: "Add log-tail", state: "open" });
    expect(json(await call("pull.list", { state: "open" })).map((p: { number: number }) => p.number)).toEqual([pull.number]);
    const merged = await call("pull.merge", { index: pull.number, style: "squash", message: "log-tail (#1)" });
    expect(merged).toMatchObject({ ok: true, output: "" });
    expect(JSON.parse(sent().body)).toEqual({ Do: "squash", MergeMessageField: "log-tail (#1)" });
    expect(forgejo.file(REPO, "tools/log-tail/TOOL.hdlp")).toBe("name: log-tail\n");

    const again = await call("pull.merge", { index: String(pull.number) });
    expect(again.ok).toBe(false);
    expect(again.error).toContain("405 Method Not Allowed: The PR is already merged");
  });

  it("pull.merge refuses a style outside the catalogue's list before anything is sent", async () => {
    const before = forgejo.requests.length;
    await expect(call("pull.merge", { index: 1, style: "fast-forward" })).rejects.toThrow(
      'style of pull.merge must be one of merge, rebase, rebase-merge, squash, fast-forward-only, manually-merged, not "fast-forward"',
    );
    expect(() => describeCall("issue.list", { state: "merged" })).toThrow(InvalidCallError);
    expect(forgejo.requests.length).toBe(before);
  });

  it("issues: create, get, comment, comments, edit (labels, assignees, close, reopen) and list, paged, labels comma-separated", async () => {
    const bugId = forgejo.label(REPO, "bug");
    forgejo.label(REPO, "ops");
    const issue = json(await call("issue.create", { title: "磁盘满了", body: "/var 100%" }));
    await call("issue.create", { title: "second" });
    await call("issue.create", { title: "third" });
    expect(json(await call("issue.get", { index: issue.number }))).toMatchObject({ title: "磁盘满了", state: "open" });
    expect(json(await call("issue.comment", { index: issue.number, body: "已清理" }))).toMatchObject({ body: "已清理" });
    const comments = await call("issue.comments", { index: issue.number });
    expect(json(comments)).toEqual([{ id: 1, body: "已清理" }]);
    expect(comments.total_count).toBe(1);

    const before = forgejo.requests.length;
    const edited = await call("issue.edit", { index: issue.number, state: "closed", labels: ["ops", bugId], assignees: "zhuyuan, ops-bot" });
    const [labels, patch] = forgejo.requests.slice(before);
    expect(labels).toMatchObject({
      method: "PUT",
      url: `/api/v1/repos/zhuyuan/native-repo/issues/${issue.number}/labels`,
      body: JSON.stringify({ labels: ["ops", bugId] }),
    });
    expect(patch).toMatchObject({
      method: "PATCH",
      url: `/api/v1/repos/zhuyuan/native-repo/issues/${issue.number}`,
      body: JSON.stringify({ state: "closed", assignees: ["zhuyuan", "ops-bot"] }),
    });
    expect(json(edited)).toMatchObject({
      state: "closed",
      labels: [{ name: "bug" }, { name: "ops" }],
      assignees: [{ login: "zhuyuan" }, { login: "ops-bot" }],
    });
    expect(json(await call("issue.edit", { index: issue.number, state: "open", title: "磁盘满了（复发）" }))).toMatchObject({
      state: "open",
      title: "磁盘满了（复发）",
    });
    await expect(call("issue.edit", { index: issue.number })).rejects.toThrow("issue.edit changes nothing");

    const labelled = await call("issue.list", { labels: ["bug", "ui"], state: "all" });
    expect(sent().url).toBe("/api/v1/repos/zhuyuan/native-repo/issues?state=all&labels=bug%2Cui&type=issues");
    expect(json(labelled).map((i: { title: string }) => i.title)).toEqual(["磁盘满了（复发）"]);
    const page1 = await call("issue.list", { state: "all", limit: 2, page: 1 });
    expect(json(page1).map((i: { title: string }) => i.title)).toEqual(["磁盘满了（复发）", "second"]);
    expect(page1).toMatchObject({ total_count: 3, has_more: true });
    const page2 = await call("issue.list", { state: "all", limit: 2, page: 2 });
    expect(json(page2).map((i: { title: string }) => i.title)).toEqual(["third"]);
    expect(page2).toMatchObject({ total_count: 3, has_more: false });
  });

  it("release.create sends target as target_commitish; release.list pages", async () => {
    const release = json(await call("release.create", { tag_name: "v1.0.0", name: "第一版", target: "main", prerelease: true }));
    expect(release).toMatchObject({ tag_name: "v1.0.0", name: "第一版", target_commitish: "main", prerelease: true, draft: false });
    const listed = await call("release.list", { page: 1 });
    expect(json(listed).map((r: { tag_name: string }) => r.tag_name)).toEqual(["v1.0.0"]);
    expect(listed).toMatchObject({ total_count: 1, has_more: false });
  });

  it("Forgejo's own error message comes back with the status", async () => {
    const missing = await call("repo.contents", { path: "nope.txt" });
    expect(missing).toMatchObject({ ok: false, output: "" });
    expect(missing.error).toBe(
      `Forgejo (GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/nope.txt) answered 404 Not Found: The target couldn't be found.`,
    );
    const exists = await call("file.create", { path: "tools/shell-exec/TOOL.hdlp", content: "x" });
    expect(exists.error).toContain("422 Unprocessable Entity: repository file already exists [path: tools/shell-exec/TOOL.hdlp]");
    const noFile = await call("file.update", { path: "nope.txt", content: "x" });
    expect(noFile.error).toContain("404 Not Found");
  });

  it("file.update of a file far larger than the cap still finds its sha", async () => {
    const result = await call("file.update", { path: "big.txt", content: "small now\n" }, { maxOutputBytes: 10 });
    expect(result.error).toBeNull();
    expect(forgejo.file(REPO, "big.txt")).toBe("small now\n");
  });

  it("a number Forgejo reads as one must be one, before anything is sent", async () => {
    await expect(call("issue.get", { index: "3; DROP" })).rejects.toThrow('index must be a whole number from 1, not "3; DROP"');
    await expect(call("issue.list", { limit: 0 })).rejects.toThrow("limit must be a whole number from 1, not 0");
    await expect(call("repo.commits", { stat: "no" })).rejects.toThrow('stat must be true or false, not "no"');
  });

  it("without a repo param or a default repository, nothing is sent and the error says how to name one", async () => {
    const before = forgejo.requests.length;
    const { forgejoDefaultRepo: _, ...noDefault } = config;
    await expect(call("repo.get", {}, { config: noDefault })).rejects.toThrow(InvalidCallError);
    await expect(call("repo.get", {}, { config: noDefault })).rejects.toThrow(/pass repo \(owner\/name\), or set forgejo.default_repo/);
    await expect(call("repo.get", { repo: "just-a-name" })).rejects.toThrow(/not written owner\/name/);
    expect(forgejo.requests.length).toBe(before);
  });

  it("a --target is refused: it chooses among gatekeepers, and Forgejo is one server", async () => {
    const before = forgejo.requests.length;
    const tool = toolModel({ executor: "git-forgejo", method: "repo.get", params: [{ name: "repo", required: false }] });
    await expect(gitForgejoExecutor.execute(callOf(tool, { repo: REPO }, config, { target: "BS-GZ-006" }))).rejects.toThrow(
      /a target \("BS-GZ-006"\) chooses among gatekeepers; git-forgejo has one endpoint/,
    );
    expect(forgejo.requests.length).toBe(before);
  });

  it("describe shows the call as sent, the token masked, and what is read or sent first as a note", () => {
    const dryRun = describeCall("file.update", { path: "README.md", content: "hi" });
    expect(dryRun).toEqual({
      kind: "http",
      method: "PUT",
      url: `${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/README.md`,
      headers: { authorization: "token ***", "content-type": "application/json" },
      body: JSON.stringify({ content: Buffer.from("hi").toString("base64") }),
      note: `first GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/README.md to read the file's current sha, sent as "sha"`,
    });
    expect(JSON.stringify(dryRun)).not.toContain(TEST_TOKEN);
    expect(describeCall("issue.edit", { index: 2, labels: "bug" })).toMatchObject({
      method: "PATCH",
      note: `first PUT ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/issues/2/labels {"labels":["bug"]}`,
    });
    expect(describeCall("repo.get", {}, configAt("HTTP://LOCALHOST:80/forge/"))).toMatchObject({
      url: "http://localhost/forge/api/v1/repos/zhuyuan/native-repo",
    });
  });

  describe("a user name and password in Forgejo's URL", () => {
    const withPassword = () => ({ ...config, forgejo: { name: "forgejo", url: forgejo.url.replace("http://", `http://zhuyuan:${TEST_TOKEN}@`) } });

    it("are sent as HTTP Basic when no token is configured, and shown masked", async () => {
      expect(json(await call("repo.get", {}, { config: withPassword() }))).toMatchObject({ full_name: REPO });
      expect(sent().headers["authorization"]).toBe(`Basic ${Buffer.from(`zhuyuan:${TEST_TOKEN}`).toString("base64")}`);
      const dryRun = describeCall("repo.get", {}, withPassword());
      expect(dryRun).toMatchObject({ url: `${forgejo.url}/api/v1/repos/zhuyuan/native-repo`, headers: { authorization: "Basic ***" } });
      expect(JSON.stringify(dryRun)).not.toContain(TEST_TOKEN);
    });

    it("are refused beside a token: one Authorization header cannot carry both", async () => {
      const both = { ...config, forgejo: { ...withPassword().forgejo, token: TEST_TOKEN } };
      const before = forgejo.requests.length;
      await expect(call("repo.get", {}, { config: both })).rejects.toThrow(/holds a user name and password, and a token is configured for it too/);
      expect(() => describeCall("repo.get", {}, both)).toThrow(`the URL of forgejo (http://zhuyuan:***@127.0.0.1:`);
      expect(forgejo.requests.length).toBe(before);
    });
  });
});
