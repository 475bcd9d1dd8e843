/**
 * The registry read from a Forgejo repository, through the real `hdlp`:
 * `--root forgejo:OWNER/REPO[@REF][:PATH]` on list, match and call, and as a
 * path of `hdlp lint`, against the fake Forgejo (packages/runtime/test/fakes/),
 * which checks every request against Forgejo's OpenAPI document.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ForgejoFake, startForgejoFake } from "../../packages/runtime/test/fakes/forgejo.ts";
import { TEST_TOKEN } from "../../packages/runtime/test/fakes/tools.ts";
import { toolText } from "../../packages/runtime/test/tool-fixtures.ts";
import { type Run, runHdlp } from "../../packages/cli/test/run-hdlp.ts";

const ROOT = "forgejo:zhuyuan/native-repo";

let work: string;
let forgejo: ForgejoFake;

/** The real `hdlp` in the work folder; the HDLP_* variables of the machine running the tests are emptied (empty reads as unset). */
function hdlp(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  const host = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => name.startsWith("HDLP_"))
      .map((name) => [name, ""]),
  );
  return runHdlp(args, {
    cwd: work,
    env: {
      ...host,
      XDG_CACHE_HOME: join(work, "cache"),
      HDLP_AUDIT_LOG: join(work, "audit.jsonl"),
      HDLP_FORGEJO_URL: forgejo.url,
      HDLP_FORGEJO_TOKEN: TEST_TOKEN,
      HDLP_FORGEJO_REPO: "zhuyuan/native-repo",
      ...env,
    },
  });
}

const READER = `name: repo-file-read
display: 读取仓库文件
intent: 从 Forgejo 仓库读取一个文件的内容
method: repo.contents
executor: git-forgejo
params_schema:
  path: { type: string, required: true, description: "文件路径" }
constraints:
  timeout_ms: 15000
  max_output_bytes: 65536
  require_confirm: false
author: ICE-GL-ZY001
created: 2026-05-31
why: 工具在仓库里，不在提示词里。
`;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "hdlp-e2e-forgejo-"));
  forgejo = await startForgejoFake({ token: TEST_TOKEN, user: "zhuyuan" });
  forgejo.seed("zhuyuan", "native-repo", {
    "README.md": "# native-repo\n",
    "tools/git-log/TOOL.hdlp": toolText({ name: "git-log", intent: "查看最近的提交记录", command: "echo 91080ab first commit" }),
    "tools/repo-file-read/TOOL.hdlp": READER,
    "tools/broken/TOOL.hdlp": "name: broken\nexecutor: Shell\n",
  });
});
afterEach(() => expect(forgejo.violations.splice(0)).toEqual([]));
afterAll(async () => {
  await forgejo.close();
  rmSync(work, { recursive: true, force: true });
});

describe("--root forgejo:OWNER/REPO", () => {
  it("hdlp list reads the tools at the default branch's head", async () => {
    const run = await hdlp(["list", "--root", ROOT, "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout);
    expect(listed).toMatchObject({ root: `${ROOT}:tools`, commit: forgejo.head("zhuyuan/native-repo"), read_at: expect.any(String) });
    expect(listed.tools.map((t: { name: string; path: string }) => [t.name, t.path])).toEqual([
      ["git-log", `${ROOT}:tools/git-log/TOOL.hdlp`],
      ["repo-file-read", `${ROOT}:tools/repo-file-read/TOOL.hdlp`],
    ]);
    expect(listed.invalid.map((t: { folder: string }) => t.folder)).toEqual(["broken"]);
    expect(listed.stale).toBeUndefined();
  });

  it("hdlp match and hdlp call use it; a call runs the tool as the repository holds it", async () => {
    expect((await hdlp(["match", "查看最近的提交记录", "--root", ROOT])).stdout).toMatch(/^1\. git-log /);
    expect(await hdlp(["call", "git-log", "--root", ROOT])).toEqual({ code: 0, stdout: "91080ab first commit\n", stderr: "" });
    expect(await hdlp(["call", "repo-file-read", "path=README.md", "--root", ROOT])).toEqual({ code: 0, stdout: "# native-repo\n", stderr: "" });
  });

  it("a pushed TOOL.hdlp is found by the next scan", async () => {
    forgejo.push("zhuyuan/native-repo", { "tools/uptime/TOOL.hdlp": toolText({ name: "uptime", command: "echo up 3 days" }) });
    expect(await hdlp(["call", "uptime", "--root", ROOT])).toEqual({ code: 0, stdout: "up 3 days\n", stderr: "" });
  });

  it("a value that would climb out of its URL segment is refused; --dry-run shows the URL that would really be sent", async () => {
    const before = forgejo.requests.length;
    const refused = await hdlp(["call", "repo-file-read", "path=../../../bob/private/contents/secret.txt", "--root", ROOT, "--json"]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      ok: false,
      refused: "invalid-params",
      error: expect.stringContaining('path "../../../bob/private/contents/secret.txt" holds the segment `..`'),
    });
    expect(forgejo.requests.slice(before).every((r) => !r.url.includes("/contents/"))).toBe(true);
    const dryRun = await hdlp(["call", "repo-file-read", "path=docs/运维 #1.md", "--root", ROOT, "--dry-run"]);
    expect(dryRun.stdout).toBe(
      `GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/contents/docs/${encodeURIComponent("运维 #1.md")}\nauthorization: token ***\n`,
    );
  });

  it("hdlp lint takes it as a path: the repository's files, linted together, shown by their repository paths", async () => {
    const run = await hdlp(["lint", `${ROOT}@main`, "--format", "json"]);
    expect(run.code).toBe(1);
    const report = (JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string }[] }[] }).files;
    const broken = report.find((f) => f.path === `${ROOT}@main:tools/broken/TOOL.hdlp`)!;
    expect(broken.diagnostics.map((d) => d.rule)).toContain("unknown-executor");
    expect(report.map((f) => f.path)).toContain(`${ROOT}@main:tools/git-log/TOOL.hdlp`);
    const fix = await hdlp(["lint", ROOT, "--fix"]);
    expect(fix.code).toBe(2);
    expect(fix.stderr).toContain("--fix writes files back, and forgejo:zhuyuan/native-repo is in a repository");
  });

  it("the server down: the last good index is used and said to be stale; without one, an error naming the server", async () => {
    await hdlp(["list", "--root", ROOT]);
    forgejo.outage(true);
    try {
      const stale = await hdlp(["call", "git-log", "--root", ROOT]);
      expect(stale.code).toBe(0);
      expect(stale.stdout).toBe("91080ab first commit\n");
      expect(stale.stderr).toMatch(
        new RegExp(`^hdlp: warning: the tools root ${ROOT}:tools cannot be read from Forgejo at ${forgejo.url}: .*which may be stale\\n$`),
      );
      const none = await hdlp(["list", "--root", ROOT], { XDG_CACHE_HOME: join(work, "empty-cache") });
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(
        new RegExp(`^hdlp list: the tools root ${ROOT}:tools cannot be read from Forgejo at ${forgejo.url}: .*; no earlier index of it is kept\\n$`),
      );
    } finally {
      forgejo.outage(false);
    }
  });

  it("a malformed root or a missing Forgejo configuration is a usage error that says what to write", async () => {
    const malformed = await hdlp(["list", "--root", "forgejo:just-a-name"]);
    expect(malformed).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("the registry root `forgejo:just-a-name` is not written forgejo:OWNER/REPO[@REF][:PATH]"),
    });
    const unconfigured = await hdlp(["list", "--root", ROOT], { HDLP_FORGEJO_URL: "" });
    expect(unconfigured.code).toBe(2);
    expect(unconfigured.stderr).toContain("is a Forgejo repository, and Forgejo is not configured: set HDLP_FORGEJO_URL");
  });
});
