/**
 * BM25F over an inverted index (Robertson & Zaragoza, "The Probabilistic
 * Relevance Framework"): a term's frequency in each field is length-normalised
 * per field, weighted by the field and summed before one saturation, so a term
 * in a tool's display name counts more than the same term in its `why`, but
 * repeating a term across fields never runs away.
 *
 * Postings hold the pre-normalised pseudo-frequency, so a query touches only
 * the tools that share a term with it.
 */

import type { FieldName } from "@hdlp/parser";

/**
 * What a term is scored in: four of the catalogue's fields, typed by it (a
 * field renamed there fails the type check here), and two the matcher derives
 * from `params_schema` (tool-text.ts): each param's words (`params`) and the
 * slots its values fill (`slots`).
 */
const TOOL_FIELDS = ["name", "display", "intent", "why"] as const satisfies readonly FieldName[];
const INDEX_FIELDS = [...TOOL_FIELDS, "params", "slots"] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];

export interface FieldWeighting {
  /** How much one occurrence in this field is worth. */
  readonly weight: number;
  /** Length normalisation, 0 (none) … 1 (full). */
  readonly b: number;
}

export type Weighting = Readonly<Record<IndexField, FieldWeighting>>;

/** One document: its term keys per field, repeats meaning frequency. */
export type FieldTerms = Readonly<Record<IndexField, readonly string[]>>;

/** The tools holding one term while the index is built. */
interface GrowingList {
  readonly docs: number[];
  /** Field-weighted, length-normalised term frequency. */
  readonly tf: number[];
  /** Bit i set when the term occurs in INDEX_FIELDS[i]. */
  readonly fields: number[];
}

/**
 * The tools holding one term, in tool order, as typed parallel arrays (no
 * object per posting: 10,000 tools make a million postings), with each
 * tool's saturated frequency tf / (k1 + tf) and the term's idf worked out once.
 */
interface PostingList {
  readonly docs: Int32Array;
  readonly saturation: Float64Array;
  readonly fields: Uint8Array;
  readonly idf: number;
}

/** A posting list longer than this, in a registry where it is more than half the tools, holds a common term (see `accumulate`). */
const COMMON_POSTINGS = 1000;

function add(list: PostingList, scale: number, scores: Float64Array, touched: number[]): void {
  const { docs, saturation } = list;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (scores[doc] === 0) touched.push(doc);
    scores[doc]! += scale * saturation[i]!;
  }
}

export class InvertedIndex {
  readonly size: number;
  private readonly postings = new Map<string, PostingList>();

  constructor(docs: readonly FieldTerms[], weighting: Weighting, k1 = 1.2) {
    this.size = docs.length;
    const averageLength = Object.fromEntries(
      INDEX_FIELDS.map((f) => [f, Math.max(1, docs.reduce((sum, d) => sum + d[f].length, 0) / Math.max(1, docs.length))]),
    ) as Record<IndexField, number>;

    const growing = new Map<string, GrowingList>();
    docs.forEach((doc, id) => {
      INDEX_FIELDS.forEach((field, bit) => {
        const { weight, b } = weighting[field];
        const tf = weight / (1 - b + (b * doc[field].length) / averageLength[field]);
        for (const key of doc[field]) {
          let list = growing.get(key);
          if (list === undefined) growing.set(key, (list = { docs: [], tf: [], fields: [] }));
          const last = list.docs.length - 1;
          if (list.docs[last] === id) {
            list.tf[last]! += tf;
            list.fields[last]! |= 1 << bit;
          } else {
            list.docs.push(id);
            list.tf.push(tf);
            list.fields.push(1 << bit);
          }
        }
      });
    });
    for (const [key, list] of growing) {
      const df = list.docs.length;
      this.postings.set(key, {
        docs: Int32Array.from(list.docs),
        saturation: Float64Array.from(list.tf, (tf) => tf / (k1 + tf)),
        fields: Uint8Array.from(list.fields),
        idf: Math.max(0.05, Math.log(1 + (this.size - df + 0.5) / (df + 0.5))),
      });
    }
  }

  has(key: string): boolean {
    return this.postings.has(key);
  }

  keys(): IterableIterator<string> {
    return this.postings.keys();
  }

  /** Robertson–Spärck Jones idf, floored at a small positive value so a term in every tool still counts a little. */
  idf(key: string): number {
    return this.postings.get(key)?.idf ?? Math.log(1 + (this.size + 0.5) / 0.5);
  }

  /**
   * The `count` best tools for the query (weights per term key), best first;
   * ties go to the tool `before` orders first, so the same query always gives
   * the same order. Tools sharing no term with the query never appear.
   * `adjust` may lower a tool's score before it is ranked (never raise it): a
   * tool whose score is already under the `count`-th best is not asked.
   */
  top(
    query: ReadonlyMap<string, number>,
    count: number,
    before: (a: number, b: number) => boolean,
    adjust: (doc: number, score: number) => number = (_, score) => score,
  ): Array<{ doc: number; score: number }> {
    const { scores, touched } = this.accumulate(query);
    // The best `count`, kept in passes over the touched tools rather than by a
    // sort of all of them (10,000 tools). The best by raw score come first:
    // their adjusted scores set a bar that no tool scoring under it raw can
    // pass, so few others are adjusted.
    const seeds = new Ranking(count, before);
    for (const doc of touched) seeds.offer(doc, scores[doc]!);
    const best = new Ranking(count, before);
    for (const { doc } of seeds.entries()) best.offer(doc, adjust(doc, scores[doc]!));
    const seeded = new Set(seeds.entries().map((e) => e.doc));
    for (const doc of touched) {
      if (scores[doc]! < best.bar() || seeded.has(doc)) continue;
      best.offer(doc, adjust(doc, scores[doc]!));
    }
    return best.entries();
  }

  /** Every tool sharing a term with the query, best first (for explaining a ranking, not for answering: it sorts them all). */
  rankAll(
    query: ReadonlyMap<string, number>,
    before: (a: number, b: number) => boolean,
    adjust: (doc: number, score: number) => number,
  ): Array<{ doc: number; score: number }> {
    const { scores, touched } = this.accumulate(query);
    return touched
      .map((doc) => ({ doc, score: adjust(doc, scores[doc]!) }))
      .sort((a, b) => b.score - a.score || (before(a.doc, b.doc) ? -1 : before(b.doc, a.doc) ? 1 : 0));
  }

  /**
   * Each tool's score for the query, and which tools share a term with it. A
   * term most tools hold (more than half, and over `COMMON_POSTINGS`: only in a
   * large registry) adds to the tools the other terms found rather than
   * bringing in tools of its own, unless no other term found any: it says
   * little (its idf is under log 2), and 10,000 tools each scored and checked
   * for it would cost more than the rest of the request.
   */
  private accumulate(query: ReadonlyMap<string, number>): { scores: Float64Array; touched: number[] } {
    const scores = new Float64Array(this.size);
    const touched: number[] = [];
    const common: Array<{ list: PostingList; scale: number }> = [];
    for (const [key, weight] of query) {
      const list = this.postings.get(key);
      if (list === undefined || weight <= 0) continue;
      const scale = weight * list.idf;
      if (list.docs.length > COMMON_POSTINGS && list.docs.length * 2 > this.size) common.push({ list, scale });
      else add(list, scale, scores, touched);
    }
    const onlyCommon = touched.length === 0;
    for (const { list, scale } of common) {
      if (onlyCommon) add(list, scale, scores, touched);
      else for (let i = 0; i < list.docs.length; i++) if (scores[list.docs[i]!]! > 0) scores[list.docs[i]!]! += scale * list.saturation[i]!;
    }
    return { scores, touched };
  }

  /** The fields of `doc` where `key` occurs (empty when it does not). */
  fieldsOf(key: string, doc: number): IndexField[] {
    const posting = this.posting(key, doc);
    return posting === undefined ? [] : INDEX_FIELDS.filter((_, bit) => (posting.fields & (1 << bit)) !== 0);
  }

  /** What one query term of `weight` adds to the score of `doc` (0 when the tool lacks it): `top` sums these. */
  termScore(key: string, weight: number, doc: number): number {
    const posting = this.posting(key, doc);
    return posting === undefined || weight <= 0 ? 0 : weight * this.idf(key) * posting.saturation;
  }

  private posting(key: string, doc: number): { saturation: number; fields: number } | undefined {
    const list = this.postings.get(key);
    if (list === undefined) return undefined;
    let lo = 0;
    let hi = list.docs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = list.docs[mid]!;
      if (at === doc) return { saturation: list.saturation[mid]!, fields: list.fields[mid]! };
      if (at < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** The best `count` tools seen so far, best first; ties go to the tool `before` orders first. */
class Ranking {
  private readonly docs: number[] = [];
  private readonly scores: number[] = [];

  constructor(
    private readonly count: number,
    private readonly before: (a: number, b: number) => boolean,
  ) {}

  /** The score a tool must reach to enter (−∞ until `count` are in). */
  bar(): number {
    return this.docs.length < this.count ? -Infinity : this.scores[this.count - 1]!;
  }

  offer(doc: number, score: number): void {
    if (score < this.bar()) return;
    let at = this.docs.length;
    while (at > 0 && (score > this.scores[at - 1]! || (score === this.scores[at - 1]! && this.before(doc, this.docs[at - 1]!)))) at--;
    if (at >= this.count) return;
    this.docs.splice(at, 0, doc);
    this.scores.splice(at, 0, score);
    if (this.docs.length > this.count) {
      this.docs.pop();
      this.scores.pop();
    }
  }

  entries(): Array<{ doc: number; score: number }> {
    return this.docs.map((doc, i) => ({ doc, score: this.scores[i]! }));
  }
}
