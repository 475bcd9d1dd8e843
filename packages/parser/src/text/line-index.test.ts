import { describe, expect, it } from "vitest";
import { LineIndex } from "./line-index.ts";

describe("LineIndex", () => {
  it("splits lines at LF, CRLF and lone CR", () => {
    const lines = new LineIndex("a\nbc\r\nd\re");
    expect(lines.lineStarts).toEqual([0, 2, 6, 8]);
    expect([0, 1, 2, 3].map((l) => lines.lineEnd(l))).toEqual([1, 4, 7, 9]);
  });

  it("names the line break a text uses: its first line's, LF for one line", () => {
    expect(["a\nb\r\n", "a\r\nb\n", "a\rb", "ab", ""].map((text) => new LineIndex(text).lineBreak())).toEqual(["\n", "\r\n", "\r", "\n", "\n"]);
  });

  it("converts offsets to positions and back", () => {
    const lines = new LineIndex("ab\r\n键😀\nz");
    expect(lines.positionAt(0)).toEqual({ offset: 0, line: 0, character: 0 });
    expect(lines.positionAt(2)).toEqual({ offset: 2, line: 0, character: 2 });
    expect(lines.positionAt(7)).toEqual({ offset: 7, line: 1, character: 3 });
    expect(lines.positionAt(8)).toEqual({ offset: 8, line: 2, character: 0 });
    expect(lines.offsetAt({ line: 1, character: 1 })).toBe(5);
    expect(lines.offsetAt({ line: 2, character: 1 })).toBe(9);
  });

  it("gives the range between two offsets, each clamped as positionAt does", () => {
    const lines = new LineIndex("ab\r\n键😀\nz");
    expect(lines.rangeOf(1, 7)).toEqual({ start: { offset: 1, line: 0, character: 1 }, end: { offset: 7, line: 1, character: 3 } });
    expect(lines.rangeOf(3, 99)).toEqual({ start: { offset: 2, line: 0, character: 2 }, end: { offset: 9, line: 2, character: 1 } });
  });

  it("moves an offset between CR and LF to the end of its line", () => {
    expect(new LineIndex("ab\r\nc").positionAt(3)).toEqual({ offset: 2, line: 0, character: 2 });
  });

  it("clamps what lies outside the text", () => {
    const lines = new LineIndex("ab\ncd");
    expect(lines.positionAt(-5)).toEqual({ offset: 0, line: 0, character: 0 });
    expect(lines.positionAt(99)).toEqual({ offset: 5, line: 1, character: 2 });
    expect(lines.positionAt(Number.NaN)).toEqual({ offset: 0, line: 0, character: 0 });
    expect(lines.offsetAt({ line: 0, character: 99 })).toBe(2);
    expect(lines.offsetAt({ line: 7, character: 0 })).toBe(5);
    expect(lines.offsetAt({ line: -1, character: 3 })).toBe(0);
  });

  it("has one line for the empty text", () => {
    const lines = new LineIndex("");
    expect(lines.lineCount).toBe(1);
    expect(lines.positionAt(0)).toEqual({ offset: 0, line: 0, character: 0 });
  });
});
