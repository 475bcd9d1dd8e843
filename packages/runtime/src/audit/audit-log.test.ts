import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/tool-fixtures.ts";
import { type AuditRecord, openAuditLog } from "./audit-log.ts";

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  time: "2026-05-31T08:00:00.000Z",
  tool: "t",
  params: {},
  ok: true,
  outcome: "ok",
  duration_ms: 1,
  output_bytes: 0,
  ...overrides,
});

describe("openAuditLog", () => {
  it("appends one JSON line per record to a file only its owner can read, creating its folder", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const path = join(dir, "deep", "er", "audit.jsonl");
    const log = openAuditLog(path, { env: {} });
    await log.append(record({ tool: "a" }));
    await log.append(record({ tool: "b", ok: false, outcome: "failed", exit_code: 1, error: "boom\n" }));
    const lines = readFileSync(path, "utf8").split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(JSON.parse(lines[1]!)).toMatchObject({ tool: "b", ok: false, exit_code: 1, error: "boom\n" });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("masks HDLP_* secrets from the environment wherever they appear, nested params included, and bounds the error", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    const path = join(dir, "audit.jsonl");
    const env = { HDLP_API_TOKEN: "api-secret-123", HDLP_TOOLS_DIR: "tools", HDLP_FORGEJO_TOKEN: "fj-secret-456" };
    const log = openAuditLog(path, { env });
    await log.append(record({ params: { url: "https://x/?t=api-secret-123", nested: { list: ["fj-secret-456"] }, api_key: "k" }, error: `${"e".repeat(5000)}` }));
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("api-secret-123");
    expect(text).not.toContain("fj-secret-456");
    const line = JSON.parse(text) as { params: { url: string; nested: { list: string[] }; api_key: string }; error: string };
    expect(line.params).toEqual({ url: "https://x/?t=***", nested: { list: ["***"] }, api_key: "***" });
    expect(line.error.length).toBe(4097);
  });
});
