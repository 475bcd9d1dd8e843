import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../diagnostics.ts";
import { MAX_NESTING } from "./syntax-diagnostics.ts";
import { parse } from "./parse.ts";
import { MAX_TOOL_FILE_BYTES } from "./size-limit.ts";

const seed = readFileSync(new URL("testdata/seed.hdlp", import.meta.url), "utf8");

const keys = (text: string): string[] => parse(text).document.entries.map((e) => e.key.text);

/** A diagnostic as `rule line:char-line:char`, for compact expectations. */
const where = (d: Diagnostic): string => `${d.rule} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
const diagnostics = (text: string): string[] => parse(text).diagnostics.map(where);

describe("every diagnostic is an error with a message", () => {
  it("holds for a file full of mistakes", () => {
    const result = parse('\tname: x\na: "open\nb: { c\n  - d\nx: \\q\ny: "\\q"\n]]\n');
    expect(result.diagnostics.length).toBeGreaterThan(3);
    for (const d of result.diagnostics) {
      expect(d.severity).toBe("error");
      expect(d.message).toMatch(/^[A-Z`].*\.$/);
    }
  });
});

describe("a broken line does not hide the fields after it", () => {
  const lines = seed.split("\n");
  const junk = ["???", "name", "  - x", '"unterminated', "{ a: [", "key: {", "key: [1, 2", "- item", ":", "\t\tindented: tab", "]"];
  for (const bad of junk) {
    it(`after ${JSON.stringify(bad)} inserted after each line`, () => {
      for (let at = 1; at < lines.length - 1; at++) {
        if (lines[at]?.startsWith("  ")) continue; // inside a block: the junk would belong to it
        const text = [...lines.slice(0, at), bad, ...lines.slice(at)].join("\n");
        const found = keys(text);
        for (const field of ["name", "executor", "params_schema", "constraints", "why"]) expect(found, `${bad} at line ${at}`).toContain(field);
        expect(parse(text).diagnostics.length, `${bad} at line ${at}`).toBeGreaterThan(0);
      }
    });
  }
});

describe("diagnostics point at the defect", () => {
  it("tab indentation, with a fix that writes spaces", () => {
    const result = parse("constraints:\n\ttimeout_ms: 1\n");
    expect(result.diagnostics.map(where)).toEqual(["tab-indentation 1:0-1:1"]);
    expect(result.diagnostics[0]?.fix?.edits).toEqual([{ range: result.diagnostics[0]?.range, newText: "  " }]);
    expect(result.document.entries[0]?.value).toMatchObject({ kind: "map", entries: [{ key: { text: "timeout_ms" } }] });
  });

  it("an unterminated string, which ends at its line", () => {
    const result = parse('a: "abc\nb: 1\n');
    expect(result.diagnostics.map(where)).toEqual(["unterminated-string 0:3-0:7"]);
    expect(result.document.fieldText("a")).toBe("abc");
    expect(result.document.fieldText("b")).toBe("1");
  });

  it("a bad escape, keeping the text as written", () => {
    const result = parse('a: "x\\qy \\u12"\n');
    expect(result.diagnostics.map(where)).toEqual(["bad-escape 0:5-0:7", "bad-escape 0:9-0:13"]);
    expect(result.document.fieldText("a")).toBe("x\\qy \\u12");
  });

  it("an unclosed bracket, closed at the end of its last line", () => {
    const text = "params_schema:\n  cmd: { type: string, required: true\nconstraints: {}\n";
    const result = parse(text);
    expect(result.diagnostics.map(where)).toEqual(["syntax 1:7-1:8"]);
    expect(result.diagnostics[0]?.message).toContain("`{` is never closed");
    const cmd = result.document.field("params_schema")?.value;
    expect(cmd).toMatchObject({ entries: [{ value: { kind: "map", entries: [{}, { key: { text: "required" } }] } }] });
    expect(keys(text)).toEqual(["params_schema", "constraints"]);
  });

  it("a closer without an opener", () => {
    expect(diagnostics("a: [1]]\nb: 2\n")).toEqual(["syntax 0:6-0:7"]);
    expect(diagnostics("a: { b: [1 }\n")).toEqual(["syntax 0:8-0:9"]);
  });

  it("a missing `:` or `,` in a flow map", () => {
    expect(parse("a: { b c: 1 }\n").document.entries[0]?.value).toMatchObject({ entries: [{ key: { text: "b c" } }] });
    expect(diagnostics("a: { b, c: 1 }\n")).toEqual(["syntax 0:5-0:6"]);
    expect(diagnostics("a: { b: 1 c: 2 }\n")).toEqual(["syntax 0:11-0:11", "syntax 0:11-0:12"]);
    expect(diagnostics("a: { type:string }\n")).toEqual(["syntax 0:5-0:16"]);
    expect(parse("a: { type:string }\n").diagnostics[0]?.message).toContain("needs a space after it");
  });

  it("a word glued to its value, with a fix that inserts the space", () => {
    const result = parse("executor:shell\n");
    expect(result.diagnostics.map(where)).toEqual(["syntax 0:8-0:9"]);
    expect(result.diagnostics[0]?.fix?.edits[0]).toMatchObject({ newText: " ", range: { start: { character: 9 }, end: { character: 9 } } });
    expect(result.document.fieldText("executor")).toBe("shell");
  });

  it("text after a complete value", () => {
    expect(diagnostics('a: "x" y # c\n')).toEqual(["syntax 0:7-0:8"]);
    expect(diagnostics("a: {} ]\n")).toEqual(["syntax 0:6-0:7"]);
  });

  it("an over-indented field, which is still read", () => {
    const result = parse("name: x\n  display: y\nintent: z\n");
    expect(result.diagnostics.map(where)).toEqual(["syntax 1:0-1:2"]);
    expect(keys("name: x\n  display: y\nintent: z\n")).toEqual(["name", "display", "intent"]);
  });

  it("a line back out to no enclosing block's column, read with the block above it", () => {
    const text = "params_schema:\n    cmd: { type: string }\n  cwd: { type: string }\nname: x\n";
    const result = parse(text);
    expect(result.diagnostics.map(where)).toEqual(["syntax 2:0-2:2"]);
    expect(result.diagnostics[0]?.message).toContain("matches no enclosing block (they are at 0 and 4)");
    const params = result.document.field("params_schema")?.value;
    expect(params?.kind === "map" && params.entries.map((e) => e.key.text)).toEqual(["cmd", "cwd"]);
    expect(keys(text)).toEqual(["params_schema", "name"]);
  });

  it("prose continued on the next line, with a hint at `|`", () => {
    const result = parse("why: 第一行\n  第二行\nname: x\n");
    expect(result.diagnostics.map(where)).toEqual(["syntax 1:2-1:5"]);
    expect(result.diagnostics[0]?.message).toContain("`why: |`");
  });

  it("a value on the line after its key", () => {
    const result = parse("why:\n  text\n");
    expect(result.diagnostics.map(where)).toEqual(["syntax 1:2-1:6"]);
    expect(result.diagnostics[0]?.message).toContain("same line as `why:`");
  });

  it("a list where the file needs `key: value` lines, and a list item among keys", () => {
    expect(diagnostics("- a\n- b\n")).toEqual(["syntax 0:0-1:3"]);
    expect(diagnostics("a: 1\n- b\nc: 2\n")).toEqual(["syntax 1:0-1:3"]);
    expect(keys("a: 1\n- b\nc: 2\n")).toEqual(["a", "c"]);
  });

  it("a bare value among the keys of a list item's map, reported and kept as an error node, not dropped", () => {
    const result = parse("l:\n  - k: v\n    m\n");
    expect(result.diagnostics.map(where)).toEqual(["syntax 2:4-2:5"]);
    expect(result.diagnostics[0]?.message).toBe("Expected a `key: value` line, found `m`.");
    expect(result.document.errors.map((e) => e.text)).toEqual(["m"]);
  });

  it("records what it could not read as error nodes", () => {
    const document = parse("a: 1\n???\nb: 2\n").document;
    expect(document.errors.map((e) => e.text)).toEqual(["???"]);
  });
});

describe("never throws, whatever the input", () => {
  it("empty, blank and BOM-only input give an empty root", () => {
    for (const text of ["", "\n\n", "   ", "\uFEFF", "# only a comment"]) {
      const result = parse(text);
      expect(result.document.entries).toEqual([]);
      expect(result.diagnostics).toEqual([]);
    }
  });

  it("binary input gives diagnostics", () => {
    const binary = String.fromCharCode(...Array.from({ length: 512 }, (_, i) => (i * 7919) % 256));
    const result = parse(binary);
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });

  it("a 1 MiB file (the most a file may be) with a broken line in every copy of the seed keeps every field", () => {
    const unit = `${seed}??? {\n`;
    const copies = Math.floor(MAX_TOOL_FILE_BYTES / Buffer.byteLength(unit));
    const result = parse(unit.repeat(copies));
    expect(result.document.entries).toHaveLength(copies * 10);
    expect(result.diagnostics).toHaveLength(copies);
  });

  it("10,000 nested brackets report the nesting once and keep the next field", () => {
    const result = parse(`a: ${"[".repeat(10_000)}${"]".repeat(10_000)}\nb: 1\n`);
    expect(result.diagnostics.filter((d) => d.rule === "nesting-too-deep")).toHaveLength(1);
    expect(result.document.fieldText("b")).toBe("1");
    const unclosed = parse(`a: ${"{ k: ".repeat(10_000)}\nb: 1\n`);
    expect(unclosed.document.fieldText("b")).toBe("1");
  });

  it("a 1 MiB file indented by mistake keeps every field", () => {
    const lines = Math.floor(MAX_TOOL_FILE_BYTES / "  a: 1\n".length);
    const result = parse("  a: 1\n".repeat(lines));
    expect(result.document.entries).toHaveLength(lines);
    expect(result.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining("Unexpected indentation")]);
  });

  it("1,400 nested blocks and 10,000 nested list items stop at the nesting limit", () => {
    // Block nesting costs indentation: 1,400 levels are already 1 MB of spaces.
    const blocks = `${Array.from({ length: 1_400 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n")}\nlast: 1\n`;
    const result = parse(blocks);
    expect(result.diagnostics.map((d) => d.rule)).toContain("nesting-too-deep");
    expect(result.document.fieldText("last")).toBe("1");
    let depth = 0;
    for (let value = result.document.entries[0]?.value; value?.kind === "map"; value = value.entries[0]?.value) depth++;
    expect(depth).toBe(MAX_NESTING);
    const dashes = parse(`a:\n${"- ".repeat(10_000)}x\nb: 2\n`);
    expect(dashes.document.fieldText("b")).toBe("2");
  });
});
