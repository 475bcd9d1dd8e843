/**
 * Intent-matching accuracy (issue 3): top-1, top-3 and none on the project's
 * own labelled set (bench/intent) and, when it is there, on the shared
 * development set (../shared/eval/intent, read by path, never copied).
 * Goals on both: top-1 ≥ 85%, top-3 ≥ 95%, none ≥ 90%.
 *
 * `HDLP_INTENT_MISSES=1` also lists the requests whose first answer was wrong.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Evaluation, evaluate } from "../packages/match/src/index.ts";
import { loadLabelledSet } from "./intent/labelled-set.ts";

const GOALS = { top1: 0.85, top3: 0.95, none: 0.9 };
const OWN = fileURLToPath(new URL("./intent/", import.meta.url));
const SHARED = fileURLToPath(new URL("../../shared/eval/intent/", import.meta.url));

function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function report(label: string, result: Evaluation): void {
  const verdict = (value: number, goal: number): string => `${percent(value)} (goal ≥ ${percent(goal)}${value >= goal ? ", met" : ", NOT met"})`;
  console.log(`${label}: ${result.servable} servable + ${result.unservable} unservable requests`);
  console.log(`  top-1 ${verdict(result.top1, GOALS.top1)}`);
  console.log(`  top-3 ${verdict(result.top3, GOALS.top3)}`);
  console.log(`  none  ${verdict(result.none, GOALS.none)}`);
  if (process.env.HDLP_INTENT_MISSES) {
    for (const miss of result.misses) {
      console.log(`  miss [${miss.query.kind ?? "?"}] ${miss.query.q} → ${miss.got.join(", ") || "found:false"} (want ${miss.query.expect.join(" | ") || "found:false"})`);
    }
  }
}

export async function run(): Promise<void> {
  report("own set (bench/intent)", evaluate(loadLabelledSet(OWN, "queries.jsonl")));
  if (existsSync(SHARED)) report("shared dev set (../shared/eval/intent)", evaluate(loadLabelledSet(SHARED, "dev.jsonl")));
  else console.log(`shared dev set: skipped, ${SHARED} is absent`);
}
