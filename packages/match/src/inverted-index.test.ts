import { describe, expect, it } from "vitest";
import { InvertedIndex, type FieldTerms, type Weighting } from "./inverted-index.ts";
import { DEFAULT_WEIGHTING } from "./matcher.ts";

// The matcher's own weights: what these tests say of field weights is said of the configuration in use.
const weighting: Weighting = DEFAULT_WEIGHTING;
const doc = (fields: Partial<Record<keyof FieldTerms, string[]>>): FieldTerms => ({
  name: [],
  display: [],
  intent: [],
  why: [],
  params: [],
  slots: [],
  ...fields,
});
const byIndex = (a: number, b: number): boolean => a < b;

describe("InvertedIndex", () => {
  it("ranks a term in the display name above the same term in the rationale", () => {
    const index = new InvertedIndex([doc({ why: ["w:disk", "w:x"] }), doc({ display: ["w:disk", "w:y"] })], weighting);
    expect(index.top(new Map([["w:disk", 1]]), 2, byIndex).map((r) => r.doc)).toEqual([1, 0]);
  });

  it("weighs rare terms above common ones", () => {
    const index = new InvertedIndex(
      [doc({ intent: ["w:view", "w:disk"] }), doc({ intent: ["w:view", "w:log"] }), doc({ intent: ["w:view", "w:cert"] })],
      weighting,
    );
    expect(index.idf("w:disk")).toBeGreaterThan(index.idf("w:view"));
    expect(
      index.top(
        new Map([
          ["w:view", 1],
          ["w:disk", 1],
        ]),
        1,
        byIndex,
      )[0]!.doc,
    ).toBe(0);
  });

  it("saturates repeats: a term said three times does not triple the score", () => {
    const index = new InvertedIndex([doc({ intent: ["w:log"] }), doc({ intent: ["w:log", "w:log", "w:log"] })], weighting);
    const [first, second] = index.top(new Map([["w:log", 1]]), 2, byIndex);
    expect(first!.doc).toBe(1);
    expect(first!.score / second!.score).toBeLessThan(2);
  });

  it("keeps only the requested number of results, ties in the caller's order", () => {
    const index = new InvertedIndex([doc({ intent: ["w:a"] }), doc({ intent: ["w:a"] }), doc({ intent: ["w:a"] })], weighting);
    expect(index.top(new Map([["w:a", 1]]), 2, (a, b) => a > b).map((r) => r.doc)).toEqual([2, 1]);
  });

  it("leaves out tools that share no term and knows where a term occurs", () => {
    const index = new InvertedIndex([doc({ name: ["w:git"], params: ["w:branch"] }), doc({ intent: ["w:disk"] })], weighting);
    expect(index.top(new Map([["w:git", 1]]), 3, byIndex).map((r) => r.doc)).toEqual([0]);
    expect(index.fieldsOf("w:branch", 0)).toEqual(["params"]);
    expect(index.fieldsOf("w:branch", 1)).toEqual([]);
  });

  it("lowers a tool's score by `adjust` before ranking it, and says what each term adds", () => {
    const index = new InvertedIndex([doc({ intent: ["w:restart", "w:nginx"] }), doc({ intent: ["w:restart"] })], weighting);
    const query = new Map([
      ["w:restart", 1],
      ["w:nginx", 1],
    ]);
    expect(index.top(query, 2, byIndex).map((r) => r.doc)).toEqual([0, 1]);
    const halved = index.top(query, 2, byIndex, (d, score) => (d === 0 ? score / 10 : score));
    expect(halved.map((r) => r.doc)).toEqual([1, 0]);
    const total = index.termScore("w:restart", 1, 0) + index.termScore("w:nginx", 1, 0);
    expect(index.top(query, 1, byIndex)[0]!.score).toBeCloseTo(total, 10);
    expect(index.termScore("w:nginx", 1, 1)).toBe(0);
  });

  it("ranks every tool sharing a term, in the order `top` would give", () => {
    const docs = Array.from({ length: 20 }, (_, i) => doc({ intent: i % 2 === 0 ? ["w:a", "w:b"] : ["w:a"] }));
    const index = new InvertedIndex(docs, weighting);
    const query = new Map([
      ["w:a", 1],
      ["w:b", 0.5],
    ]);
    const all = index.rankAll(query, byIndex, (_, score) => score);
    expect(all).toHaveLength(20);
    expect(all.slice(0, 3)).toEqual(index.top(query, 3, byIndex));
  });

  it("in a large registry, adds a term most tools hold only to the tools other terms found, unless none did", () => {
    const docs = Array.from({ length: 2500 }, (_, i) => doc({ intent: i < 3 ? ["w:server", "w:nginx"] : ["w:server"] }));
    const index = new InvertedIndex(docs, weighting);
    const query = new Map([
      ["w:server", 1],
      ["w:nginx", 1],
    ]);
    const all = index.rankAll(query, byIndex, (_, score) => score);
    expect(all.map((r) => r.doc)).toEqual([0, 1, 2]);
    // their scores are whole: the common term's share is in them
    expect(all[0]!.score).toBeCloseTo(index.termScore("w:server", 1, 0) + index.termScore("w:nginx", 1, 0), 10);
    expect(index.rankAll(new Map([["w:server", 1]]), byIndex, (_, score) => score)).toHaveLength(2500);
  });
});
