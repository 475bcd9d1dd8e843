import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolModel } from "@hdlp/parser";
import type { ExecutionRequest, ExecutionResult } from "../executor.ts";
import { CMD_PARAM, modelOf, tempDir, UNCONFINED } from "../../../test/tool-fixtures.ts";
import { killRunningGroups } from "./process-group.ts";
import { createShellExecutor } from "./shell-executor.ts";

const executor = createShellExecutor({ killGraceMs: 500 });
const freeText = modelOf({ name: "sh", params: [CMD_PARAM] });

/** Unconfined: these pin how a process is run, stopped and read, and what holds without bubblewrap (docs/security.md). */
function request(tool: ToolModel, params: Record<string, unknown>, limits: { timeoutMs?: number; maxOutputBytes?: number } = {}): ExecutionRequest {
  return { tool, params, timeoutMs: limits.timeoutMs ?? 10_000, maxOutputBytes: limits.maxOutputBytes ?? 65536, config: UNCONFINED };
}

const run = (cmd: string, limits?: { timeoutMs?: number; maxOutputBytes?: number }) => executor.execute(request(freeText, { cmd }, limits));

/** Living (non-zombie) processes of a process group, from ps. */
function livingInGroup(pgid: number): string[] {
  const table = execFileSync("ps", ["-eo", "pid=,pgid=,stat=,comm="], { encoding: "utf8" });
  return table
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, group, stat]) => Number(group) === pgid && stat !== undefined && !stat.startsWith("Z"))
    .map((fields) => fields.join(" "));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).trim();
    return stat !== "" && !stat.startsWith("Z");
  } catch {
    return false;
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("shell executor", () => {
  it("returns stdout raw, final newline included", async () => {
    const result = await run("echo hello");
    expect(result).toEqual({ ok: true, output: "hello\n", error: null, exit_code: 0 });
  });

  it("decodes UTF-8 output and keeps it byte for byte", async () => {
    const result = await run("printf '工具\\n\\tend  '");
    expect(result.output).toBe("工具\n\tend  ");
  });

  it("fails on a non-zero exit with the whole stderr and the exit code", async () => {
    const result = await run("echo partial; printf 'line one\\nline two\\n' >&2; exit 3");
    expect(result).toEqual({ ok: false, output: "partial\n", error: "line one\nline two\n", exit_code: 3 });
  });

  it("keeps the stderr of a successful run apart from the output", async () => {
    const result = await run("echo out; echo warning >&2");
    expect(result).toMatchObject({ ok: true, output: "out\n", stderr: "warning\n", error: null });
  });

  it("says so when the program cannot be started", async () => {
    const tool = modelOf({ name: "missing", command: "/no/such/program-hdlp" });
    const result = await executor.execute(request(tool, {}));
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/could not start `\/no\/such\/program-hdlp`/);
    expect(result.error).toMatch(/ENOENT/);
  });

  it("runs in the cwd param's folder, and names it when it does not exist", async () => {
    const tool = modelOf({ name: "pwd", params: [CMD_PARAM, 'cwd: { type: string, required: false, description: "dir" }'] });
    expect((await executor.execute(request(tool, { cmd: "pwd", cwd: "/tmp" }))).output).toBe("/tmp\n");
    const missing = await executor.execute(request(tool, { cmd: "pwd", cwd: "/no/such/dir" }));
    expect(missing.ok).toBe(false);
    expect(missing.error).toContain("/no/such/dir");
  });

  it("runs a command template in the cwd param's folder as well", async () => {
    const tool = modelOf({ name: "where", command: "/bin/pwd", params: ['cwd: { type: string, required: false, description: "dir" }'] });
    expect((await executor.execute(request(tool, { cwd: "/tmp" }))).output).toBe("/tmp\n");
  });

  it("passes no HDLP_* variable and only the minimal environment to the tool", async () => {
    const host = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: "/home/test",
      LANG: "C.UTF-8",
      HDLP_GATEKEEPER_TOKEN: "s3cret",
      AWS_SECRET_ACCESS_KEY: "leak",
    };
    const isolated = createShellExecutor({ hostEnv: host });
    const result = await isolated.execute(request(freeText, { cmd: "env" }));
    const names = result.output
      .trim()
      .split("\n")
      .map((line) => line.split("=")[0]);
    expect(result.output).not.toContain("s3cret");
    expect(names).not.toContain("HDLP_GATEKEEPER_TOKEN");
    expect(names).not.toContain("AWS_SECRET_ACCESS_KEY");
    expect(result.output).toContain("HOME=/home/test\n");
    expect(result.output).toContain("LANG=C.UTF-8\n");
  });

  it("on timeout stops the whole process group, grandchildren that ignore SIGTERM included, and keeps the output so far", async () => {
    // The leader prints its pid (= the group id) and its children's pids, then waits forever.
    const cmd = "echo $$; sleep 300 & echo $!; (trap '' TERM; sleep 300) & echo $!; sh -c 'sleep 300' & echo $!; wait";
    const result = await run(cmd, { timeoutMs: 700 });
    expect(result.ok).toBe(false);
    expect(result.timed_out).toBe(true);
    expect(result.error).toMatch(/^timed out after 700 ms/);
    const [leader, ...children] = result.output.trim().split("\n").map(Number);
    expect(children).toHaveLength(3);
    expect(livingInGroup(leader!)).toEqual([]);
    for (const pid of [leader!, ...children]) expect(alive(pid), `pid ${pid} survived`).toBe(false);
  });

  /** Kills what an unconfined run left outside its group (the test's own cleanup; see docs/security.md). */
  const killLater = (pids: readonly number[]) =>
    cleanups.push(() =>
      pids.forEach((pid) => {
        // Only a pid the output gave: an empty line reads as 0, and kill(0) would signal this test's own process group.
        if (!Number.isInteger(pid) || pid <= 0) return;
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }),
    );

  /**
   * Runs a command whose child escapes the call's process group and prints its
   * pid, until one call's child got to print it before the timeout: on a loaded
   * machine the child may not even start in time, and then the call tests
   * nothing. Each escaped child is killed after the test.
   */
  async function runUntilEscaped(cmd: string, timeoutMs: number): Promise<{ result: ExecutionResult; escaped: number }> {
    for (let attempt = 1; ; attempt++) {
      const result = await run(cmd, { timeoutMs });
      const escaped = Number(result.output.trim().split("\n")[0]);
      killLater([escaped]);
      if (escaped > 0 || attempt === 5) return { result, escaped };
    }
  }

  it("holds the timeout when a child leaves the process group with setsid and keeps stdout open", async () => {
    const { result, escaped } = await runUntilEscaped("setsid sh -c 'echo $$; exec sleep 20' &", 2000);
    expect(escaped, "the escaped child's pid, from its output (in 5 calls)").toBeGreaterThan(0);
    expect(result).toMatchObject({ ok: false, timed_out: true });
    expect(result.error).toMatch(/^timed out after 2000 ms/);
    // The call returned at its timeout, not when the escaped child (unconfined here) chose to end.
    expect(alive(escaped), "the call waited for the escaped child to end").toBe(true);
  });

  it("holds the timeout when a child moves to its own process group (setpgrp) and keeps stdout open", async () => {
    // The `echo` after it keeps sh from exec'ing perl, so perl is a child of the group, free to leave it.
    const { result, escaped } = await runUntilEscaped(`perl -e '$| = 1; setpgrp; print "$$\\n"; sleep 20'; echo after`, 2000);
    expect(escaped, "the escaped child's pid, from its output (in 5 calls)").toBeGreaterThan(0);
    expect(result).toMatchObject({ ok: false, timed_out: true });
    expect(alive(escaped), "the call waited for the escaped child to end").toBe(true);
  });

  it("does not let a background job outlive the call", async () => {
    const result = await run("sleep 300 & echo $!");
    expect(result.ok).toBe(true);
    expect(alive(Number(result.output.trim()))).toBe(false);
  });

  it("tells onOutput the size of each piece of stdout and stderr as it arrives", async () => {
    const sizes: number[] = [];
    const result = await executor.execute({ ...request(freeText, { cmd: "printf 12345; sleep 0.2; printf abc >&2" }), onOutput: (bytes) => sizes.push(bytes) });
    expect(result.ok).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(8);
    expect(sizes.length).toBeGreaterThanOrEqual(2);
  });

  it("caps the output while it streams: an endless writer is cut at max_output_bytes with bounded memory", async () => {
    const before = process.memoryUsage().rss;
    const result = await run("yes", { timeoutMs: 1500, maxOutputBytes: 1000 });
    const grown = process.memoryUsage().rss - before;
    expect(result.output).toBe("y\n".repeat(500));
    expect(result.truncated).toBe(true);
    expect(result.timed_out).toBe(true);
    // `yes` writes hundreds of MB in that time; keeping them would show here.
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  });

  it("never cuts a UTF-8 character in half at the cap", async () => {
    const result = await run("printf '工具工具'", { maxOutputBytes: 4 }); // 3-byte characters: only one fits whole
    expect(result.output).toBe("工");
    expect(result.truncated).toBe(true);
  });

  it("passes injection attempts through a command template as literal arguments", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const marker = join(dir, "pwned");
    const tool = modelOf({ name: "say", command: "printf %s|\\n {msg}", params: ['msg: { type: string, required: true, description: "text" }'] });
    for (const msg of [`hi; touch ${marker}`, `$(touch ${marker})`, `\`touch ${marker}\``, `a\ntouch ${marker}`, `x' ; touch '${marker}`, `> ${marker}`]) {
      const result = await executor.execute(request(tool, { msg }));
      expect(result.output).toBe(`${msg}|\n`);
      expect(existsSync(marker)).toBe(false);
    }
  });
});

describe("shell executor cancellation", () => {
  it("stops the whole group when the call's signal aborts, and starts nothing once it has", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const controller = new AbortController();
    const running = executor.execute({ ...request(freeText, { cmd: `echo $$; sleep 300 & echo $!; wait` }), signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const result = await running;
    expect(result).toMatchObject({ ok: false });
    expect(result.error).toMatch(/^cancelled/);
    for (const pid of result.output.trim().split("\n").map(Number)) expect(alive(pid), `pid ${pid} survived`).toBe(false);

    const marker = join(dir, "ran");
    const late = await executor.execute({ ...request(freeText, { cmd: `touch ${marker}` }), signal: controller.signal });
    expect(late.ok).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });

  it("killRunningGroups stops every running group at once, with no grace for a tool that ignores SIGTERM", async () => {
    // A grace longer than the test's own limit: only the immediate SIGKILL can end this call in time.
    const patient = createShellExecutor({ killGraceMs: 120_000 });
    const controller = new AbortController();
    const running = patient.execute({ ...request(freeText, { cmd: `trap "" TERM; echo $$; sleep 300 & echo $!; wait` }), signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    killRunningGroups();
    const result = await running;
    expect(result.error).toMatch(/^cancelled/);
    const pids = result.output.trim().split("\n").map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(alive(pid), `pid ${pid} survived`).toBe(false);
  });
});
