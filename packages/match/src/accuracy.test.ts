/**
 * The matcher on the labelled sets kept in this repository for this
 * project's own tools (bench/intent/tools): the own set (queries.jsonl) and
 * the fresh sets written by someone who never saw the matcher
 * (fresh-<date>-<round>/own-*.jsonl). Behaviour, not speed: `pnpm bench
 * intent` prints the same figures, with their intervals, and the shared sets'.
 * The floors guard against regressions: issue 3's goals for the own set
 * (its none at 80%, see docs/matching.md), and for each fresh round a little
 * under the figures it measured when it was first run, sealed (a round gets
 * its floor once measured: one without is reported). Issue 15's goals are
 * judged by `pnpm bench intent`, on requests nobody tuned for.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadLabelledSet, loadQueries } from "../../../bench/intent/labelled-set.ts";
import { evaluate, type Evaluation } from "./evaluate.ts";

const SETS = fileURLToPath(new URL("../../../bench/intent/", import.meta.url));
const own = loadLabelledSet(SETS, "queries.jsonl");
const freshFiles = readdirSync(SETS)
  .filter((d) => d.startsWith("fresh-"))
  .flatMap((d) =>
    readdirSync(join(SETS, d))
      .filter((f) => f.startsWith("own-"))
      .map((f) => join(SETS, d, f)),
  );

const missesOf = (result: Evaluation): string => result.misses.map((m) => `${m.query.q} → ${m.got.join(", ") || "found:false"} (${m.verdict})`).join("\n");

describe("intent matching on the project's labelled sets", () => {
  it("has real sets: 40+ tools, 120+ requests of every kind in the own set, a fresh set of 150+", () => {
    expect(own.tools.length).toBeGreaterThanOrEqual(40);
    expect(own.queries.length).toBeGreaterThanOrEqual(120);
    const kinds = new Set(own.queries.map((q) => q.kind));
    for (const kind of ["paraphrase", "colloquial", "english", "mixed", "typo", "keyword", "none"]) expect(kinds).toContain(kind);
    expect(freshFiles.length).toBeGreaterThan(0);
    for (const file of freshFiles) expect(loadQueries(file).length).toBeGreaterThanOrEqual(150);
  });

  type Floor = { readonly top1: number; readonly top3: number; readonly none: number };
  const OWN_FLOOR: Floor = { top1: 0.85, top3: 0.95, none: 0.8 };
  /** By round, first run sealed (docs/matching.md): a 88.1% / 93.0% / 94.9%; b 83.2% / 88.4% / 72.7%; c 87.3% / 89.7% / 88.9%; d 90.3% / 91.8% / 75.9%; e 87.4% / 92.9% / 76.6%; f 84.1% / 89.9% / 73.9%; g 88.1% / 92.6% / 87.3%; h 90.5% / 94.6% / 80.0%; i 90.2% / 93.6% / 86.4%; j 91.2% / 93.2% / 93.8%; k 91.4% / 93.9% / 79.6%; n 90.4% / 93.0% / 94.6%. */
  const FRESH_FLOORS: Readonly<Record<string, Floor>> = {
    "fresh-2026-12-01-a": { top1: 0.85, top3: 0.9, none: 0.85 },
    "fresh-2026-12-01-b": { top1: 0.8, top3: 0.85, none: 0.7 },
    "fresh-2026-12-01-c": { top1: 0.84, top3: 0.86, none: 0.85 },
    "fresh-2026-12-01-d": { top1: 0.88, top3: 0.89, none: 0.72 },
    "fresh-2026-12-02-e": { top1: 0.85, top3: 0.9, none: 0.72 },
    "fresh-2026-12-02-f": { top1: 0.82, top3: 0.88, none: 0.72 },
    "fresh-2026-12-02-g": { top1: 0.86, top3: 0.9, none: 0.85 },
    "fresh-2026-12-02-h": { top1: 0.88, top3: 0.92, none: 0.77 },
    "fresh-2026-12-02-i": { top1: 0.88, top3: 0.91, none: 0.83 },
    "fresh-2026-12-02-j": { top1: 0.86, top3: 0.92, none: 0.78 },
    "fresh-2026-12-02-k": { top1: 0.9, top3: 0.92, none: 0.77 },
    "fresh-2026-12-03-n": { top1: 0.88, top3: 0.91, none: 0.89 },
    "fresh-2026-12-03-o": { top1: 0.89, top3: 0.93, none: 0.82 },
  };
  const roundOf = (file: string) => file.slice(SETS.length).split("/")[0]!;

  it("has a floor for every fresh round (measure a new one with `pnpm bench intent` first)", () => {
    expect(freshFiles.map(roundOf).filter((round) => !(round in FRESH_FLOORS))).toEqual([]);
  });

  const sets: Array<[string, Evaluation, Floor]> = [
    ["own set", evaluate(own), OWN_FLOOR],
    ...freshFiles.flatMap((file): [string, Evaluation, Floor][] => {
      const floor = FRESH_FLOORS[roundOf(file)];
      return floor ? [[file.slice(SETS.length), evaluate({ tools: own.tools, queries: loadQueries(file) }), floor]] : [];
    }),
  ];
  for (const [label, result, floor] of sets) {
    it(`${label}: the right tool first for ${floor.top1 * 100}%+ of servable requests, among the first three for ${floor.top3 * 100}%+`, () => {
      expect(result.top1, missesOf(result)).toBeGreaterThanOrEqual(floor.top1);
      expect(result.top3, missesOf(result)).toBeGreaterThanOrEqual(floor.top3);
    });

    it(`${label}: found:false for ${floor.none * 100}%+ of the requests no tool can serve`, () => {
      expect(result.none, missesOf(result)).toBeGreaterThanOrEqual(floor.none);
    });
  }
});
