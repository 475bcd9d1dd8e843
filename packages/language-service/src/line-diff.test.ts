import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TextDocument } from "vscode-languageserver-textdocument";
import { lineEdits } from "./line-diff.ts";

function apply(text: string, before: string, after: string): string {
  const document = TextDocument.create("file:///x", "hdlp", 1, text);
  return TextDocument.applyEdits(document, lineEdits(before, after));
}

describe("lineEdits", () => {
  it("returns nothing for equal texts", () => {
    expect(lineEdits("a\nb\n", "a\nb\n")).toEqual([]);
  });

  it("touches only the changed line", () => {
    expect(lineEdits("a\nb\nc\n", "a\nB\nc\n")).toEqual([{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: "B\n" }]);
  });

  it("gives separate hunks for separate changes", () => {
    const edits = lineEdits("a\nb\nc\nd\ne\n", "A\nb\nc\nd\nE\n");
    expect(edits.map((e) => e.range.start.line)).toEqual([0, 4]);
  });

  it("handles a last line without newline", () => {
    expect(apply("a\nb", "a\nb", "a\nc\n")).toBe("a\nc\n");
  });

  it("counts a lone CR as a line break, as LSP does", () => {
    expect(lineEdits("a\rb\rc", "a\rB\rc")).toEqual([{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: "B\r" }]);
  });

  it("turns any text into any other (property)", () => {
    const line = fc.constantFrom("a\n", "b\n", "c\n", "  d: 1\n", "\n", "e", "\r\n", "\r", "f\r");
    const text = fc.array(line, { maxLength: 30 }).map((l) => l.join(""));
    fc.assert(fc.property(text, text, (before, after) => apply(before, before, after) === after));
  });
});
