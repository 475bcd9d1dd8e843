import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonMembersReader, type ReadMembers } from "./json-members.ts";

const KEEP = new Set(["stdout", "stderr", "exit_code"]);

/** Feeds `body` to a reader in the given chunk sizes (cycled), as a server's packets would arrive. */
function read(body: string, cap: number, sizes: readonly number[] = [body.length || 1]): ReadMembers & { stopped: boolean } {
  const reader = new JsonMembersReader(KEEP, cap);
  const bytes = Buffer.from(body, "utf8");
  let stopped = false;
  for (let at = 0, i = 0; at < bytes.length && !stopped; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    stopped = !reader.push(bytes.subarray(at, at + size));
    at += size;
  }
  return { ...reader.result(), stopped };
}

const answer = fc.record({
  stdout: fc.string({ unit: "binary", maxLength: 200 }),
  stderr: fc.string({ unit: "binary", maxLength: 50 }),
  exit_code: fc.integer({ min: -1, max: 255 }),
  extra: fc.option(fc.jsonValue(), { nil: undefined }),
});

describe("JsonMembersReader, on a gatekeeper's answer", () => {
  it("reads what JSON.parse reads, however the body is split into chunks", () => {
    fc.assert(
      fc.property(answer, fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1 }), fc.boolean(), (value, sizes, pretty) => {
        const body = JSON.stringify(value, null, pretty ? 2 : undefined);
        const result = read(body, 1000, sizes);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.strings.get("stdout")).toEqual({ text: value.stdout, dropped: false });
        expect(result.strings.get("stderr")).toEqual({ text: value.stderr, dropped: false });
        expect(result.scalars.get("exit_code")).toBe(value.exit_code);
        expect(result.strings.has("extra")).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a string member up to the cap and says the rest was dropped", () => {
    const result = read(JSON.stringify({ stdout: "日志".repeat(10_000), exit_code: 0 }), 5, [3]);
    expect(result.ok && result.strings.get("stdout")).toEqual({ text: "日志日志日", dropped: true });
    expect(result.ok && result.scalars.get("exit_code")).toBe(0);
  });

  it("escapes, \\u sequences included, decode as JSON says", () => {
    const result = read('{"stdout": "a\\"b\\\\c\\/d\\n\\u00e9\\ud83d\\ude00", "exit_code": 1}', 100, [1]);
    expect(result.ok && result.strings.get("stdout")?.text).toBe('a"b\\c/d\né😀');
  });

  it.each([
    ["not JSON", "<html>Bad Gateway</html>", "the body is not a JSON object"],
    ["an array", "[1, 2]", "the body is not a JSON object"],
    ["cut off", '{"stdout": "abc', "the body ends before its JSON object does"],
    ["trailing text", '{"stdout": ""} extra', "there is more after the JSON object"],
    ["a bad escape", '{"stdout": "\\q"}', "`\\q` is not a JSON escape"],
    ["a bad scalar", '{"exit_code": 0x1}', "a value is not JSON"],
    ["a raw newline in a string", '{"stdout": "a\nb"}', "a string holds a raw control character"],
    ["a missing colon", '{"stdout" "a"}', "expected `:` after a member name"],
  ])("%s is not an answer, and says why", (_, body, reason) => {
    expect(read(body, 100)).toMatchObject({ ok: false, reason });
  });

  it("stops asking for more as soon as the body cannot be an answer", () => {
    expect(read("y".repeat(10_000), 100, [10]).stopped).toBe(true);
  });

  it("partial() gives the stdout that has arrived so far", () => {
    const reader = new JsonMembersReader(KEEP, 100);
    reader.push(Buffer.from('{"exit_code": 0, "stdout": "first li'));
    expect(reader.partial("stdout")).toEqual({ text: "first li", dropped: false });
  });
});
