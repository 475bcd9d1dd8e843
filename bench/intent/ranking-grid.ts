/**
 * How the ranking's field weights (BM25F: the weight and length normalisation
 * of each field, and k1) do on requests they were not chosen on: every
 * setting of a grid is scored on each fresh round, and for each round in
 * turn the setting best on the other rounds (top-1, then top-3, then none)
 * is counted on the round left out; the counts are pooled over the rounds
 * left out and set beside today's weights on the same rounds.
 *
 *   node --import tsx bench/intent/ranking-grid.ts [rounds]
 *
 * `rounds` names the fresh rounds to use by their letter (default `abcde`:
 * rounds F and G measured the sixth round sealed and are left out of its
 * choices). docs/matching.md ("The sixth round: ranking") records what this
 * printed. Each tool set is read once; each setting builds only its index.
 */
import type { ToolModel } from "@hdlp/parser";
import { DEFAULT_WEIGHTING, matcherOver } from "../../packages/match/src/matcher.ts";
import type { Weighting } from "../../packages/match/src/inverted-index.ts";
import { defaultLexicon } from "../../packages/match/src/lexicon.ts";
import { memoizedAnalyser, type ToolText, toolText } from "../../packages/match/src/tool-text.ts";
import { judge, type LabelledQuery } from "../../packages/match/src/evaluate.ts";
import { labelledFiles, loadQueries, loadToolSet, sharedEval } from "./labelled-set.ts";

interface Setting {
  readonly k1: number;
  readonly weighting: Weighting;
}

interface Counts {
  top1: number;
  top3: number;
  none: number;
  servable: number;
  unservable: number;
}

const GRID = {
  k1: [0.8, 1.2, 1.6],
  intent: [1.5, 2, 3],
  intentB: [0.3, 0.6, 0.9],
  why: [0.3, 0.6, 1],
  params: [0.3, 0.5, 0.8],
};

function settings(): Setting[] {
  const out: Setting[] = [];
  for (const k1 of GRID.k1)
    for (const intent of GRID.intent)
      for (const b of GRID.intentB)
        for (const why of GRID.why)
          for (const params of GRID.params)
            out.push({
              k1,
              weighting: {
                ...DEFAULT_WEIGHTING,
                intent: { weight: intent, b },
                why: { ...DEFAULT_WEIGHTING.why, weight: why },
                params: { ...DEFAULT_WEIGHTING.params, weight: params },
              },
            });
  return out;
}

const describe = (s: Setting): string =>
  `k1 ${s.k1}, intent ${s.weighting.intent.weight} (b ${s.weighting.intent.b}), why ${s.weighting.why.weight}, params ${s.weighting.params.weight}`;
const isToday = (s: Setting): boolean =>
  s.k1 === 1.2 &&
  (["intent", "why", "params"] as const).every((f) => s.weighting[f].weight === DEFAULT_WEIGHTING[f].weight && s.weighting[f].b === DEFAULT_WEIGHTING[f].b);

function score(tools: readonly ToolModel[], texts: readonly ToolText[], queries: readonly LabelledQuery[], setting: Setting): Counts {
  const matcher = matcherOver(tools, texts, { weighting: setting.weighting, saturation: setting.k1 });
  const counts: Counts = { top1: 0, top3: 0, none: 0, servable: 0, unservable: 0 };
  for (const query of queries) {
    const judged = judge(query, matcher.match(query.q, { top: 3 }));
    if (query.expect.length === 0) counts.unservable++;
    else counts.servable++;
    if (judged.top1) counts.top1++;
    if (judged.top3) counts.top3++;
    if (judged.none) counts.none++;
  }
  return counts;
}

function add(into: Counts, c: Counts): void {
  for (const key of Object.keys(into) as Array<keyof Counts>) into[key] += c[key];
}

const empty = (): Counts => ({ top1: 0, top3: 0, none: 0, servable: 0, unservable: 0 });
const figures = (c: Counts): string =>
  `top-1 ${c.top1}/${c.servable} (${((100 * c.top1) / c.servable).toFixed(1)}%), top-3 ${c.top3} (${((100 * c.top3) / c.servable).toFixed(1)}%), none ${c.none}/${c.unservable} (${((100 * c.none) / c.unservable).toFixed(1)}%)`;

function run(): void {
  const rounds = new Set((process.argv[2] ?? "abcde").split(""));
  const shared = sharedEval();
  if (shared === undefined) throw new Error("the shared evaluation folder (shared/eval/intent or HDLP_SHARED_EVAL) is needed for the shared sets");
  const lexicon = defaultLexicon();
  const read = new Map<string, { tools: ToolModel[]; texts: ToolText[] }>();
  const files = labelledFiles(shared).files.filter((f) => f.fresh && rounds.has(f.label.split("/")[0]!.slice(-1)));
  const grid = settings();
  // per setting, per round: the counts of that round's files
  const byRound = grid.map(() => new Map<string, Counts>());
  for (const file of files) {
    let set = read.get(file.tools);
    if (set === undefined) {
      const tools = loadToolSet(file.tools);
      const analyse = memoizedAnalyser(lexicon);
      read.set(file.tools, (set = { tools, texts: tools.map((t) => toolText(t, analyse, lexicon)) }));
    }
    const queries = loadQueries(file.queries);
    const round = file.label.split("/")[0]!.slice(-1);
    grid.forEach((setting, i) => {
      const counts = byRound[i]!.get(round) ?? empty();
      add(counts, score(set.tools, set.texts, queries, setting));
      byRound[i]!.set(round, counts);
    });
  }
  const pooled = (i: number, which: (round: string) => boolean): Counts => {
    const c = empty();
    for (const [round, counts] of byRound[i]!) if (which(round)) add(c, counts);
    return c;
  };
  const key = (c: Counts): number[] => [c.top1, c.top3, c.none];
  // By top-1, then top-3, then none: the first figure that differs decides.
  const better = (a: number[], b: number[]): boolean => {
    const first = a.findIndex((x, j) => x !== b[j]!);
    return first !== -1 && a[first]! > b[first]!;
  };
  const today = grid.findIndex(isToday);
  console.log(`${grid.length} settings over rounds ${[...rounds].join(", ")} (${files.length} files)`);
  const all = grid.map((_, i) => pooled(i, () => true));
  const order = all.map((c, i) => ({ c, i })).sort((x, y) => (better(key(y.c), key(x.c)) ? 1 : better(key(x.c), key(y.c)) ? -1 : 0));
  console.log(`in sample, today's weights (${describe(grid[today]!)}): ${figures(all[today]!)}`);
  console.log(`in sample, top-1 from ${Math.min(...all.map((c) => c.top1))} to ${Math.max(...all.map((c) => c.top1))}; the best five:`);
  for (const { c, i } of order.slice(0, 5)) console.log(`  ${describe(grid[i]!)}: ${figures(c)}`);
  const chosen = empty();
  const kept = empty();
  for (const left of rounds) {
    let best = 0;
    for (let i = 1; i < grid.length; i++) if (better(key(pooled(i, (r) => r !== left)), key(pooled(best, (r) => r !== left)))) best = i;
    const out = pooled(best, (r) => r === left);
    const todays = pooled(today, (r) => r === left);
    add(chosen, out);
    add(kept, todays);
    console.log(`round ${left} left out: chose ${describe(grid[best]!)} → ${figures(out)}; today's → ${figures(todays)}`);
  }
  console.log(`rounds left out, pooled: chosen on the others ${figures(chosen)}; today's weights ${figures(kept)}`);
}

run();
