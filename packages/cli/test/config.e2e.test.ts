/**
 * The operator's configuration through the real `hdlp`: where the file is
 * found, `hdlp schema --config`, `hdlp config check` / `hdlp doctor` (real
 * HTTP servers on 127.0.0.1, the real bubblewrap), and the controls holding
 * against a caller: a denied tool by name, hidden from list and match; a
 * timeout above the ceiling.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { CONFIG_SCHEMA } from "@hdlp/runtime";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { toolText } from "../../runtime/test/tool-fixtures.ts";
import { ensureDebianPackages } from "../../../test/support/debian-packages.ts";
import { project, runHdlp, runProgram } from "./run-hdlp.ts";

const TOKEN = "gk-token-0123456789";

const TOOLS = {
  "tools/db-drop/TOOL.hdlp": toolText({ name: "db-drop", intent: "删除数据库中的一张表 drop a database table", command: "touch dropped" }),
  "tools/db-query/TOOL.hdlp": toolText({ name: "db-query", intent: "查询数据库 query the database", command: "echo rows" }),
  "tools/slow/TOOL.hdlp": toolText({ name: "slow", command: "sleep 30", timeoutMs: 600000 }),
};

const config = (data: unknown) => ({ "hdlp.config.json": JSON.stringify(data) });

/** A server on 127.0.0.1 answering every request with `status` and `body`. */
async function answering(status: number, body: string): Promise<string> {
  const server: Server = createServer((_, res) => res.writeHead(status, { "content-type": "application/json" }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A URL on which nothing listens: a port the OS gave, then closed. */
async function nothingListening(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe("which configuration applies", () => {
  it("the nearest hdlp.config.json from the working folder up; HDLP_CONFIG and --config name another", async () => {
    const dir = await project({ ...TOOLS, ...config({ tools: { deny: ["db-drop"] } }), "elsewhere.json": JSON.stringify({ tools: { deny: ["db-query"] } }) });
    const fromBelow = await runHdlp(["list", "--root", join(dir, "tools"), "--json"], { cwd: join(dir, "tools", "db-query") });
    expect(JSON.parse(fromBelow.stdout).tools.map((t: { name: string }) => t.name)).toEqual(["db-query", "slow"]);
    const byEnv = await runHdlp(["list", "--json"], { cwd: dir, env: { HDLP_CONFIG: "elsewhere.json" } });
    expect(JSON.parse(byEnv.stdout).tools.map((t: { name: string }) => t.name)).toEqual(["db-drop", "slow"]);
    const byOption = await runHdlp(["list", "--json", "--config", "elsewhere.json"], { cwd: dir });
    expect(JSON.parse(byOption.stdout).not_allowed).toBe(1);
  });

  it("a file with an unknown key stops every command with a did-you-mean, exit 2", async () => {
    const cwd = await project({ ...TOOLS, ...config({ tools: { dney: ["db-drop"] } }) });
    for (const args of [["list"], ["match", "drop a table"], ["call", "db-query"]]) {
      const run = await runHdlp(args, { cwd });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${join(cwd, "hdlp.config.json")}: tools: unknown key "dney"; did you mean "deny"?`);
    }
  });

  it("registry.root names the tools root, relative to the file", async () => {
    const cwd = await project({ "agent/tools/db-query/TOOL.hdlp": TOOLS["tools/db-query/TOOL.hdlp"], ...config({ registry: { root: "agent/tools" } }) });
    const run = await runHdlp(["call", "db-query"], { cwd: join(cwd, "agent") });
    expect(run).toMatchObject({ code: 0, stdout: "rows\n" });
  });
});

describe("the controls, through the CLI", () => {
  it("a denied tool called by name is refused and runs nothing; list and match never show it", async () => {
    const cwd = await project({ ...TOOLS, ...config({ tools: { deny: ["db-d*"] } }) });
    const call = await runHdlp(["call", "db-drop", "--json"], { cwd, env: { HDLP_AUDIT_LOG: join(cwd, "audit.jsonl") } });
    expect(call.code).toBe(1);
    expect(JSON.parse(call.stdout)).toMatchObject({
      ok: false,
      refused: "not-permitted",
      error: "`db-drop` is not allowed by the operator's policy (`tools` in hdlp.config.json); nothing was run",
    });
    expect(spawnSync("test", ["-e", join(cwd, "dropped")]).status).toBe(1);
    const list = await runHdlp(["list"], { cwd });
    expect(list.stdout).not.toContain("db-drop");
    expect(list.stdout).toContain("2 tools in");
    expect(list.stdout).toContain("1 not allowed by the operator's policy");
    const match = await runHdlp(["match", "drop a database table", "--json"], { cwd });
    expect(match.stdout).not.toContain("db-drop");
    const typo = await runHdlp(["call", "db-dro"], { cwd });
    expect(typo.stderr).not.toContain("db-drop");
  });

  it("a caller's --timeout above the ceiling runs with the ceiling, and says so", async () => {
    const cwd = await project({ ...TOOLS, ...config({ ceilings: { timeout_ms: 300 } }) });
    const run = await runHdlp(["call", "slow", "--timeout", "900000"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("timed out after 300 ms");
    expect(run.stderr).toContain("hdlp: timeout_ms 900000 (asked by --timeout) is above the operator's ceiling; the call ran with 300");
  });
});

describe("hdlp schema --config", () => {
  it("prints the configuration's schema, the one the loader checks against, which ajv compiles strictly", async () => {
    const run = await runHdlp(["schema", "--config"], { cwd: await project({}) });
    expect(run.code).toBe(0);
    const schema = JSON.parse(run.stdout);
    expect(schema).toEqual(CONFIG_SCHEMA);
    expect(() => new Ajv2020({ strict: true }).compile(schema)).not.toThrow();
  });
});

describe("hdlp config check / hdlp doctor", () => {
  it("shows every effective value with where it came from, secrets masked, and exits 0 when all is well", async () => {
    const gatekeeper = await answering(404, '{"message":"not found"}');
    const forgejo = await answering(200, '{"version":"11.0.1+gitea-1.22.0"}');
    const cwd = await project({
      ...TOOLS,
      ...config({
        gatekeepers: { "BS-SG-001": { url: gatekeeper } },
        forgejo: { url: forgejo },
        tools: { deny: ["db-drop"] },
        secrets: { "db-query": { PGPASSWORD: { env: "TEST_PG_PASSWORD" } } },
        sandbox: { mode: "off" },
      }),
    });
    const env = { HDLP_GATEKEEPER_BS_SG_001_TOKEN: TOKEN, TEST_PG_PASSWORD: "pg-secret-value" };
    const run = await runHdlp(["config", "check"], { cwd, env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Configuration file: hdlp.config.json (the nearest from this folder up)");
    expect(run.stdout).toMatch(/^ {2}gatekeepers\.BS-SG-001\.url +"http:\/\/127\.0\.0\.1:\d+" +file hdlp\.config\.json$/m);
    expect(run.stdout).toMatch(/^ {2}gatekeepers\.BS-SG-001\.token +"\*\*\*" +env HDLP_GATEKEEPER_BS_SG_001_TOKEN$/m);
    expect(run.stdout).toMatch(/^ {2}sandbox\.network +false +default$/m);
    expect(run.stdout).toContain("3 registered in tools; not allowed by the tools policy: db-drop");
    expect(run.stdout).toContain("db-query PGPASSWORD from variable TEST_PG_PASSWORD: readable");
    expect(run.stdout).toContain(`gatekeeper BS-SG-001 ${gatekeeper}: answers (HTTP 404 Not Found)`);
    expect(run.stdout).toContain(`git-forgejo forgejo ${forgejo}: answers (HTTP 200 OK, Forgejo 11.0.1+gitea-1.22.0)`);
    expect(run.stdout).toContain("No problems found.");
    expect(run.stdout).not.toContain(TOKEN);
    expect(run.stdout).not.toContain("pg-secret-value");
    const doctor = await runHdlp(["doctor"], { cwd, env });
    expect(doctor).toMatchObject({ code: 0, stdout: run.stdout });
  });

  it("names the server that does not answer and a secret that cannot be read, and exits 1", async () => {
    const down = await nothingListening();
    const cwd = await project({
      ...TOOLS,
      ...config({ api: { url: down }, secrets: { "db-query": { PGPASSWORD: { file: "/nonexistent/pg.pw" } } }, sandbox: { mode: "off" } }),
    });
    const run = await runHdlp(["doctor", "--json"], { cwd });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.executors).toEqual([
      {
        executor: "hlpd-api",
        name: "hlpd-api",
        url: down,
        answered: false,
        detail: `GET ${down} failed: connect ECONNREFUSED ${down.slice("http://".length)}`,
      },
    ]);
    expect(report.problems).toEqual([
      "the secret PGPASSWORD of `db-query` (file /nonexistent/pg.pw) cannot be read: ENOENT: no such file or directory, open '/nonexistent/pg.pw'",
      `hlpd-api hlpd-api (${down}) does not answer: GET ${down} failed: connect ECONNREFUSED ${down.slice("http://".length)}`,
    ]);
  });

  it("a configuration that cannot be loaded is the problem it reports", async () => {
    const cwd = await project(config({ sandbox: { mode: "requird" } }));
    const run = await runHdlp(["config", "check"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('sandbox.mode: must be one of "on", "off", "required", not the string "requird"; did you mean "required"?');
  });

  describe("the sandbox", () => {
    let emptyPath: string;
    beforeAll(async () => {
      ensureDebianPackages(["bubblewrap"], "The sandbox check of `hdlp config check`");
      emptyPath = await mkdtemp(join(tmpdir(), "hdlp-no-bwrap-"));
    });
    afterAll(() => rm(emptyPath, { recursive: true, force: true }));

    it("says that bubblewrap works here, with its version", async () => {
      const cwd = await project({ ...TOOLS, ...config({ sandbox: { mode: "required" } }) });
      const run = await runHdlp(["doctor", "--json"], { cwd });
      const version = spawnSync("bwrap", ["--version"], { encoding: "utf8" }).stdout.trim();
      expect(JSON.parse(run.stdout).sandbox).toEqual({ mode: "required", works: true, detail: version });
      expect(run.code).toBe(0);
    });

    it("where bubblewrap is missing: a problem when the sandbox is required, a warning when it is on", async () => {
      const required = await project({ ...TOOLS, ...config({ sandbox: { mode: "required" } }) });
      const run = await hdlpWithPath(["doctor", "--json"], required, emptyPath);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout);
      expect(report.sandbox).toMatchObject({ mode: "required", works: false });
      expect(report.problems[0]).toMatch(
        /^sandbox: mode is required but the sandbox does not work here, so no shell tool will run: bubblewrap \(bwrap\) is not installed/,
      );
      const on = await project({ ...TOOLS, ...config({ sandbox: { mode: "on" } }) });
      const warned = JSON.parse((await hdlpWithPath(["doctor", "--json"], on, emptyPath)).stdout);
      expect(warned.problems).toEqual([]);
      expect(warned.warnings[0]).toMatch(/^sandbox: shell tools will run unconfined: bubblewrap \(bwrap\) is not installed/);
    });
  });
});

/** hdlp started by node itself, so that PATH can leave bwrap out. */
const HDLP_JS = fileURLToPath(new URL("../bin/hdlp.js", import.meta.url));
const hdlpWithPath = (args: readonly string[], cwd: string, path: string) => runProgram(process.execPath, [HDLP_JS, ...args], { cwd, env: { PATH: path } });
