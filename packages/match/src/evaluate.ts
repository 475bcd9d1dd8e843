/**
 * Scoring a matcher on a labelled set of requests: tools and `{q, expect,
 * lang, kind}` requests (bench/intent/labelled-set.ts reads them from files).
 *
 *   top-1: the first candidate is in `expect`;
 *   top-3: one of the first three is;
 *   none:  for `expect: []`, the answer is found:false.
 *
 * It also keeps, for each request, the best tool's score and the share of its
 * words the tools know, found or not: the two distributions the found
 * decision is calibrated on (docs/matching.md).
 */
import type { ToolModel } from "@hdlp/parser";
import { createMatcher, type MatchResult, type MatcherOptions } from "./matcher.ts";

export interface LabelledQuery {
  readonly q: string;
  /** Acceptable tool names; empty when no tool can serve the request. */
  readonly expect: readonly string[];
  readonly lang?: string;
  readonly kind?: string;
}

export interface LabelledSet {
  readonly tools: ToolModel[];
  readonly queries: LabelledQuery[];
}

export interface Miss {
  readonly query: LabelledQuery;
  /** The candidates' names, empty for found:false. */
  readonly got: string[];
  /** Why found or not (the matcher's verdict). */
  readonly verdict: string;
}

/** One request's best score and known share, whatever the answer. */
export interface Signal {
  readonly score: number;
  readonly coverage: number;
  readonly found: boolean;
}

export interface Evaluation {
  /** Counts, so that intervals can be worked out: top1 and top3 of `servable`, none of `unservable`. */
  readonly hits: { readonly top1: number; readonly top3: number; readonly none: number };
  readonly top1: number;
  readonly top3: number;
  readonly none: number;
  readonly servable: number;
  readonly unservable: number;
  /** Requests whose first answer was wrong (a wrong top-1, a missed found:false, a false found:false). */
  readonly misses: Miss[];
  readonly signals: { readonly servable: Signal[]; readonly unservable: Signal[] };
}

/** How one answer to a labelled request counts toward the three figures (the definitions above). */
export function judge(query: LabelledQuery, result: MatchResult): { readonly top1: boolean; readonly top3: boolean; readonly none: boolean } {
  if (query.expect.length === 0) return { top1: false, top3: false, none: !result.found };
  const names = result.found ? result.candidates.slice(0, 3).map((c) => c.name) : [];
  return { top1: names[0] !== undefined && query.expect.includes(names[0]), top3: names.some((name) => query.expect.includes(name)), none: false };
}

export function evaluate(set: LabelledSet, options?: MatcherOptions): Evaluation {
  const matcher = createMatcher(set.tools, options);
  const hits = { top1: 0, top3: 0, none: 0 };
  const misses: Miss[] = [];
  const signals = { servable: [] as Signal[], unservable: [] as Signal[] };
  for (const query of set.queries) {
    const result = matcher.match(query.q, { top: 3 });
    const explained = matcher.explain(query.q, { top: 1 });
    const got = result.candidates.map((c) => c.name);
    const servable = query.expect.length > 0;
    (servable ? signals.servable : signals.unservable).push({ score: explained.candidates[0]?.score ?? 0, coverage: explained.coverage, found: result.found });
    const judged = judge(query, result);
    if (judged.top1) hits.top1++;
    if (judged.top3) hits.top3++;
    if (judged.none) hits.none++;
    if (!judged.top1 && !judged.none) misses.push({ query, got, verdict: explained.verdict });
  }
  const servable = signals.servable.length;
  const unservable = signals.unservable.length;
  const share = (count: number, of: number): number => (of === 0 ? 0 : count / of);
  return {
    hits,
    top1: share(hits.top1, servable),
    top3: share(hits.top3, servable),
    none: share(hits.none, unservable),
    servable,
    unservable,
    misses,
    signals,
  };
}

/** The Wilson score interval for `hits` of `n` at 95% (Wilson 1927): honest at small n and near 0 or 1, unlike ±1.96·√(p(1−p)/n). */
export function wilson(hits: number, n: number, z = 1.96): { readonly low: number; readonly high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = hits / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
