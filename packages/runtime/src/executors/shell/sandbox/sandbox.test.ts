/**
 * The shell executor's sandbox with the real bubblewrap (installed by
 * test/bubblewrap.ts when missing and the tests run as root).
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { ToolModel } from "@hdlp/parser";
import type { SandboxPolicy } from "../../../config/policy.ts";
import type { Envelope } from "../../../envelope.ts";
import type { ExecutionRequest, RuntimeConfig } from "../../executor.ts";
import { ensureBubblewrap } from "../../../../test/bubblewrap.ts";
import { perTestCleanup } from "../../../../test/per-test-cleanup.ts";
import { CMD_PARAM, modelOf, toolText } from "../../../../test/tool-fixtures.ts";
import { loadTool } from "@hdlp/parser";
import { createShellExecutor } from "../shell-executor.ts";
import { bubblewrap } from "./bubblewrap.ts";
import { planSandbox } from "./sandbox.ts";

const executor = createShellExecutor({ killGraceMs: 500 });
const freeText = modelOf({ name: "sh", params: [CMD_PARAM] });

const { temp, defer } = perTestCleanup("hdlp-sandbox-");

function config(policy: Partial<SandboxPolicy> = {}, extra: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return { gatekeepers: [], sandbox: { mode: "on", network: false, read: [], write: [], ...policy }, ...extra };
}

function request(tool: ToolModel, params: Record<string, unknown>, runtime: RuntimeConfig, timeoutMs = 10_000): ExecutionRequest {
  return { tool, params, timeoutMs, maxOutputBytes: 65536, config: runtime };
}

const sh = (cmd: string, runtime: RuntimeConfig = config(), timeoutMs?: number) => executor.execute(request(freeText, { cmd }, runtime, timeoutMs));

/** A tool declaring what it needs from the sandbox (the constraints network and write). */
function needing(needs: { network?: boolean; write?: readonly string[] }): ToolModel {
  const lines = toolText({ name: "needy", params: [CMD_PARAM] }).replace(
    "  require_confirm: false\n",
    `  require_confirm: false\n${needs.network ? "  network: true\n" : ""}${needs.write ? `  write: [${needs.write.map((p) => JSON.stringify(p)).join(", ")}]\n` : ""}`,
  );
  const { model, diagnostics } = loadTool(lines);
  if (!model) throw new Error(diagnostics.map((d) => d.message).join("\n"));
  return model;
}

/** The `sleep MARKER` processes still living on the machine, from the host's view. */
function survivors(markers: readonly string[]): string[] {
  const living = execFileSync("ps", ["-eo", "stat=,args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => !line.trim().startsWith("Z"));
  return living.filter((line) => markers.some((marker) => line.endsWith(`sleep ${marker}`)));
}

const WORKSPACE = resolve(import.meta.dirname, "../../../../../..");
const HOST = join(WORKSPACE, "packages/runtime/test/call-host.ts");

/** Runs a tool, sandboxed then unconfined, from a runtime host started with `HDLP_PROBE_TOKEN` in its environment. */
async function fromHostWithToken(cmd: string, token: string): Promise<Envelope[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", HOST, JSON.stringify({ modes: ["on", "off"], cmd })], {
    cwd: WORKSPACE,
    env: { ...process.env, HDLP_PROBE_TOKEN: token },
  });
  return JSON.parse(stdout) as Envelope[];
}

beforeAll(() => ensureBubblewrap());

describe("the sandbox", () => {
  // A host process of its own, started through tsx: slow to start on a busy machine.
  it("keeps the runtime's environment out of reach: no /proc entry of the host, and a clean /proc/1/environ", { timeout: 180_000 }, async () => {
    const token = "hdlp-probe-7c1e93a4d5";
    const snoop = 'cat /proc/$PPID/environ /proc/1/environ; for f in /proc/[0-9]*/environ; do cat "$f"; done; echo; ls /proc | grep -c "^[0-9]"';
    const [sandboxed, unconfined] = await fromHostWithToken(snoop, token);
    expect(sandboxed!.ok).toBe(true);
    expect(sandboxed!.output).not.toContain(token);
    expect(sandboxed!.output).not.toContain("HDLP_");
    // Only the sandbox's own processes: its init, the shell, ls and grep.
    expect(Number(sandboxed!.output.trim().split("\n").at(-1))).toBeLessThan(6);

    // The same tool unconfined reads the token from its parent (docs/security.md says so).
    expect(unconfined!.output).toContain(`HDLP_PROBE_TOKEN=${token}`);
  });

  it("leaves no survivor: what a tool starts in the background, with setsid or setpgrp, dies with the sandbox, on exit and on timeout", async () => {
    // The first two hold no pipe of the call's: nothing waits for them to end but the sandbox.
    const finished = await sh(
      "sleep 4241.25 >/dev/null 2>&1 & setsid sleep 4241.5 >/dev/null 2>&1 & setsid sleep 4242.25 & perl -e 'setpgrp; sleep 4242.5' & echo started",
    );
    expect(finished).toMatchObject({ ok: true, output: "started\n" });
    expect(survivors(["4241.25", "4241.5", "4242.25", "4242.5"])).toEqual([]);
    const timedOut = await sh("setsid sleep 4242.75 & perl -e 'setpgrp; sleep 4243.25' & wait", config(), 500);
    expect(timedOut).toMatchObject({ ok: false, timed_out: true });
    expect(survivors(["4242.75", "4243.25"])).toEqual([]);
  });

  it("refuses writes outside the paths granted: the system, what the operator lets tools read, the host's /tmp", async () => {
    const shared = temp();
    const result = await sh(
      `echo x > /usr/hdlp-sandbox-probe; echo y > ${shared}/from-tool; touch /etc/hdlp-probe; echo z > /tmp/private && cat /tmp/private; exit 3`,
      config({ read: [shared] }),
    );
    expect(result.error).toContain("/usr/hdlp-sandbox-probe: Read-only file system");
    expect(result.error).toContain(`${shared}/from-tool: Read-only file system`);
    expect(result.error).toMatch(/hdlp-probe.*Read-only file system/);
    expect(result.output).toBe("z\n"); // its private /tmp is writable
    expect(existsSync("/usr/hdlp-sandbox-probe") || existsSync(join(shared, "from-tool")) || existsSync("/tmp/private")).toBe(false);
  });

  it("grants a path the tool declares and the policy allows, and refuses one it does not, naming it", async () => {
    const allowed = temp();
    const reports = join(allowed, "reports");
    mkdirSync(reports);
    const writer = needing({ write: [reports] });
    const granted = await executor.execute(request(writer, { cmd: `echo done > ${reports}/r.txt` }, config({ write: [allowed] })));
    expect(granted).toMatchObject({ ok: true });
    expect(readFileSync(join(reports, "r.txt"), "utf8")).toBe("done\n");

    const refused = executor.execute(request(writer, { cmd: `echo again > ${reports}/s.txt` }, config({ write: ["/srv/elsewhere"] })));
    await expect(refused).rejects.toMatchObject({ refusal: "not-permitted" });
    await expect(refused).rejects.toThrow(`to write ${reports} (constraints.write), which is not inside sandbox.write (/srv/elsewhere)`);
    expect(existsSync(join(reports, "s.txt"))).toBe(false);
  });

  it("has no network unless the tool declares it and the policy allows it", async () => {
    const server = createServer((_, res) => res.end("reached"));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    defer(() => server.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const fetchIt = `curl --silent --show-error --max-time 5 ${url}`;

    const cut = await sh(fetchIt, config({ network: true }));
    expect(cut.ok).toBe(false);
    expect(cut.error).toMatch(/Failed to connect|Couldn't connect/);

    const online = needing({ network: true });
    expect(await executor.execute(request(online, { cmd: fetchIt }, config({ network: true })))).toMatchObject({ ok: true, output: "reached" });
    await expect(executor.execute(request(online, { cmd: fetchIt }, config({ network: false })))).rejects.toThrow(
      "`needy` needs the network (constraints.network: true), which sandbox.network does not allow",
    );
  });

  it("covers the operator's configuration and every secret file, even inside a readable folder", async () => {
    const operator = temp();
    const configPath = join(operator, "hdlp.config.json");
    const secretFile = join(operator, "db-password");
    writeFileSync(configPath, '{"api": {"token": "config-secret-1234"}}');
    writeFileSync(secretFile, "file-secret-5678\n");
    writeFileSync(join(operator, "notes.txt"), "readable\n");
    const runtime = config({ read: [operator] }, { configPath, secrets: { other: { DB_PASSWORD: { file: secretFile } } } });
    const result = await sh(`cat ${operator}/notes.txt; cat ${configPath}; cat ${secretFile}; cat /etc/shadow`, runtime);
    expect(result.output).toBe("readable\n");
    expect(result.error).not.toMatch(/secret-1234|secret-5678|root:/);
    const described = executor.describe(request(freeText, { cmd: "true" }, runtime));
    expect(described).toMatchObject({ kind: "process", sandbox: { kind: "bubblewrap", hidden: expect.arrayContaining([configPath, secretFile]) } });
  });

  it("says so when the program cannot be started in the sandbox, as when it cannot be started at all", async () => {
    const missing = await executor.execute(request(modelOf({ name: "missing", command: "/no/such/program-hdlp" }), {}, config()));
    expect(missing).toMatchObject({ ok: false });
    expect(missing.error).toMatch(/^could not start `\/no\/such\/program-hdlp` in its sandbox: .*No such file or directory/);
    const tool = modelOf({ name: "pwd", params: [CMD_PARAM, 'cwd: { type: string, required: false, description: "dir" }'] });
    const nowhere = await executor.execute(request(tool, { cmd: "pwd", cwd: "/no/such/dir" }, config()));
    expect(nowhere.error).toMatch(/^could not start `\/bin\/sh` in its sandbox: .*\/no\/such\/dir/);
  });

  it("starts where the runtime runs when that is in view, else at the root, and in the cwd param's folder", async () => {
    const readable = temp();
    expect((await sh("pwd", config({ read: [process.cwd()] }))).output).toBe(`${process.cwd()}\n`);
    expect((await sh("pwd", config({ read: [readable] }))).output).toBe("/\n");
    // The sandbox's /tmp is its own: a runtime running in a folder of the host's /tmp does not start the tool there.
    const plan = planSandbox({ tool: freeText, config: config(), hostCwd: readable }, () => bubblewrap());
    expect(plan).toMatchObject({ kind: "bubblewrap", cwd: "/" });
    const tool = modelOf({ name: "pwd", params: [CMD_PARAM, 'cwd: { type: string, required: false, description: "dir" }'] });
    expect((await executor.execute(request(tool, { cmd: "pwd", cwd: readable }, config({ read: [readable] })))).output).toBe(`${readable}\n`);
  });
});

describe("without a usable bubblewrap", () => {
  const missing = createShellExecutor({ bubblewrapPath: "/nonexistent/bwrap" });

  it("refuses to run when the policy requires the sandbox, saying how to get it", async () => {
    const marker = join(temp(), "ran");
    const call = missing.execute(request(freeText, { cmd: `touch ${marker}` }, config({ mode: "required" })));
    await expect(call).rejects.toMatchObject({ refusal: "not-permitted" });
    await expect(call).rejects.toThrow(/the sandbox is required .* cannot run here: bubblewrap \(\/nonexistent\/bwrap\) cannot be started/);
    expect(existsSync(marker)).toBe(false);
  });

  it("runs unconfined under the default policy and says so once, clearly", async () => {
    const warnings: string[] = [];
    const onWarning = (message: string) => warnings.push(message);
    const quiet = createShellExecutor({ bubblewrapPath: "/nonexistent/bwrap" });
    for (let i = 0; i < 2; i++) {
      const result = await quiet.execute({ ...request(freeText, { cmd: "ls /proc | grep -c '^[0-9]'" }, config()), onWarning });
      expect(result.ok).toBe(true);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^shell tools run unconfined: bubblewrap .* cannot be started/);
    expect(quiet.describe(request(freeText, { cmd: "true" }, config()))).toMatchObject({
      sandbox: { kind: "none", why: expect.stringContaining("/nonexistent/bwrap") },
    });
  });

  it("runs unconfined, without a word, when the operator turned the sandbox off", async () => {
    const warnings: string[] = [];
    const result = await missing.execute({ ...request(freeText, { cmd: "echo plain" }, config({ mode: "off" })), onWarning: (m) => warnings.push(m) });
    expect(result.output).toBe("plain\n");
    expect(warnings).toEqual([]);
  });
});
