/**
 * docs/executors.md, run: every TOOL.hdlp example on the page is written to a
 * tools root and called through the real `hdlp call`, with the environment
 * pointing at servers built to each documented contract. Also the parts of
 * the pipeline only the CLI shows: --dry-run, --target, the audit log, exit
 * codes, and that the token appears in none of them.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startForgejoFake, type ForgejoFake } from "./fakes/forgejo.ts";
import { startGatekeeperFake } from "./fakes/gatekeeper.ts";
import { startHlpdApiFake } from "./fakes/hlpd-api.ts";
import { refusedUrl } from "./fakes/faults.ts";
import type { RunningServer } from "./fakes/server.ts";
import { TEST_TOKEN } from "./fakes/tools.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const HDLP = join(repoRoot, "node_modules/.bin/hdlp");
const DOC = join(repoRoot, "docs/executors.md");

/** The ```hdlp blocks of a markdown page, by tool name. */
function examples(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, body] of markdown.matchAll(/```hdlp\n([\s\S]*?)```/g)) {
    const name = /^name: (\S+)$/m.exec(body!)?.[1];
    if (name) found.set(name, body!);
  }
  return found;
}

describe("docs/executors.md, through `hdlp call`", () => {
  let dir: string;
  let toolsRoot: string;
  let workDir: string;
  let audit: string;
  let gatekeeper: RunningServer;
  let api: RunningServer;
  let forgejo: ForgejoFake;
  let env: Record<string, string>;
  const outputs: string[] = [];

  const hdlp = async (...args: string[]) => {
    // Only the variables set here: an HDLP_* of the machine running the tests must not leak in.
    const host = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("HDLP_")));
    const result = await execa(HDLP, args, { env: { ...host, ...env }, extendEnv: false, reject: false, cwd: dir, stripFinalNewline: false });
    outputs.push(result.stdout, result.stderr);
    return result;
  };
  const call = async (...args: string[]) => {
    const result = await hdlp("call", "--root", toolsRoot, ...args, "--json");
    return { exitCode: result.exitCode, envelope: JSON.parse(result.stdout), stderr: result.stderr };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "hdlp-executors-doc-"));
    toolsRoot = join(dir, "tools");
    workDir = join(dir, "server");
    audit = join(dir, "audit.jsonl");
    await mkdir(workDir);
    for (const [name, text] of examples(await readFile(DOC, "utf8"))) {
      await mkdir(join(toolsRoot, name), { recursive: true });
      await writeFile(join(toolsRoot, name, "TOOL.hdlp"), text);
    }
    gatekeeper = await startGatekeeperFake({ token: TEST_TOKEN, workDir });
    api = await startHlpdApiFake({ token: TEST_TOKEN, modules: [{ id: "L4-TOOL-003", title: "工具Agent", layer: 4 }] });
    forgejo = await startForgejoFake({ token: TEST_TOKEN, user: "zhuyuan" });
    forgejo.seed("zhuyuan", "native-repo", { "tools/shell-exec/TOOL.hdlp": "name: shell-exec\n" });
    env = {
      HDLP_GATEKEEPER_URL: gatekeeper.url,
      HDLP_GATEKEEPER_TOKEN: TEST_TOKEN,
      HDLP_API_URL: api.url,
      HDLP_API_TOKEN: TEST_TOKEN,
      HDLP_FORGEJO_URL: forgejo.url,
      HDLP_FORGEJO_TOKEN: TEST_TOKEN,
      HDLP_FORGEJO_REPO: "zhuyuan/native-repo",
      HDLP_AUDIT_LOG: audit,
    };
  });

  // Every request the fake Forgejo received fits Forgejo's OpenAPI document.
  afterEach(() => expect(forgejo.violations.splice(0)).toEqual([]));
  afterAll(async () => {
    await Promise.all([gatekeeper?.close(), api?.close(), forgejo?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it("has an example for every remote executor, and each lints clean", async () => {
    const names = await readdir(toolsRoot);
    expect(names.sort()).toEqual(["cache-get", "issue-list", "issue-open", "log-search", "module-get", "pr-merge", "repo-file-read", "shell-exec"]);
    const lint = await hdlp("lint", toolsRoot);
    expect(lint.stdout + lint.stderr).not.toMatch(/warning|error/);
    expect(lint.exitCode).toBe(0);
  });

  it("gatekeeper: the seed's shell-exec returns hello", async () => {
    const { exitCode, envelope } = await call("shell-exec", "cmd=echo hello");
    expect(exitCode).toBe(0);
    expect(envelope).toMatchObject({ ok: true, tool: "shell-exec", method: "exec", output: "hello\n", error: null, exit_code: 0 });
  });

  it("gatekeeper: a failing command returns its real stderr and exit code, exit 1", async () => {
    const { exitCode, envelope } = await call("shell-exec", "cmd=ls /no/such/dir");
    expect(exitCode).toBe(1);
    expect(envelope).toMatchObject({ ok: false, exit_code: 2 });
    expect(envelope.error).toContain("/no/such/dir");
  });

  it("gatekeeper: log-search keeps an injection attempt literal", async () => {
    await writeFile(join(workDir, "app.log"), "ok\nERROR $(touch pwned); rm -rf x\nok\n");
    const { envelope } = await call("log-search", "pattern=$(touch pwned); rm", "file=app.log");
    expect(envelope).toMatchObject({ ok: true, output: "2:ERROR $(touch pwned); rm -rf x\n" });
    expect(await readdir(workDir)).toEqual(["app.log"]);
    const insensitive = await call("log-search", "pattern=error", "file=app.log", "ignore_case=true");
    expect(insensitive.envelope.output).toBe("2:ERROR $(touch pwned); rm -rf x\n");
  });

  it("hlpd-api: cache-get over JSON-RPC, module-get over REST", async () => {
    const cache = await call("cache-get", "key=tools.index");
    expect(cache.envelope.ok).toBe(true);
    expect(JSON.parse(cache.envelope.output)).toMatchObject({ jsonrpc: "2.0", result: null });
    const module = await call("module-get", "id=L4-TOOL-003", "fields=title");
    expect(api.requests.at(-1)!.url).toBe("/modules/L4-TOOL-003?fields=title");
    expect(JSON.parse(module.envelope.output)).toEqual({ id: "L4-TOOL-003", title: "工具Agent", layer: 4 });
  });

  it("git-forgejo: repo-file-read decodes the file; issue-open needs confirming", async () => {
    const file = await call("repo-file-read", "path=tools/shell-exec/TOOL.hdlp");
    expect(file.envelope).toMatchObject({ ok: true, output: "name: shell-exec\n" });

    const refused = await call("issue-open", "title=磁盘满了");
    expect(refused.exitCode).toBe(1);
    expect(refused.envelope.error).toContain("requires confirmation");
    const created = await call("issue-open", "title=磁盘满了", "body=/var 100%", "--yes");
    expect(created.exitCode).toBe(0);
    expect(JSON.parse(created.envelope.output)).toMatchObject({ number: 1, title: "磁盘满了", body: "/var 100%" });
  });

  it("git-forgejo: issue-list pages, with the labels comma-separated and the paging in the envelope", async () => {
    for (const title of ["one", "two", "three"]) await call("issue-open", `title=${title}`, "--yes");
    const page = await call("issue-list", 'labels=["bug","ops"]', "state=all", "limit=2");
    expect(forgejo.requests.at(-1)!.url).toBe("/api/v1/repos/zhuyuan/native-repo/issues?state=all&labels=bug%2Cops&page=1&limit=2&type=issues");
    const all = await call("issue-list", "state=all", "limit=2");
    expect(all.envelope).toMatchObject({ ok: true, total_count: 4, has_more: true });
    expect(JSON.parse(all.envelope.output)).toHaveLength(2);
    expect(page.envelope).toMatchObject({ ok: true, total_count: 0, has_more: false });
  });

  it("git-forgejo: pr-merge refuses a style Forgejo does not know, before anything is sent", async () => {
    const before = forgejo.requests.length;
    const refused = await call("pr-merge", "index=1", "style=fast-forward", "--yes");
    expect(refused.exitCode).toBe(2);
    expect(refused.envelope).toMatchObject({ ok: false, refused: "invalid-params" });
    expect(forgejo.requests.length).toBe(before);
  });

  it("--dry-run prints the request with the token masked and sends nothing", async () => {
    const before = gatekeeper.requests.length;
    const { stdout, exitCode } = await hdlp("call", "--root", toolsRoot, "shell-exec", "cmd=uptime", "--dry-run");
    expect(exitCode).toBe(0);
    expect(stdout).toBe(
      `POST ${gatekeeper.url}/exec\nauthorization: Bearer ***\ncontent-type: application/json\n\n` +
        `{"method":"exec","params":{"cmd":"uptime"},"timeout_ms":30000,"max_output_bytes":65536}\n`,
    );
    expect(gatekeeper.requests.length).toBe(before);
  });

  it("--target chooses a named gatekeeper from hdlp.config.json; a server that is down is named", async () => {
    const down = await refusedUrl();
    await writeFile(join(dir, "hdlp.config.json"), JSON.stringify({ gatekeepers: { "BS-SG-001": { url: gatekeeper.url }, "BS-GZ-006": { url: down } } }));
    const { HDLP_GATEKEEPER_URL: _url, HDLP_GATEKEEPER_TOKEN: _token, ...rest } = env;
    const saved = env;
    env = { ...rest, HDLP_GATEKEEPER_BS_SG_001_TOKEN: TEST_TOKEN };
    try {
      expect((await call("shell-exec", "cmd=echo sg")).envelope.output).toBe("sg\n");
      const failed = await call("shell-exec", "cmd=echo gz", "--target", "BS-GZ-006");
      expect(failed.exitCode).toBe(1);
      expect(failed.envelope.error).toContain(`POST ${down}/exec failed: connect ECONNREFUSED`);
      const unknown = await call("shell-exec", "cmd=echo", "--target", "BS-XX-999");
      expect(unknown.exitCode).toBe(2);
      expect(unknown.envelope.error).toContain('no gatekeeper named "BS-XX-999"');
    } finally {
      env = saved;
      await rm(join(dir, "hdlp.config.json"));
    }
  });

  it("the audit log has a line per call, and the token is nowhere", async () => {
    const lines = (await readFile(audit, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.tool)).toContain("cache-get");
    expect(lines.find((l) => l.tool === "issue-open" && l.ok)).toBeDefined();
    expect(await readFile(audit, "utf8")).not.toContain(TEST_TOKEN);
    expect(outputs.join("\n")).not.toContain(TEST_TOKEN);
  });
});
