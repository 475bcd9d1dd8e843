/**
 * Scoring a matcher on a labelled set of requests: tools and `{q, expect,
 * lang, kind}` requests (bench/intent/labelled-set.ts reads them from files).
 *
 *   top-1: the first candidate is in `expect`;
 *   top-3: one of the first three is;
 *   none:  for `expect: []`, the answer is found:false.
 */
import type { ToolModel } from "@hdlp/parser";
import { createMatcher, type MatcherOptions } from "./matcher.ts";

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
}

export interface Evaluation {
  readonly top1: number;
  readonly top3: number;
  readonly none: number;
  readonly servable: number;
  readonly unservable: number;
  /** Requests whose first answer was wrong (a wrong top-1, a missed found:false, a false found:false). */
  readonly misses: Miss[];
}

export function evaluate(set: LabelledSet, options?: MatcherOptions): Evaluation {
  const matcher = createMatcher(set.tools, options);
  let top1 = 0;
  let top3 = 0;
  let none = 0;
  let servable = 0;
  const misses: Miss[] = [];
  for (const query of set.queries) {
    const result = matcher.match(query.q, { top: 3 });
    const got = result.candidates.map((c) => c.name);
    if (query.expect.length === 0) {
      if (!result.found) none++;
      else misses.push({ query, got });
      continue;
    }
    servable++;
    const first = got[0] !== undefined && query.expect.includes(got[0]);
    if (first) top1++;
    else misses.push({ query, got });
    if (got.some((name) => query.expect.includes(name))) top3++;
  }
  const unservable = set.queries.length - servable;
  return {
    top1: servable === 0 ? 0 : top1 / servable,
    top3: servable === 0 ? 0 : top3 / servable,
    none: unservable === 0 ? 0 : none / unservable,
    servable,
    unservable,
    misses,
  };
}
