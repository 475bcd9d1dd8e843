import { executorSpec, type ParamModel } from "@hdlp/parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobSha, type ForgejoFake, startForgejoFake } from "../../../test/fakes/forgejo.ts";
import { callOf, configAt, TEST_TOKEN, toolModel } from "../../../test/fakes/tools.ts";
import { type ExecutionResult, InvalidCallError, type RuntimeConfig } from "../executor.ts";
import { gitForgejoExecutor } from "./git-forgejo.ts";
import { FORGEJO_METHODS, forgejoMethod } from "./methods.ts";

const spec = executorSpec("git-forgejo")!;
const catalogue = spec.methods.kind === "fixed" ? spec.methods.list : [];

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
    const params = new Proxy({} as Record<string, unknown>, {
      get: (_, key) => {
        read.add(String(key));
        return key === "path" ? "a/b.txt" : "x";
      },
    });
    const forgejo = forgejoMethod(name)!;
    forgejo.request(params, "o/r");
    forgejo.currentFile?.(params, "o/r");
    forgejo.rawFile?.(params, "o/r");
    const documented = method.params.map((p) => p.name);
    expect([...read].filter((p) => !documented.includes(p))).toEqual([]);
    expect(forgejo.onRepo).toBe(documented.includes("repo"));
  });
});

describe("git-forgejo against a Forgejo built to its API", () => {
  let forgejo: ForgejoFake;
  let config: RuntimeConfig;

  beforeAll(async () => {
    forgejo = await startForgejoFake({ token: TEST_TOKEN, user: "zhuyuan" });
    config = configAt(forgejo.url);
    forgejo.seed("zhuyuan", "native-repo", { "tools/shell-exec/TOOL.hdlp": "name: shell-exec\n", "README.md": "# native-repo\n" });
  });
  afterAll(() => forgejo.close());

  /** Calls `method` with a tool declaring exactly the catalogue's params for it. */
  const call = (method: string, params: Record<string, unknown>, options: { config?: RuntimeConfig; maxOutputBytes?: number } = {}): Promise<ExecutionResult> => {
    const declared = catalogue.find((m) => m.name === method)!.params.map((p): Partial<ParamModel> => ({ name: p.name, required: p.need === "required" }));
    const tool = toolModel({ executor: "git-forgejo", method, params: declared });
    return gitForgejoExecutor.execute(callOf(tool, params, options.config ?? config, options));
  };
  const json = (result: ExecutionResult) => {
    expect(result.error).toBeNull();
    return JSON.parse(result.output);
  };

  it("repo.get reads the default repository, with `Authorization: token`", async () => {
    expect(json(await call("repo.get", {}))).toMatchObject({ full_name: "zhuyuan/native-repo", default_branch: "main" });
    expect(forgejo.requests.at(-1)).toMatchObject({ method: "GET", url: "/api/v1/repos/zhuyuan/native-repo" });
    expect(forgejo.requests.at(-1)!.headers["authorization"]).toBe(`token ${TEST_TOKEN}`);
  });

  it("repo.create creates a repository for the user, and its output is Forgejo's answer, raw", async () => {
    const result = await call("repo.create", { name: "notes", description: "笔记", private: true, auto_init: true });
    expect(JSON.parse(forgejo.requests.at(-1)!.body)).toEqual({ name: "notes", description: "笔记", private: true, auto_init: true });
    expect(json(result)).toMatchObject({ full_name: "zhuyuan/notes", private: true });
  });

  it("repo.contents decodes the file to text; the repo param wins over the default", async () => {
    const result = await call("repo.contents", { repo: "zhuyuan/notes", path: "README.md" });
    expect(result).toMatchObject({ ok: true, output: "# notes\n", error: null });
  });

  it("file.create sends base64 content to a path encoded segment by segment", async () => {
    const path = "docs/运维 笔记#1.md";
    const result = await call("file.create", { path, content: "第一行\n", message: "add notes" });
    expect(result.ok).toBe(true);
    expect(forgejo.requests.at(-1)!.url).toBe(`/api/v1/repos/zhuyuan/native-repo/contents/docs/${encodeURIComponent("运维 笔记#1.md")}`);
    expect(JSON.parse(forgejo.requests.at(-1)!.body)).toEqual({ content: Buffer.from("第一行\n").toString("base64"), message: "add notes" });
    expect(forgejo.file("zhuyuan/native-repo", path)).toBe("第一行\n");
    expect((await call("repo.contents", { path })).output).toBe("第一行\n");
  });

  it("file.update reads the current sha itself, then writes", async () => {
    const before = forgejo.requests.length;
    const result = await call("file.update", { path: "README.md", content: "# native-repo v2\n", message: "bump" });
    expect(result.ok).toBe(true);
    const [read, write] = forgejo.requests.slice(before);
    expect(read).toMatchObject({ method: "GET", url: "/api/v1/repos/zhuyuan/native-repo/contents/README.md" });
    expect(write!.method).toBe("PUT");
    expect(JSON.parse(write!.body)).toMatchObject({ sha: blobSha("# native-repo\n"), content: Buffer.from("# native-repo v2\n").toString("base64") });
    expect(forgejo.file("zhuyuan/native-repo", "README.md")).toBe("# native-repo v2\n");
  });

  it("repo.commits passes branch, path and limit as sha, path and limit", async () => {
    const commits = json(await call("repo.commits", { branch: "main", path: "README.md", limit: 1 }));
    expect(forgejo.requests.at(-1)!.url).toBe("/api/v1/repos/zhuyuan/native-repo/commits?sha=main&path=README.md&limit=1");
    expect(commits).toHaveLength(1);
    expect(commits[0].commit.message).toBe("bump");
  });

  it("branches, compare, pull.create and pull.merge", async () => {
    forgejo.branch("zhuyuan/native-repo", "feature/log");
    expect(json(await call("repo.branches", {})).map((b: { name: string }) => b.name)).toEqual(["main", "feature/log"]);
    await call("file.create", { path: "tools/log-tail/TOOL.hdlp", content: "name: log-tail\n", branch: "feature/log" });

    const compare = json(await call("repo.compare", { base: "main", head: "feature/log" }));
    expect(forgejo.requests.at(-1)!.url).toBe("/api/v1/repos/zhuyuan/native-repo/compare/main...feature%2Flog");
    expect(compare.total_commits).toBe(1);

    const pull = json(await call("pull.create", { title: "Add log-tail", head: "feature/log", base: "main" }));
    const merged = await call("pull.merge", { index: pull.number, style: "squash", message: "log-tail (#2)" });
    expect(merged).toMatchObject({ ok: true, output: "" });
    expect(JSON.parse(forgejo.requests.at(-1)!.body)).toEqual({ Do: "squash", MergeMessageField: "log-tail (#2)" });
    expect(forgejo.file("zhuyuan/native-repo", "tools/log-tail/TOOL.hdlp")).toBe("name: log-tail\n");

    const again = await call("pull.merge", { index: pull.number });
    expect(again.ok).toBe(false);
    expect(again.error).toContain("405 Method Not Allowed: The PR is already merged");
  });

  it("issue.create, issue.comment and issue.list (issues only, not pull requests)", async () => {
    const issue = json(await call("issue.create", { title: "磁盘满了", body: "/var 100%" }));
    expect(json(await call("issue.comment", { index: issue.number, body: "已清理" }))).toMatchObject({ body: "已清理" });
    const listed = json(await call("issue.list", { state: "all", limit: 10 }));
    expect(forgejo.requests.at(-1)!.url).toBe("/api/v1/repos/zhuyuan/native-repo/issues?state=all&limit=10&type=issues");
    expect(listed.map((i: { title: string }) => i.title)).toEqual(["磁盘满了"]);
    expect(listed[0].comments).toBe(1);
  });

  it("release.create sends target as target_commitish", async () => {
    const release = json(await call("release.create", { tag_name: "v1.0.0", name: "第一版", target: "main", prerelease: true }));
    expect(release).toMatchObject({ tag_name: "v1.0.0", name: "第一版", target_commitish: "main", prerelease: true, draft: false });
  });

  it("Forgejo's own error message comes back with the status", async () => {
    const missing = await call("repo.contents", { path: "nope.txt" });
    expect(missing).toMatchObject({ ok: false, output: "" });
    expect(missing.error).toBe(`Forgejo (GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/nope.txt) answered 404 Not Found: The target couldn't be found.`);
    const exists = await call("file.create", { path: "README.md", content: "x" });
    expect(exists.error).toContain("422 Unprocessable Entity: repository file already exists [path: README.md]");
    const noFile = await call("file.update", { path: "nope.txt", content: "x" });
    expect(noFile.error).toContain("404 Not Found");
  });

  it("repo.contents of a directory is an error that says so", async () => {
    const result = await call("repo.contents", { path: "tools" });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/is a directory \(\d+ entries\); repo.contents reads a file/);
  });

  it("repo.contents cuts the text at max_output_bytes, even for a file far larger than the cap", async () => {
    const big = "行".repeat(100_000); // 300,000 bytes
    await call("file.create", { path: "big.txt", content: big });
    const small = await call("repo.contents", { path: "big.txt" }, { maxOutputBytes: 10 });
    expect(small).toMatchObject({ ok: true, output: "行行行", truncated: true });
    expect(forgejo.requests.at(-1)!.url).toBe("/api/v1/repos/zhuyuan/native-repo/raw/big.txt");
    const whole = await call("repo.contents", { path: "big.txt" }, { maxOutputBytes: 300_000 });
    expect(whole).toMatchObject({ ok: true, output: big });
    expect(whole.truncated).toBeUndefined();
  });

  it("file.update of a file far larger than the cap still finds its sha", async () => {
    const result = await call("file.update", { path: "big.txt", content: "small now\n" }, { maxOutputBytes: 10 });
    expect(result.error).toBeNull();
    expect(forgejo.file("zhuyuan/native-repo", "big.txt")).toBe("small now\n");
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
    await expect(gitForgejoExecutor.execute(callOf(tool, { repo: "zhuyuan/native-repo" }, config, { target: "BS-GZ-006" }))).rejects.toThrow(
      /a target \("BS-GZ-006"\) chooses among gatekeepers; git-forgejo has one endpoint/,
    );
    expect(forgejo.requests.length).toBe(before);
  });

  it("describe shows the call with the token masked, and file.update's sha read as a note", () => {
    const tool = toolModel({ executor: "git-forgejo", method: "file.update", params: [{ name: "path" }, { name: "content" }] });
    const dryRun = gitForgejoExecutor.describe(callOf(tool, { path: "README.md", content: "hi" }, config));
    expect(dryRun).toEqual({
      kind: "http",
      method: "PUT",
      url: `${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/README.md`,
      headers: { authorization: "token ***", "content-type": "application/json" },
      body: JSON.stringify({ content: Buffer.from("hi").toString("base64") }),
      note: `first GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/README.md to read the file's current sha, sent as "sha"`,
    });
    expect(JSON.stringify(dryRun)).not.toContain(TEST_TOKEN);
  });
});
