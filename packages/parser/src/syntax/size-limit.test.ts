import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lint } from "../lint/lint.ts";
import { parse } from "./parse.ts";
import { MAX_TOOL_FILE_BYTES } from "./size-limit.ts";

const seed = readFileSync(new URL("testdata/seed.hdlp", import.meta.url), "utf8");

/** The seed's tool padded with comment lines to exactly `bytes` bytes of UTF-8 (`unit` a one-line comment). */
function padded(bytes: number, unit = "# padding\n"): string {
  let text = seed;
  const room = bytes - Buffer.byteLength(text);
  const units = Math.floor(room / Buffer.byteLength(unit));
  text += unit.repeat(units);
  return text + "#".repeat(bytes - Buffer.byteLength(text));
}

describe("the size limit", () => {
  it("parses a file of exactly MAX_TOOL_FILE_BYTES as any other", () => {
    const text = padded(MAX_TOOL_FILE_BYTES);
    expect(Buffer.byteLength(text)).toBe(MAX_TOOL_FILE_BYTES);
    const parsed = parse(text);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.document.fieldText("name")).toBe("shell-exec");
    expect(lint(parsed)).toEqual([]);
  });

  it("answers one byte more with one diagnostic and no tree, in parse and in lint", () => {
    const text = padded(MAX_TOOL_FILE_BYTES + 1);
    const parsed = parse(text);
    expect(parsed.document.entries).toEqual([]);
    expect(parsed.diagnostics).toEqual([
      {
        rule: "file-too-large",
        severity: "error",
        message: "This file is 1,048,577 bytes, more than the 1,048,576 bytes (1 MiB) a TOOL.hdlp may have; it is not read.",
        range: { start: { offset: 0, line: 0, character: 0 }, end: { offset: 0, line: 0, character: 0 } },
      },
    ]);
    expect(lint(parsed)).toEqual(parsed.diagnostics);
    expect(lint(parsed.document)).toEqual(parsed.diagnostics);
    // The editor's questions get answers from the empty tree, without scanning the text.
    expect(parsed.document.tokens).toEqual([]);
  });

  it("counts bytes of UTF-8, not characters: Chinese text and emoji weigh three and four", () => {
    const chinese = padded(MAX_TOOL_FILE_BYTES + 2, "# 说明\n");
    expect(chinese.length).toBeLessThan(MAX_TOOL_FILE_BYTES);
    expect(parse(chinese).diagnostics.map((d) => d.message)).toEqual([expect.stringContaining("1,048,578 bytes")]);
    const emoji = `${padded(MAX_TOOL_FILE_BYTES - 5)}#😀\n`;
    expect(Buffer.byteLength(emoji)).toBe(MAX_TOOL_FILE_BYTES + 1);
    expect(parse(emoji).diagnostics.map((d) => d.rule)).toEqual(["file-too-large"]);
    expect(parse(emoji.slice(0, -2)).diagnostics).toEqual([]);
  });

  it("puts the diagnostic after a BOM, where the file's text starts", () => {
    const text = `\uFEFF${padded(MAX_TOOL_FILE_BYTES)}`;
    expect(parse(text).diagnostics[0]!.range.start).toEqual({ offset: 1, line: 0, character: 1 });
  });
});
