import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/tool-fixtures.ts";
import { type CallEnd, MAX_PARAM_CHARS, openAuditLog } from "./audit-log.ts";
import { MIN_SECRET_LENGTH } from "../executors/http/secrets.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function logPath(name = "audit.jsonl") {
  const { dir, remove } = tempDir();
  cleanups.push(remove);
  return join(dir, name);
}

const ended = (overrides: Partial<CallEnd> = {}): CallEnd => ({ tool: "t", ok: true, outcome: "ok", duration_ms: 1, output_bytes: 0, ...overrides });
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("openAuditLog", () => {
  it("writes one line when a call starts and one when it ends, sharing a call id, to a file only its owner can read", async () => {
    const path = join(logPath("deep/er/x"), "..", "audit.jsonl");
    const log = openAuditLog(path, { env: {} });
    const first = await log.begin({ tool: "a", params: { n: 1 } });
    const second = await log.begin({ tool: "b", params: {}, client: "claude-code", transport: "stdio" });
    await second.end(ended({ tool: "b", ok: false, outcome: "failed", exit_code: 1, error: "boom\n" }));
    await first.end(ended({ tool: "a", method: "exec", executor: "shell" }));
    const written = lines(path);
    expect(written.map((l) => [l["event"], l["tool"], l["call"]])).toEqual([
      ["start", "a", first.id],
      ["start", "b", second.id],
      ["end", "b", second.id],
      ["end", "a", first.id],
    ]);
    expect(first.id).not.toBe(second.id);
    expect(written[0]).toMatchObject({ params: { n: 1 } });
    expect(typeof written[0]!["time"]).toBe("string");
    expect(written[1]).toMatchObject({ client: "claude-code", transport: "stdio" });
    expect(written[2]).toMatchObject({ ok: false, outcome: "failed", exit_code: 1, error: "boom\n" });
    expect(written[3]).toMatchObject({ ok: true, method: "exec", executor: "shell", duration_ms: 1 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("masks whole values that hold a secret and secrets inside error text, never text that merely shares a character", async () => {
    const path = logPath();
    const token = "tok-9f8e7d6c5b4a";
    const log = openAuditLog(path, { env: { HDLP_API_TOKEN: token, HDLP_FORGEJO_TOKEN: "a", HDLP_TOOLS_DIR: "tools" } });
    const call = await log.begin({
      tool: "echo-arg",
      params: { url: `https://x/?t=${token}`, nested: { list: [token, "fine"] }, word: "banana", single: "a", api_key: "k" },
    });
    await call.end(ended({ tool: "echo-arg", method: "exec", ok: false, outcome: "failed", error: `401: token ${token} refused; try again` }));
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(token);
    const [start, end] = lines(path);
    expect(start).toMatchObject({ tool: "echo-arg", params: { url: "***", nested: { list: ["***", "fine"] }, word: "banana", single: "***", api_key: "***" } });
    expect(end).toMatchObject({ tool: "echo-arg", method: "exec", error: "401: token *** refused; try again" });
  });

  it("masks the secrets of the call itself, given when it ends", async () => {
    const path = logPath();
    const call = await openAuditLog(path, { env: {} }).begin({ tool: "db-query", params: {} });
    await call.end(ended({ ok: false, outcome: "failed", error: "password pg-secret-2026 rejected" }), { secrets: ["pg-secret-2026"] });
    expect(lines(path)[1]).toMatchObject({ error: "password *** rejected" });
  });

  it("cuts a long param (a masked secret is never cut in half) and a long error, and says so in the line", async () => {
    const path = logPath();
    const token = "s3cret-token-value";
    const log = openAuditLog(path, { env: { HDLP_GATEKEEPER_TOKEN: token } });
    const long = "x".repeat(5000);
    const call = await log.begin({
      tool: "t",
      params: { content: long, list: Array.from({ length: 400 }, (_, i) => `item-${i}`), short: "ok", hides: `${"y".repeat(MAX_PARAM_CHARS - 5)}${token}` },
    });
    await call.end(ended({ ok: false, outcome: "failed", error: "e".repeat(5000) }));
    const [start, end] = lines(path);
    const params = start!["params"] as Record<string, unknown>;
    expect(params["content"]).toBe("x".repeat(MAX_PARAM_CHARS));
    expect(typeof params["list"]).toBe("string");
    expect((params["list"] as string).length).toBe(MAX_PARAM_CHARS);
    expect(params["short"]).toBe("ok");
    expect(params["hides"]).toBe("***");
    expect(start!["params_cut"]).toEqual({ content: 5000, list: JSON.stringify(Array.from({ length: 400 }, (_, i) => `item-${i}`)).length });
    expect((end!["error"] as string).length).toBe(4096);
    expect(end!["error_cut"]).toBe(5000);
    expect(readFileSync(path, "utf8")).not.toContain("s3cret-token");
  });

  it("finds a secret inside text from MIN_SECRET_LENGTH characters on; a shorter one only as a whole value", async () => {
    const path = logPath();
    const long = "k".repeat(MIN_SECRET_LENGTH);
    const short = "q".repeat(MIN_SECRET_LENGTH - 1);
    const call = await openAuditLog(path, { env: { HDLP_API_TOKEN: long, HDLP_FORGEJO_TOKEN: short } }).begin({
      tool: "t",
      params: { a: short, b: `x${short}x` },
    });
    await call.end(ended({ ok: false, outcome: "failed", error: `<${long}> <${short}>` }));
    const [start, end] = lines(path);
    expect(start!["params"]).toEqual({ a: "***", b: `x${short}x` });
    expect(end!["error"]).toBe(`<***> <${short}>`);
  });
});
