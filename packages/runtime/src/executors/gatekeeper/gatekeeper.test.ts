import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCommandTemplate } from "@hdlp/parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatekeeperFake } from "../../../test/fakes/gatekeeper.ts";
import { type RunningServer, sendJson, startServer } from "../../../test/fakes/server.ts";
import { callOf, configAt, TEST_TOKEN, toolModel } from "../../../test/fakes/tools.ts";
import { InvalidCallError, type RuntimeConfig } from "../executor.ts";
import { gatekeeperExecutor } from "./gatekeeper.ts";

/** The seed's own shell-exec (§7), as its ToolModel. */
const shellExec = toolModel({
  name: "shell-exec",
  executor: "gatekeeper",
  method: "exec",
  params: [
    { name: "cmd", required: true, description: "要执行的shell命令" },
    { name: "cwd", required: false, description: "工作目录" },
  ],
});

describe("gatekeeper against a gatekeeper built to its contract", () => {
  let workDir: string;
  let gatekeeper: RunningServer;
  let config: RuntimeConfig;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), "hdlp-gatekeeper-"));
    gatekeeper = await startGatekeeperFake({ token: TEST_TOKEN, workDir });
    config = configAt(gatekeeper.url);
  });
  afterAll(async () => {
    await gatekeeper.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it("runs the seed's shell-exec unchanged: echo hello returns hello (§4)", async () => {
    const result = await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "echo hello" }, config));
    expect(result).toEqual({ ok: true, output: "hello\n", error: null, exit_code: 0 });
    const sent = gatekeeper.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", url: "/exec" });
    expect(sent.headers["authorization"]).toBe(`Bearer ${TEST_TOKEN}`);
    expect(JSON.parse(sent.body)).toEqual({ method: "exec", params: { cmd: "echo hello" }, timeout_ms: 30000, max_output_bytes: 65536 });
  });

  it("a failing command: ok:false, its whole stderr in error and its exit code", async () => {
    const result = await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "echo partial; echo 'no such file: /x' >&2; exit 3", cwd: workDir }, config));
    expect(result).toEqual({ ok: false, output: "partial\n", error: "no such file: /x\n", exit_code: 3 });
  });

  it("stdout beyond max_output_bytes is cut, never splitting a character", async () => {
    const result = await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "for i in $(seq 1000); do printf '日志'; done" }, config, { maxOutputBytes: 10 }));
    expect(result).toMatchObject({ ok: true, output: "日志日", truncated: true });
  });

  it("a command template: each argument shell-quoted, so injection attempts stay literal on the far side", async () => {
    const tool = toolModel({
      executor: "gatekeeper",
      method: "exec",
      command: parseCommandTemplate("printf %s\\n {msg} [--tag {tag}]").template,
      params: [{ name: "msg", required: true }, { name: "tag" }],
    });
    const attacks = ["hi; touch pwned", "$(touch pwned)", "`touch pwned`", 'it\'s "quoted"', "a\nb", "*", "x' ; touch pwned; echo '", "~root", "$HOME"];
    for (const msg of attacks) {
      const result = await gatekeeperExecutor.execute(callOf(tool, { msg }, config));
      expect(result).toMatchObject({ ok: true, output: `${msg}\n` });
    }
    expect(await readdir(workDir)).not.toContain("pwned");

    const withGroup = await gatekeeperExecutor.execute(callOf(tool, { msg: "m", tag: "a b" }, config));
    expect(withGroup.output).toBe("m\n--tag\na b\n");
    expect(JSON.parse(gatekeeper.requests.at(-1)!.body).params).toEqual({ cmd: "printf '%s\\n' m --tag 'a b'" });
  });

  it("a command template with a cwd param sends it as cwd beside the built cmd", async () => {
    const tool = toolModel({
      executor: "gatekeeper",
      method: "exec",
      command: parseCommandTemplate("pwd").template,
      params: [{ name: "cwd" }],
    });
    const result = await gatekeeperExecutor.execute(callOf(tool, { cwd: "/tmp" }, config));
    expect(result).toMatchObject({ ok: true, output: "/tmp\n" });
    expect(JSON.parse(gatekeeper.requests.at(-1)!.body).params).toEqual({ cmd: "pwd", cwd: "/tmp" });
  });

  it("a template value that would be read as an option is refused before anything is sent", async () => {
    const tool = toolModel({
      executor: "gatekeeper",
      method: "exec",
      command: parseCommandTemplate("ls {dir}").template,
      params: [{ name: "dir", required: true }],
    });
    const before = gatekeeper.requests.length;
    await expect(gatekeeperExecutor.execute(callOf(tool, { dir: "-la" }, config))).rejects.toThrow(InvalidCallError);
    expect(gatekeeper.requests.length).toBe(before);
  });

  it("another method passes through with its validated params", async () => {
    const tool = toolModel({ executor: "gatekeeper", method: "systemctl.restart", params: [{ name: "unit", required: true }] });
    const result = await gatekeeperExecutor.execute(callOf(tool, { unit: "nginx" }, config));
    expect(JSON.parse(result.output)).toEqual({ method: "systemctl.restart", params: { unit: "nginx" } });
  });

  it("a wrong token: the status and the gatekeeper's body", async () => {
    const result = await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "true" }, configAt(gatekeeper.url, "wrong")));
    expect(result.ok).toBe(false);
    expect(result.error).toBe(`gatekeeper main (POST ${gatekeeper.url}/exec) answered 401 Unauthorized: {"error":"unauthorized"}`);
  });

  it("the token never shows: a gatekeeper that echoes headers back is masked, and so is the dry run", async () => {
    const tool = toolModel({ executor: "gatekeeper", method: "debug.headers" });
    const result = await gatekeeperExecutor.execute(callOf(tool, {}, config));
    expect(JSON.parse(result.output).authorization).toBe("Bearer ***");
    expect(JSON.stringify(result)).not.toContain(TEST_TOKEN);
    const dryRun = gatekeeperExecutor.describe(callOf(shellExec, { cmd: "uptime" }, config));
    expect(dryRun).toEqual({
      kind: "http",
      method: "POST",
      url: `${gatekeeper.url}/exec`,
      headers: { authorization: "Bearer ***", "content-type": "application/json" },
      body: JSON.stringify({ method: "exec", params: { cmd: "uptime" }, timeout_ms: 30000, max_output_bytes: 65536 }),
    });
  });
});

describe("choosing a gatekeeper", () => {
  let sg: RunningServer;
  let gz: RunningServer;
  const answerAs = (name: string) => startServer((_, res) => sendJson(res, 200, { stdout: name, stderr: "", exit_code: 0 }));
  beforeAll(async () => {
    sg = await answerAs("BS-SG-001");
    gz = await answerAs("BS-GZ-006");
  });
  afterAll(async () => {
    await Promise.all([sg.close(), gz.close()]);
  });

  const seedConfig = (): RuntimeConfig => ({
    gatekeepers: [
      { name: "BS-SG-001", url: sg.url, token: "sg-token" },
      { name: "BS-GZ-006", url: gz.url, token: "gz-token" },
    ],
    defaultGatekeeper: "BS-SG-001",
  });

  it("the default, unless the call names another", async () => {
    expect((await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "hostname" }, seedConfig()))).output).toBe("BS-SG-001");
    expect((await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "hostname" }, seedConfig(), { target: "BS-GZ-006" }))).output).toBe("BS-GZ-006");
    expect(gz.requests.at(-1)!.headers["authorization"]).toBe("Bearer gz-token");
  });

  it("an unknown name, or none configured, is an error that lists what there is", () => {
    expect(() => gatekeeperExecutor.describe(callOf(shellExec, { cmd: "x" }, seedConfig(), { target: "BS-XX-999" }))).toThrow(
      'no gatekeeper named "BS-XX-999"; configured: BS-SG-001, BS-GZ-006',
    );
    expect(() => gatekeeperExecutor.describe(callOf(shellExec, { cmd: "x" }, { gatekeepers: [] }))).toThrow(
      /no gatekeeper is configured: set HDLP_GATEKEEPER_URL/,
    );
  });
});

describe("a gatekeeper that ignores max_output_bytes", () => {
  it("a 4 MB answer is read as it streams: stdout cut at the cap, the exit code after it still read", async () => {
    const stdout = "日志行\n".repeat(400_000);
    const server = await startServer((_, res) => sendJson(res, 200, { stdout, stderr: "3 errors\n", exit_code: 3 }));
    try {
      const result = await gatekeeperExecutor.execute(callOf(shellExec, { cmd: "cat big.log" }, configAt(server.url), { maxOutputBytes: 11 }));
      expect(result).toEqual({ ok: false, output: "日志行\n", error: "3 errors\n", exit_code: 3, truncated: true });
    } finally {
      await server.close();
    }
  });
});
