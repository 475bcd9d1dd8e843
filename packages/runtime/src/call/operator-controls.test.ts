/**
 * The operator's controls (docs/config.md) holding against a tool file or a
 * caller asking for more: ceilings, the allow and deny lists, and secrets
 * that reach one tool only. Real processes, real files.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createToolAgent } from "../agent.ts";
import { openAuditLog } from "../audit/audit-log.ts";
import { toolAccess } from "../config/tool-access.ts";
import type { RuntimeConfig } from "../executors/executor.ts";
import { CMD_PARAM, indexOf, modelOf, tempDirForTest, toolText, writeTool } from "../../test/tool-fixtures.ts";
import { callTool, describeCall, isPrepared, prepareCall } from "./call.ts";

const temp = tempDirForTest;

const config = (controls: Partial<RuntimeConfig>): RuntimeConfig => ({ gatekeepers: [], ...controls });

describe("ceilings", () => {
  const patient = modelOf({ name: "patient", params: [CMD_PARAM], timeoutMs: 600_000 });
  const chatty = modelOf({ name: "chatty", params: [CMD_PARAM], maxOutputBytes: 1_000_000 });
  const index = indexOf(patient, chatty);

  it("a tool file asking for a longer timeout than the ceiling is stopped at the ceiling, and the envelope says so", async () => {
    const envelope = await callTool(index, { tool: "patient", params: { cmd: "sleep 20; echo late" } }, { config: config({ ceilings: { timeout_ms: 300 } }) });
    expect(envelope).toMatchObject({ ok: false, timed_out: true, output: "" });
    expect(envelope.error).toMatch(/^timed out after 300 ms/);
    expect(envelope.ceilings_applied).toEqual({ timeout_ms: { asked: 600_000, asked_by: "tool", ceiling: 300 } });
  });

  it("a caller asking for more (--timeout) gets the ceiling too", async () => {
    const envelope = await callTool(
      index,
      { tool: "patient", params: { cmd: "sleep 20" } },
      { config: config({ ceilings: { timeout_ms: 300 } }), timeoutMs: 900_000 },
    );
    expect(envelope).toMatchObject({ ok: false, timed_out: true });
    expect(envelope.ceilings_applied).toEqual({ timeout_ms: { asked: 900_000, asked_by: "caller", ceiling: 300 } });
  });

  it("output is cut at the ceiling when the tool file allows more", async () => {
    const envelope = await callTool(
      index,
      { tool: "chatty", params: { cmd: "yes | head -c 100000" } },
      { config: config({ ceilings: { max_output_bytes: 10 } }) },
    );
    expect(envelope).toMatchObject({ ok: true, output: "y\ny\ny\ny\ny\n", truncated: true });
    expect(envelope.ceilings_applied).toEqual({ max_output_bytes: { asked: 1_000_000, asked_by: "tool", ceiling: 10 } });
  });

  it("asking for no more than the ceiling changes nothing and adds nothing", async () => {
    const envelope = await callTool(
      index,
      { tool: "chatty", params: { cmd: "echo hi" } },
      { config: config({ ceilings: { timeout_ms: 600_000, max_output_bytes: 1_000_000 } }), timeoutMs: 5000 },
    );
    expect(envelope).toMatchObject({ ok: true, output: "hi\n" });
    expect(envelope).not.toHaveProperty("ceilings_applied");
  });

  it("the dry run and a remote executor's request carry the lowered limits", () => {
    const prepared = prepareCall(
      index,
      { tool: "patient", params: { cmd: "true" } },
      { config: config({ ceilings: { timeout_ms: 1000, max_output_bytes: 64 } }) },
    );
    if (!isPrepared(prepared)) throw new Error(prepared.envelope.error ?? "refused");
    expect(prepared.request).toMatchObject({ timeoutMs: 1000, maxOutputBytes: 64 });
    expect(prepared.ceilingsApplied).toEqual({
      timeout_ms: { asked: 600_000, asked_by: "tool", ceiling: 1000 },
      max_output_bytes: { asked: 65536, asked_by: "tool", ceiling: 64 },
    });
  });
});

describe("the allow and deny lists", () => {
  const marker = (dir: string) => join(dir, "ran");
  const tools = (dir: string) =>
    indexOf(
      modelOf({ name: "db-drop", command: `touch ${marker(dir)}` }),
      modelOf({ name: "db-query", command: "echo rows" }),
      modelOf({ name: "git-log", command: "echo log" }),
    );

  it("a denied tool called by name is refused, nothing runs, and the answer does not say whether it exists", async () => {
    const dir = temp();
    const policy = config({ tools: { allow: [], deny: ["db-d*"] } });
    const denied = await callTool(tools(dir), { tool: "db-drop" }, { config: policy });
    expect(denied).toMatchObject({ ok: false, tool: "db-drop", method: "", output: "", refused: "not-permitted" });
    expect(denied.error).toBe("`db-drop` is not allowed by the operator's policy (`tools` in hdlp.config.json); nothing was run");
    expect(denied).not.toHaveProperty("found");
    expect(existsSync(marker(dir))).toBe(false);
    const unregistered = await callTool(tools(dir), { tool: "db-delete" }, { config: policy });
    expect({ ...unregistered, duration_ms: 0, tool: "" }).toEqual({
      ...denied,
      duration_ms: 0,
      tool: "",
      error: denied.error!.replace("db-drop", "db-delete"),
    });
  });

  it("an allow list lets only its names and globs run; deny wins over allow", async () => {
    const dir = temp();
    const policy = config({ tools: { allow: ["db-*", "git-log"], deny: ["db-drop"] } });
    expect(await callTool(tools(dir), { tool: "db-query" }, { config: policy })).toMatchObject({ ok: true, output: "rows\n" });
    expect(await callTool(tools(dir), { tool: "git-log" }, { config: policy })).toMatchObject({ ok: true });
    expect(await callTool(tools(dir), { tool: "db-drop" }, { config: policy })).toMatchObject({ refused: "not-permitted" });
    const outside = await callTool(tools(dir), { tool: "git-push" }, { config: config({ tools: { allow: ["db-query"], deny: [] } }) });
    expect(outside).toMatchObject({ refused: "not-permitted" });
    expect(existsSync(marker(dir))).toBe(false);
  });

  it("a front end that serves fewer narrows the policy further, never widens it", async () => {
    const dir = temp();
    const policy = config({ tools: { allow: [], deny: ["db-drop"] } });
    const onlyDb = toolAccess(policy.tools, ["db-*"]);
    expect(await callTool(tools(dir), { tool: "db-query" }, { config: policy, access: onlyDb })).toMatchObject({ ok: true });
    expect(await callTool(tools(dir), { tool: "git-log" }, { config: policy, access: onlyDb })).toMatchObject({ refused: "not-permitted" });
    expect(await callTool(tools(dir), { tool: "db-drop" }, { config: policy, access: onlyDb })).toMatchObject({ refused: "not-permitted" });
    expect(existsSync(marker(dir))).toBe(false);
  });

  it("did-you-mean never names a denied tool", async () => {
    const dir = temp();
    const open = await callTool(tools(dir), { tool: "db-dro" });
    expect(open.did_you_mean).toContain("db-drop");
    const policy = config({ tools: { allow: [], deny: ["db-drop"] } });
    const hidden = await callTool(tools(dir), { tool: "db-dro" }, { config: policy });
    expect(hidden).toMatchObject({ found: false });
    expect(hidden.did_you_mean ?? []).not.toContain("db-drop");
    expect(hidden.error).not.toContain("db-drop");
  });

  it("matching an intent never offers a denied tool", () => {
    const root = temp();
    writeTool(root, "db-drop", toolText({ name: "db-drop", intent: "删除数据库中的表 drop a database table", command: "true" }));
    writeTool(root, "db-query", toolText({ name: "db-query", intent: "查询数据库 query the database", command: "true" }));
    const open = createToolAgent({ root, cacheDir: false });
    expect(open.match({ intent: "drop a database table" }).candidates.map((c) => c.name)).toContain("db-drop");
    const guarded = createToolAgent({ root, cacheDir: false, call: { config: config({ tools: { allow: [], deny: ["db-drop"] } }) } });
    const names = guarded.match({ intent: "drop a database table" }).candidates.map((c) => c.name);
    expect(names).not.toContain("db-drop");
  });

  it("the audit line says not-permitted", async () => {
    const dir = temp();
    const path = join(dir, "audit.jsonl");
    await callTool(tools(dir), { tool: "db-drop" }, { config: config({ tools: { allow: [], deny: ["db-*"] } }), audit: openAuditLog(path, { env: {} }) });
    const [start, end] = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(start).toMatchObject({ event: "start", tool: "db-drop" });
    expect(end).toMatchObject({ event: "end", call: start.call, tool: "db-drop", ok: false, outcome: "not-permitted" });
  });
});

describe("secrets for tools", () => {
  const SECRET = "pg-s3cret-value-42";
  const env = { HDLP_TEST_DB_PASSWORD: SECRET };
  const checks = modelOf({ name: "db-query", command: "sh -c {script}", params: ['script: { type: string, required: true, description: "s" }'] });
  const other = modelOf({ name: "other", params: [CMD_PARAM] });
  const remote = modelOf({ name: "remote-db", executor: "gatekeeper", params: [CMD_PARAM] });
  const index = indexOf(checks, other, remote);
  const withSecret = config({ secrets: { "db-query": { DB_PASSWORD: { env: "HDLP_TEST_DB_PASSWORD" } } } });

  it("reach the tool they are mapped to, in its environment", async () => {
    const envelope = await callTool(
      index,
      { tool: "db-query", params: { script: `test "$DB_PASSWORD" = '${SECRET}' && echo received` } },
      { config: withSecret, env },
    );
    expect(envelope).toMatchObject({ ok: true, output: "received\n" });
  });

  it("are masked as whole values in the output, the error and stderr", async () => {
    const printed = await callTool(
      index,
      { tool: "db-query", params: { script: 'echo "pw=$DB_PASSWORD"; echo "warn $DB_PASSWORD" >&2' } },
      { config: withSecret, env },
    );
    expect(printed).toMatchObject({ ok: true, output: "pw=***\n", stderr: "warn ***\n" });
    const failed = await callTool(
      index,
      { tool: "db-query", params: { script: 'echo "cannot log in with $DB_PASSWORD" >&2; exit 3' } },
      { config: withSecret, env },
    );
    expect(failed).toMatchObject({ ok: false, exit_code: 3, error: "cannot log in with ***\n" });
  });

  it("are out of another tool's reach, whether it asks by the secret's name or its source's", async () => {
    // The source is in hdlp's own environment, as an operator's would be.
    vi.stubEnv("TEST_DB_PASSWORD", SECRET);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const fromProcess = config({ secrets: { "db-query": { DB_PASSWORD: { env: "TEST_DB_PASSWORD" } } } });
    const owner = await callTool(index, { tool: "db-query", params: { script: 'test -n "$DB_PASSWORD" && echo has-it' } }, { config: fromProcess });
    expect(owner).toMatchObject({ ok: true, output: "has-it\n" });
    const script = "printenv DB_PASSWORD || echo no-DB_PASSWORD; printenv TEST_DB_PASSWORD || echo no-TEST_DB_PASSWORD; env";
    const asked = await callTool(index, { tool: "other", params: { cmd: script } }, { config: fromProcess });
    expect(asked).toMatchObject({ ok: true });
    expect(asked.output).toMatch(/^no-DB_PASSWORD\nno-TEST_DB_PASSWORD\n/);
    expect(asked.output).not.toContain(SECRET);
  });

  it("come from a file too, read when the call starts (a rotated file is picked up)", async () => {
    const dir = temp();
    const file = join(dir, "db.pw");
    writeFileSync(file, "first-secret-1\n");
    const fromFile = config({ secrets: { "db-query": { DB_PASSWORD: { file } } } });
    const script = { script: 'printf %s "$DB_PASSWORD" | wc -c; echo "$DB_PASSWORD"' };
    expect(await callTool(index, { tool: "db-query", params: script }, { config: fromFile })).toMatchObject({ ok: true, output: "14\n***\n" });
    writeFileSync(file, "second-secret-22");
    expect(await callTool(index, { tool: "db-query", params: script }, { config: fromFile })).toMatchObject({ ok: true, output: "16\n***\n" });
  });

  it("are masked in the audit line, even when a caller passes the value as a param", async () => {
    const dir = temp();
    const path = join(dir, "audit.jsonl");
    const audit = openAuditLog(path, { env: {} });
    await callTool(index, { tool: "db-query", params: { script: `echo ${SECRET} >&2; exit 1` } }, { config: withSecret, env, audit });
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(SECRET);
    const [start, end] = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    // The caller's value holding the secret is masked whole; the tool's text has the secret replaced where it appears.
    expect(start).toMatchObject({ event: "start", tool: "db-query", params: { script: "***" } });
    expect(end).toMatchObject({ event: "end", tool: "db-query", error: "***\n" });
  });

  it("a secret that cannot be read refuses the call, naming the variable and never a value, and runs nothing", async () => {
    const dir = temp();
    const marker = join(dir, "ran");
    const touch = { script: `touch ${marker}` };
    const unset = await callTool(index, { tool: "db-query", params: touch }, { config: withSecret, env: {} });
    expect(unset).toMatchObject({ ok: false, found: true, refused: "secret-unavailable" });
    expect(unset.error).toBe(
      "the secret DB_PASSWORD of `db-query` (variable HDLP_TEST_DB_PASSWORD) cannot be read: HDLP_TEST_DB_PASSWORD is not set in hdlp's environment; nothing was run",
    );
    const missingFile = await callTool(
      index,
      { tool: "db-query", params: touch },
      { config: config({ secrets: { "db-query": { DB_PASSWORD: { file: join(dir, "nope") } } } }) },
    );
    expect(missingFile.error).toContain("ENOENT");
    const short = await callTool(index, { tool: "db-query", params: touch }, { config: withSecret, env: { HDLP_TEST_DB_PASSWORD: "abc" } });
    expect(short.error).toContain("is 3 characters long; a secret must be at least 8");
    expect(short.error).not.toContain("abc");
    expect(existsSync(marker)).toBe(false);
  });

  it("a tool whose executor cannot hand it its secrets is refused rather than run without them", async () => {
    const mapped = config({
      secrets: { "remote-db": { DB_PASSWORD: { env: "HDLP_TEST_DB_PASSWORD" } } },
      gatekeepers: [{ name: "gk", url: "http://127.0.0.1:9" }],
    });
    const envelope = await callTool(index, { tool: "remote-db", params: { cmd: "true" } }, { config: mapped, env });
    expect(envelope).toMatchObject({ ok: false, refused: "secret-unavailable" });
    expect(envelope.error).toContain("its executor (gatekeeper) cannot hand them to the tool");
  });

  it("a dry run shows no value", () => {
    const prepared = prepareCall(index, { tool: "db-query", params: { script: "true" } }, { config: withSecret, env });
    if (!isPrepared(prepared)) throw new Error(prepared.envelope.error ?? "refused");
    const described = describeCall(prepared);
    expect(JSON.stringify(described)).not.toContain(SECRET);
  });
});
