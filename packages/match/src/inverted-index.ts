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

export const FIELDS = ["name", "display", "intent", "why", "params"] as const;
export type FieldName = (typeof FIELDS)[number];

export interface FieldWeighting {
  /** How much one occurrence in this field is worth. */
  readonly weight: number;
  /** Length normalisation, 0 (none) … 1 (full). */
  readonly b: number;
}

export type Weighting = Readonly<Record<FieldName, FieldWeighting>>;

/** One document: its term keys per field, repeats meaning frequency. */
export type FieldTerms = Readonly<Record<FieldName, readonly string[]>>;

/** The tools holding one term, in tool order, as parallel arrays (no object per posting: 10,000 tools make a million postings). */
interface PostingList {
  readonly docs: number[];
  /** Field-weighted, length-normalised term frequency. */
  readonly tf: number[];
  /** Bit i set when the term occurs in FIELDS[i]. */
  readonly fields: number[];
}

export class InvertedIndex {
  readonly size: number;
  private readonly postings = new Map<string, PostingList>();

  constructor(
    docs: readonly FieldTerms[],
    weighting: Weighting,
    private readonly k1 = 1.2,
  ) {
    this.size = docs.length;
    const averageLength = Object.fromEntries(
      FIELDS.map((f) => [f, Math.max(1, docs.reduce((sum, d) => sum + d[f].length, 0) / Math.max(1, docs.length))]),
    ) as Record<FieldName, number>;

    docs.forEach((doc, id) => {
      FIELDS.forEach((field, bit) => {
        const { weight, b } = weighting[field];
        const tf = weight / (1 - b + (b * doc[field].length) / averageLength[field]);
        for (const key of doc[field]) {
          let list = this.postings.get(key);
          if (list === undefined) this.postings.set(key, (list = { docs: [], tf: [], fields: [] }));
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
  }

  has(key: string): boolean {
    return this.postings.has(key);
  }

  keys(): IterableIterator<string> {
    return this.postings.keys();
  }

  /** Robertson–Spärck Jones idf, floored at a small positive value so a term in every tool still counts a little. */
  idf(key: string): number {
    const df = this.postings.get(key)?.docs.length ?? 0;
    return Math.max(0.05, Math.log(1 + (this.size - df + 0.5) / (df + 0.5)));
  }

  /**
   * The `count` best tools for the query (weights per term key), best first;
   * ties go to the tool `before` orders first, so the same query always gives
   * the same order. Tools sharing no term with the query never appear.
   */
  top(query: ReadonlyMap<string, number>, count: number, before: (a: number, b: number) => boolean): Array<{ doc: number; score: number }> {
    const scores = new Float64Array(this.size);
    const touched: number[] = [];
    for (const [key, weight] of query) {
      const list = this.postings.get(key);
      if (list === undefined || weight <= 0) continue;
      const idf = this.idf(key);
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i]!;
        const tf = list.tf[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc]! += (weight * idf * tf) / (this.k1 + tf);
      }
    }
    // One pass keeping the best `count`: a full sort of every touched tool would dominate a query over 10,000 tools.
    const best: Array<{ doc: number; score: number }> = [];
    for (const doc of touched) {
      const score = scores[doc]!;
      const at = best.findIndex((b) => score > b.score || (score === b.score && before(doc, b.doc)));
      if (at === -1) {
        if (best.length < count) best.push({ doc, score });
      } else {
        best.splice(at, 0, { doc, score });
        if (best.length > count) best.pop();
      }
    }
    return best;
  }

  /** The fields of `doc` where `key` occurs (empty when it does not). */
  fieldsOf(key: string, doc: number): FieldName[] {
    const list = this.postings.get(key);
    if (list === undefined) return [];
    let lo = 0;
    let hi = list.docs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = list.docs[mid]!;
      if (at === doc) return FIELDS.filter((_, bit) => (list.fields[mid]! & (1 << bit)) !== 0);
      if (at < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return [];
  }
}
