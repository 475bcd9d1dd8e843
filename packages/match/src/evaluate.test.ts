import { describe, expect, it } from "vitest";
import { evaluate, judge, wilson } from "./evaluate.ts";
import type { MatchResult } from "./matcher.ts";
import { REGISTRY } from "./testdata/tools.ts";

const answer = (found: boolean, ...names: string[]): MatchResult => ({
  found,
  candidates: names.map((name) => ({ name, display: name, intent: "", score: 1, matched: [] })),
});

describe("judging one answer", () => {
  it("counts top-1 when the first candidate is expected, top-3 when one of the first three is", () => {
    expect(judge({ q: "", expect: ["a"] }, answer(true, "a", "b"))).toEqual({ top1: true, top3: true, none: false });
    expect(judge({ q: "", expect: ["b", "z"] }, answer(true, "a", "b"))).toEqual({ top1: false, top3: true, none: false });
    expect(judge({ q: "", expect: ["d"] }, answer(true, "a", "b", "c", "d"))).toEqual({ top1: false, top3: false, none: false });
  });

  it("counts none only for a request no tool serves, answered found:false", () => {
    expect(judge({ q: "", expect: [] }, answer(false))).toEqual({ top1: false, top3: false, none: true });
    expect(judge({ q: "", expect: [] }, answer(true, "a"))).toEqual({ top1: false, top3: false, none: false });
    // a servable request answered found:false scores nothing, whatever candidates came with it
    expect(judge({ q: "", expect: ["a"] }, answer(false, "a"))).toEqual({ top1: false, top3: false, none: false });
  });
});

describe("evaluating a labelled set", () => {
  it("counts hits and keeps every wrong first answer as a miss", () => {
    const result = evaluate({
      tools: [...REGISTRY],
      queries: [
        { q: "重启一下 api 容器", expect: ["container-restart"] },
        { q: "重启一下 api 容器", expect: ["disk-usage"] },
        { q: "帮我订一张去上海的机票", expect: [] },
      ],
    });
    expect(result.hits).toEqual({ top1: 1, top3: 1, none: 1 });
    expect([result.servable, result.unservable]).toEqual([2, 1]);
    expect(result.misses.map((m) => [m.query.expect, m.got[0]])).toEqual([[["disk-usage"], "container-restart"]]);
    expect(result.signals.servable).toHaveLength(2);
    expect(result.signals.unservable[0]?.found).toBe(false);
  });
});

describe("the Wilson interval", () => {
  it("gives the published 95% bounds and stays inside 0…1", () => {
    const half = wilson(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 3);
    expect(half.high).toBeCloseTo(0.7634, 3);
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 3);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});
