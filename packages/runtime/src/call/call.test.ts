import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openAuditLog } from "../audit/audit-log.ts";
import { NOT_FOUND_SUGGESTION } from "../envelope.ts";
import { CMD_PARAM, indexOf, modelOf, tempDirForTest, UNCONFINED } from "../../test/tool-fixtures.ts";
import { type CallOptions, callTool, type ConfirmRequest } from "./call.ts";

/** The pipeline, unconfined (UNCONFINED says why). */
const call = (lookup: Parameters<typeof callTool>[0], request: Parameters<typeof callTool>[1], options: CallOptions = {}) =>
  callTool(lookup, request, { config: UNCONFINED, ...options });

const shellExec = modelOf({ name: "shell-exec", params: [CMD_PARAM, 'cwd: { type: string, required: false, description: "dir" }'] });
const touch = modelOf({
  name: "touch-file",
  command: "touch {path}",
  params: ['path: { type: string, required: true, description: "p" }', 'mode: { type: string, required: false, default: "a", enum: [a, m], description: "m" }'],
});
const guarded = modelOf({
  name: "rm-file",
  command: "rm -f -- {path}",
  params: ['path: { type: string, required: true, description: "p" }'],
  requireConfirm: true,
});
const slow = modelOf({ name: "slow", params: [CMD_PARAM], timeoutMs: 300 });
const index = indexOf(shellExec, touch, guarded, slow);

const temp = tempDirForTest;

describe("callTool", () => {
  it("runs a registered tool and returns the seed's envelope", async () => {
    const envelope = await call(index, { tool: "shell-exec", params: { cmd: "echo hello" } });
    expect(envelope).toMatchObject({ ok: true, tool: "shell-exec", method: "exec", output: "hello\n", error: null, found: true, exit_code: 0 });
    expect(typeof envelope.duration_ms).toBe("number");
  });

  it("answers an unknown name with found:false, the suggestion and the nearest names", async () => {
    const envelope = await call(index, { tool: "shell-exex", params: { cmd: "echo hi" } });
    expect(envelope).toMatchObject({ ok: false, found: false, tool: "shell-exex", suggestion: NOT_FOUND_SUGGESTION, did_you_mean: ["shell-exec"] });
    expect(envelope.error).toContain("shell-exex");
    const far = await call(index, { tool: "deploy-kubernetes" });
    expect(far.found).toBe(false);
    expect(far.did_you_mean).toBeUndefined();
  });

  it("refuses bad params, naming each param and what it expected, and runs nothing", async () => {
    const dir = temp();
    const target = join(dir, "created");
    const wrongType = await call(index, { tool: "touch-file", params: { path: 5 } });
    expect(wrongType).toMatchObject({ ok: false, found: true, refused: "invalid-params" });
    expect(wrongType.error).toContain("param `path` must be a string, got number 5");
    const unknown = await call(index, { tool: "touch-file", params: { path: target, force: true } });
    expect(unknown.error).toContain("unknown param `force`; `touch-file` takes `path`, `mode`");
    const badEnum = await call(index, { tool: "touch-file", params: { path: target, mode: "x" } });
    expect(badEnum.error).toContain('param `mode` must be one of "a", "m", got string "x"');
    const missing = await call(index, { tool: "touch-file", params: {} });
    expect(missing.error).toContain("missing required param `path` (string: p)");
    const dash = await call(index, { tool: "touch-file", params: { path: "-rf" } });
    expect(dash).toMatchObject({ ok: false, refused: "invalid-params" });
    expect(existsSync(target)).toBe(false);
  });

  it("checks an array's items and an object's fields as deep as the file declares them, naming the path", async () => {
    const batch = modelOf({
      name: "batch",
      command: "printf %s\\n [{hosts}]",
      params: [
        'hosts: { type: array, required: false, description: "h", items: { type: object, properties: { host: { type: string, required: true, description: "n" }, port: { type: integer, required: false, description: "p", enum: [22, 80] } } } }',
      ],
    });
    const batchIndex = indexOf(batch);
    const ok = await callTool(batchIndex, { tool: "batch", params: { hosts: [{ host: "a", port: 22 }, { host: "b" }] } });
    expect(ok).toMatchObject({ ok: true, output: '{"host":"a","port":22}\n{"host":"b"}\n' });
    const wrongItem = await callTool(batchIndex, { tool: "batch", params: { hosts: [{ host: "a", port: "22" }] } });
    expect(wrongItem).toMatchObject({ ok: false, refused: "invalid-params" });
    expect(wrongItem.error).toContain('param `hosts[0].port` must be an integer, got string "22"');
    const missing = await callTool(batchIndex, { tool: "batch", params: { hosts: [{ host: "a" }, { port: 80 }] } });
    expect(missing.error).toContain("param `hosts[1]` lacks its required field `host`");
    const extra = await callTool(batchIndex, { tool: "batch", params: { hosts: [{ host: "a", user: "root" }] } });
    expect(extra.error).toContain("param `hosts[0]` has the field `user`, which its `properties` do not declare");
    const outside = await callTool(batchIndex, { tool: "batch", params: { hosts: [{ host: "a", port: 443 }] } });
    expect(outside.error).toContain("param `hosts[0].port` must be one of 22, 80, got number 443");
  });

  it("applies declared defaults to the params the executor sees", async () => {
    const withDefault = modelOf({
      name: "greet",
      command: "echo [{greeting}] {name}",
      params: ['greeting: { type: string, required: false, default: "你好", description: "g" }', 'name: { type: string, required: true, description: "n" }'],
    });
    const envelope = await call(indexOf(withDefault), { tool: "greet", params: { name: "铸渊" } });
    expect(envelope.output).toBe("你好 铸渊\n");
  });

  it("runs a require_confirm tool only when the callback, shown exactly what will run, says yes", async () => {
    const dir = temp();
    const victim = join(dir, "keep me");
    await call(index, { tool: "touch-file", params: { path: victim } });
    const asked: ConfirmRequest[] = [];
    const refused = await call(
      index,
      { tool: "rm-file", params: { path: victim } },
      {
        confirm: (request) => {
          asked.push(request);
          return false;
        },
      },
    );
    expect(refused).toMatchObject({ ok: false, found: true, refused: "not-confirmed" });
    expect(refused.error).toMatch(/requires confirmation .* not confirmed; nothing was run/);
    expect(existsSync(victim)).toBe(true);
    const sandbox = { kind: "none", why: "the operator's sandbox.mode is off" };
    expect(asked[0]!.dryRun).toEqual({ kind: "process", argv: ["rm", "-f", "--", victim], sandbox });
    expect(asked[0]!.text).toBe(`rm -f -- '${victim}'\n# no sandbox: the operator's sandbox.mode is off\n`);

    const unasked = await call(index, { tool: "rm-file", params: { path: victim } });
    expect(unasked).toMatchObject({ ok: false, refused: "not-confirmed" });
    expect(existsSync(victim)).toBe(true);

    const confirmed = await call(index, { tool: "rm-file", params: { path: victim } }, { confirm: async () => true });
    expect(confirmed.ok).toBe(true);
    expect(existsSync(victim)).toBe(false);
  });

  it("times out at constraints.timeout_ms, and a caller may set a longer timeout", async () => {
    const cut = await call(index, { tool: "slow", params: { cmd: "sleep 1; echo done" } });
    expect(cut).toMatchObject({ ok: false, timed_out: true });
    expect(cut.error).toMatch(/^timed out after 300 ms/);
    const longer = await call(index, { tool: "slow", params: { cmd: "sleep 1; echo done" } }, { timeoutMs: 5000 });
    expect(longer).toMatchObject({ ok: true, output: "done\n" });
  });

  it("reports an executor this runtime does not have as a failure, not a crash", async () => {
    const remote = modelOf({ name: "remote", executor: "gatekeeper", params: [CMD_PARAM] });
    const envelope = await call(indexOf(remote), { tool: "remote", params: { cmd: "ls" } }, { executors: {} });
    expect(envelope).toMatchObject({ ok: false, found: true });
    expect(envelope.error).toContain("the executor `gatekeeper` is not available");
  });

  it("writes two audit lines per call, whatever the outcome, sharing a call id, with no secret in them", async () => {
    const dir = temp();
    const path = join(dir, "logs", "audit.jsonl");
    const token = "tok-9f8e7d6c5b4a";
    const audit = openAuditLog(path, { config: { gatekeepers: [{ name: "gk", url: "http://gk", token }] }, env: {} });
    await call(index, { tool: "shell-exec", params: { cmd: "echo ok" } }, { audit, origin: { client: "test-client", transport: "library" } });
    await call(index, { tool: "shell-exec", params: { cmd: `echo ${token} >&2; exit 2` } }, { audit });
    await call(index, { tool: "nope", params: {} }, { audit });
    await call(index, { tool: "rm-file", params: { path: "x" } }, { audit });
    await call(index, { tool: "touch-file", params: { path: 1 } }, { audit });
    await call(
      indexOf(modelOf({ name: "login", params: [CMD_PARAM, 'password: { type: string, required: false, description: "p" }'] })),
      { tool: "login", params: { cmd: "true", password: "hunter2" } },
      { audit },
    );
    const text = readFileSync(path, "utf8");
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(12);
    const starts = lines.filter((l) => l["event"] === "start");
    const ends = lines.filter((l) => l["event"] === "end");
    expect(starts.map((l) => l["call"])).toEqual(ends.map((l) => l["call"]));
    expect(new Set(starts.map((l) => l["call"])).size).toBe(6);
    expect(ends.map((l) => [l["tool"], l["ok"], l["outcome"], l["exit_code"]])).toEqual([
      ["shell-exec", true, "ok", 0],
      ["shell-exec", false, "failed", 2],
      ["nope", false, "not-found", undefined],
      ["rm-file", false, "not-confirmed", undefined],
      ["touch-file", false, "invalid-params", undefined],
      ["login", true, "ok", 0],
    ]);
    for (const line of lines) expect(typeof line["time"]).toBe("string");
    for (const line of ends) expect(typeof line["duration_ms"]).toBe("number");
    expect(starts[0]).toMatchObject({ params: { cmd: "echo ok" }, client: "test-client", transport: "library" });
    expect(starts[5]!["params"]).toEqual({ cmd: "true", password: "***" });
    expect(text).not.toContain(token);
    expect(text).not.toContain("hunter2");
  });

  it("audits a call its caller's signal stopped as cancelled, with who asked and through what", async () => {
    const path = join(temp(), "audit.jsonl");
    const controller = new AbortController();
    const running = call(
      index,
      { tool: "shell-exec", params: { cmd: "sleep 300" } },
      {
        audit: openAuditLog(path, { env: {} }),
        signal: controller.signal,
        origin: { client: "claude-code", transport: "stdio" },
      },
    );
    setTimeout(() => controller.abort(), 300);
    const envelope = await running;
    expect(envelope).toMatchObject({ ok: false, found: true });
    expect(envelope.error).toMatch(/^cancelled/);
    const [start, end] = readFileSync(path, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(start).toMatchObject({ event: "start", tool: "shell-exec", client: "claude-code", transport: "stdio" });
    expect(end).toMatchObject({ event: "end", call: start!["call"], tool: "shell-exec", ok: false, outcome: "cancelled" });
  });
});

describe("callTool's params", () => {
  it("reports a params_schema ajv cannot compile as a refusal, not a crash", async () => {
    const drifted = { ...touch, name: "drifted", params: [{ name: "x", type: "text" as never, required: true, description: "" }] };
    const envelope = await call(indexOf(drifted), { tool: "drifted", params: { x: "1" } });
    expect(envelope).toMatchObject({ ok: false, refused: "invalid-params" });
    expect(envelope.error).toContain("the params_schema of `drifted` cannot be compiled");
  });

  it("refuses params that are not an object", async () => {
    const envelope = await call(index, { tool: "shell-exec", params: ["echo hi"] as unknown as Record<string, unknown> });
    expect(envelope).toMatchObject({ ok: false, refused: "invalid-params" });
    expect(envelope.error).toContain("params must be object");
  });

  it("compiles a tool's validator once and reuses it, leaving the caller's params untouched", async () => {
    const { checkParams, validatorFor } = await import("./params-schema.ts");
    const given = { path: "x" };
    expect(checkParams(touch, given)).toEqual({ ok: true, params: { path: "x", mode: "a" } });
    expect(given).toEqual({ path: "x" });
    expect(validatorFor(touch)).toBe(validatorFor(touch));
    expect(validatorFor(touch)).not.toBe(validatorFor(guarded));
  });
});
