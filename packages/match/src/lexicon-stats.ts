/**
 * The thesaurus's size, and how much of a body of requests it covers: the
 * figures docs/matching.md gives, printed by `pnpm bench intent`.
 */
import thesaurusData from "./data/thesaurus.json" with { type: "json" };
import { analyze } from "./analyze.ts";
import { defaultLexicon, type ThesaurusData } from "./lexicon.ts";
import { isHan, SpanMask } from "./normalize.ts";
import { findValues } from "./values.ts";

export interface ThesaurusSize {
  readonly operations: number;
  readonly objects: number;
  readonly aspects: number;
  /** Words, counted once per sense they belong to. */
  readonly zh: number;
  readonly en: number;
  readonly unrelated: number;
}

export function thesaurusSize(data: ThesaurusData = thesaurusData as unknown as ThesaurusData): ThesaurusSize {
  const senses = [...Object.values(data.operations), ...Object.values(data.objects), ...Object.values(data.aspects)];
  return {
    operations: Object.keys(data.operations).length,
    objects: Object.keys(data.objects).length,
    aspects: Object.keys(data.aspects).length,
    zh: senses.reduce((n, s) => n + s.zh.length, 0),
    en: senses.reduce((n, s) => n + s.en.length, 0),
    unrelated: (data.unrelated?.zh.length ?? 0) + (data.unrelated?.en.length ?? 0),
  };
}

export interface ThesaurusCoverage {
  /** Share of the requests' intent words (Han characters, English words; no stop words, no values) inside a thesaurus word. */
  readonly inThesaurus: number;
  /** Share of the requests naming an operation the thesaurus knows. */
  readonly withOperation: number;
  /** Share of the requests naming an object it knows. */
  readonly withObject: number;
}

export function thesaurusCoverage(requests: readonly string[]): ThesaurusCoverage {
  const lexicon = defaultLexicon();
  let units = 0;
  let covered = 0;
  let withOperation = 0;
  let withObject = 0;
  for (const request of requests) {
    const analysis = analyze(request, lexicon);
    const values = new SpanMask(
      analysis.text.length,
      findValues(analysis.text, analysis.folded).map((v) => [v.start, v.end] as const),
    );
    const senses = new SpanMask(analysis.text.length);
    const classes = new Set<string>();
    for (const t of analysis.terms) {
      if (t.kind !== "concept") continue;
      senses.mark(t.start, t.end);
      classes.add(lexicon.senses.get(t.key.slice(2))?.class ?? "");
    }
    if (classes.has("operation")) withOperation++;
    if (classes.has("object")) withObject++;
    for (let i = 0; i < analysis.text.length; i++) {
      if (!isHan(analysis.text[i]!) || analysis.hanStops.has(i) || values.covers(i, i + 1)) continue;
      units++;
      if (senses.covers(i, i + 1)) covered++;
    }
    for (const w of analysis.englishWords) {
      if (lexicon.englishStops.has(w.stem) || values.covers(w.start, w.end)) continue;
      units++;
      if (senses.covers(w.start, w.end)) covered++;
    }
  }
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
  return { inThesaurus: share(covered, units), withOperation: share(withOperation, requests.length), withObject: share(withObject, requests.length) };
}
