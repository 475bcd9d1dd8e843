/**
 * The matcher on the project's own labelled set (bench/intent: its own tools
 * and requests, written for hdlp), against the goals of issue 3. This is
 * behaviour, not speed: `pnpm bench intent` prints the same figures and the
 * shared development set's.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadLabelledSet } from "../../../bench/intent/labelled-set.ts";
import { evaluate } from "./evaluate.ts";

const OWN_SET = fileURLToPath(new URL("../../../bench/intent/", import.meta.url));

describe("intent matching on the project's labelled set", () => {
  const set = loadLabelledSet(OWN_SET, "queries.jsonl");
  const result = evaluate(set);
  const misses = result.misses.map((m) => `${m.query.q} → ${m.got.join(", ") || "found:false"}`).join("\n");

  it("is a real set: 40+ tools, 120+ requests of every kind", () => {
    expect(set.tools.length).toBeGreaterThanOrEqual(40);
    expect(set.queries.length).toBeGreaterThanOrEqual(120);
    const kinds = new Set(set.queries.map((q) => q.kind));
    for (const kind of ["paraphrase", "colloquial", "english", "mixed", "typo", "keyword", "none"]) expect(kinds).toContain(kind);
  });

  it("puts the right tool first for at least 85% of servable requests", () => {
    expect(result.top1, misses).toBeGreaterThanOrEqual(0.85);
  });

  it("has the right tool among the first three for at least 95%", () => {
    expect(result.top3, misses).toBeGreaterThanOrEqual(0.95);
  });

  it("answers found:false for at least 90% of the requests no tool can serve", () => {
    expect(result.none, misses).toBeGreaterThanOrEqual(0.9);
  });
});
