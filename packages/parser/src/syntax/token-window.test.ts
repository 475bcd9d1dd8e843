import { createTokenInstance } from "chevrotain";
import { describe, expect, it } from "vitest";
import { LineIndex } from "../text/line-index.ts";
import { HdlpGrammar } from "./grammar.ts";
import { parse } from "./parse.ts";
import { BRACKET_BATCH, Scanner } from "./scanner.ts";
import { Plain } from "./tokens.ts";
import { END_OF_INPUT, type TokenSource, TokenWindow } from "./token-window.ts";

/** A source of `count` numbered tokens, `perCall` at a time, that remembers how many it held at most. */
function numbered(count: number, perCall = 3) {
  let made = 0;
  let calls = 0;
  let mostHeld = 0;
  const source: TokenSource = {
    tokens: [],
    more() {
      if (made === count) return false;
      calls++;
      for (let i = 0; i < perCall && made < count; i++, made++) source.tokens.push(createTokenInstance(Plain, String(made), made, made, 0, 0, 0, 0));
      mostHeld = Math.max(mostHeld, source.tokens.length);
      return true;
    },
  };
  return { source, stats: () => ({ calls, mostHeld }) };
}

describe("TokenWindow", () => {
  it("reads tokens by their index in the whole stream, scanning only as far as asked", () => {
    const { source, stats } = numbered(10);
    const window = new TokenWindow(source);
    expect(window.at(0).image).toBe("0");
    expect(stats().calls).toBe(1);
    expect(window.at(4).image).toBe("4");
    expect(stats().calls).toBe(2);
    expect(window.at(9).image).toBe("9");
    expect(window.at(10)).toBe(END_OF_INPUT);
    expect(window.at(-1)).toBe(END_OF_INPUT);
    expect(window.drain()).toBe(10);
  });

  it("lets go of the tokens far behind the one asked for", () => {
    const { source, stats } = numbered(100_000);
    const window = new TokenWindow(source);
    for (let i = 0; i < 100_000; i++) expect(window.at(i).image).toBe(String(i));
    expect(stats().mostHeld).toBeLessThan(1100);
    // The last few stay readable (LA(0) in an error message looks one back).
    expect(window.at(99_995).image).toBe("99995");
  });

  it("keeps every token from a pinned place on, so Chevrotain can come back to it", () => {
    const { source } = numbered(10_000);
    const window = new TokenWindow(source);
    window.at(100);
    window.pin(100);
    for (let i = 100; i < 10_000; i++) window.at(i);
    expect(window.at(100).image).toBe("100");
    expect(window.at(5000).image).toBe("5000");
  });
});

/** Parses `text` through a Scanner, noting the most tokens it ever held at once. */
function parseWatchingTheWindow(text: string) {
  const scanner = new Scanner(text, new LineIndex(text));
  let mostHeld = 0;
  const watched: TokenSource = {
    tokens: scanner.tokens,
    more: () => {
      const more = scanner.more();
      mostHeld = Math.max(mostHeld, scanner.tokens.length);
      return more;
    },
  };
  const { root, diagnostics } = new HdlpGrammar().parseTokens(watched, new LineIndex(text), 0);
  return { root, diagnostics, mostHeld };
}

describe("the grammar pulls tokens from the Scanner", () => {
  it("parses a long file holding only a window of its tokens, and every entry is there", () => {
    const text = `name: a\nparams_schema:\n${Array.from({ length: 20_000 }, (_, i) => `  p${i}: { type: string, required: true, description: d${i} }\n`).join("")}`;
    const { root, diagnostics, mostHeld } = parseWatchingTheWindow(text);
    expect(diagnostics).toEqual([]);
    const params = root.entries[1]?.value;
    expect(params?.kind === "map" && params.entries.length).toBe(20_000);
    // 20,000 lines of 16 tokens: 320,000 in all, never more than a window of them at once.
    expect(mostHeld).toBeLessThan(1100);
  });

  it("holds only a window of the tokens of one long line too: brackets are scanned a batch at a time", () => {
    const text = `name: a\nx: { a: 1${", a: [1, { b: 2 }]".repeat(20_000)} }\nwhy: w\n`;
    const { root, diagnostics, mostHeld } = parseWatchingTheWindow(text);
    expect(diagnostics).toEqual([]);
    const x = root.entries[1]?.value;
    expect(x?.kind === "map" && x.entries.length).toBe(20_001);
    expect(root.entries.map((e) => e.key.text)).toEqual(["name", "x", "why"]);
    // 20,000 entries of 14 tokens on one line, never more than about two batches of them at once.
    expect(mostHeld).toBeLessThan(2 * BRACKET_BATCH + 100);
  });

  it("still reads the lines after the last token (comments hold no token)", () => {
    const { document } = parse("a: 1\n# last\n# words\n");
    expect(document.comments.map((c) => c.text)).toEqual([" last", " words"]);
  });
});
