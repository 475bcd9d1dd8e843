/**
 * Properties that must hold for any input whatsoever: parse never throws,
 * every range lies inside the text, children lie inside their parents in
 * order, and every position agrees with its offset.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineIndex } from "../text/line-index.ts";
import type { Position, Range, Value } from "./ast.ts";
import { HdlpGrammar } from "./grammar.ts";
import { parse } from "./parse.ts";
import { Scanner } from "./scanner.ts";
import { mutated, syntaxy, variants } from "./arbitraries.test-support.ts";

/** The position of `offset`, computed the obvious way: split into lines, count. */
function naivePosition(text: string, offset: number): Position {
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  // A CR just before `offset` may be the first half of a CRLF: it still ends its line.
  const last = lines[lines.length - 1] as string;
  return { offset, line: lines.length - 1, character: last.length };
}

function checkRange(text: string, range: Range, parent?: Range): void {
  expect(range.start.offset).toBeGreaterThanOrEqual(0);
  expect(range.end.offset).toBeLessThanOrEqual(text.length);
  expect(range.start.offset).toBeLessThanOrEqual(range.end.offset);
  for (const position of [range.start, range.end]) {
    // An offset between CR and LF would be no LSP position; a range never ends there.
    expect(text[position.offset - 1] === "\r" && text[position.offset] === "\n").toBe(false);
    expect(position).toEqual(naivePosition(text, position.offset));
  }
  if (parent) {
    expect(range.start.offset).toBeGreaterThanOrEqual(parent.start.offset);
    expect(range.end.offset).toBeLessThanOrEqual(parent.end.offset);
  }
}

function checkValue(text: string, value: Value, parent?: Range): void {
  checkRange(text, value.range, parent);
  let previousEnd = value.range.start.offset;
  const inOrder = (range: Range): void => {
    expect(range.start.offset).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = range.end.offset;
  };
  if (value.kind === "map") {
    for (const entry of value.entries) {
      checkRange(text, entry.range, value.range);
      inOrder(entry.range);
      checkRange(text, entry.key.range, entry.range);
      if (entry.value) checkValue(text, entry.value, entry.range);
    }
  } else if (value.kind === "list") {
    for (const item of value.items) {
      inOrder(item.range);
      checkValue(text, item, value.range);
    }
  }
}

function checkParse(text: string): void {
  const { document, diagnostics } = parse(text);
  expect(document.text).toBe(text);
  checkValue(text, document.root);
  for (const d of diagnostics) checkRange(text, d.range);
  for (const c of document.comments) {
    checkRange(text, c.range);
    expect(text.slice(c.range.start.offset, c.range.end.offset)).toBe(`#${c.text}`);
  }
  for (const e of document.errors) checkRange(text, e.range);
}

describe("parse, on any input", () => {
  it("the clean variants parse clean and satisfy the invariants", () => {
    for (const text of variants) {
      expect(parse(text).diagnostics).toEqual([]);
      checkParse(text);
    }
  });

  it("never throws on arbitrary strings, and ranges hold", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300, unit: "binary" }), checkParse), { numRuns: 300 });
  });

  it("never throws on syntax-heavy strings, and ranges hold", () => {
    fc.assert(fc.property(syntaxy, checkParse), { numRuns: 500 });
  });

  it("never throws on mutations of valid files, and ranges hold", () => {
    fc.assert(fc.property(mutated, checkParse), { numRuns: 500 });
  });

  it("drops nothing in silence: in a file without diagnostics, every character is in a node or a comment, or is punctuation", () => {
    fc.assert(
      fc.property(fc.oneof(mutated, syntaxy), (text) => {
        const { document, diagnostics } = parse(text);
        if (diagnostics.length > 0) return;
        const read = new Uint8Array(text.length);
        const mark = (range: Range) => read.fill(1, range.start.offset, range.end.offset);
        const visit = (value: Value | null): void => {
          if (value?.kind === "scalar") mark(value.range);
          else if (value?.kind === "map") {
            for (const entry of value.entries) {
              mark(entry.key.range);
              visit(entry.value);
            }
          } else if (value?.kind === "list") value.items.forEach(visit);
        };
        visit(document.root);
        for (const comment of document.comments) mark(comment.range);
        const unread = [...text].filter((_, i) => !read[i] && !/[\s:,{}[\]\-\uFEFF]/.test(text[i]!));
        expect(unread, JSON.stringify(text)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("the grammar accepts every token stream the scanner makes: Chevrotain's recovery is never needed", () => {
    const grammar = new HdlpGrammar();
    fc.assert(
      fc.property(fc.oneof(mutated, syntaxy), (text) => {
        const lines = new LineIndex(text);
        grammar.parseTokens(new Scanner(text, lines), lines, 0);
        expect(grammar.errors).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("the grammar builds the same tree pulling tokens a line at a time (and letting go of them) as from all at once", () => {
    const grammar = new HdlpGrammar();
    // Long enough (thousands of tokens) for the window to let go of tokens while it parses.
    const long = fc.array(fc.oneof(mutated, syntaxy), { minLength: 20, maxLength: 40 }).map((parts) => parts.join("\n"));
    fc.assert(
      fc.property(long, (text) => {
        const lines = new LineIndex(text);
        const streamed = grammar.parseTokens(new Scanner(text, lines), lines, 0);
        const streamedErrors = grammar.errors;
        const whole = grammar.parseTokens({ tokens: new Scanner(text, lines).scan().tokens, more: () => false }, lines, 0);
        expect(JSON.stringify(streamed)).toBe(JSON.stringify(whole));
        expect(streamedErrors).toEqual(grammar.errors);
      }),
      { numRuns: 60 },
    );
  });

  it("positionAt and offsetAt agree with each other and with a naive count", () => {
    fc.assert(
      fc.property(fc.oneof(mutated, syntaxy), fc.nat(), (text, n) => {
        const { document } = parse(text);
        const offset = n % (text.length + 1);
        const position = document.positionAt(offset);
        if (!(text[offset - 1] === "\r" && text[offset] === "\n")) {
          expect(position).toEqual(naivePosition(text, offset));
          expect(document.offsetAt(position)).toBe(offset);
        }
      }),
      { numRuns: 500 },
    );
  });
});
