/**
 * The thesaurus's size, how much of a body of requests it covers (the
 * figures docs/matching.md gives, printed by `pnpm bench intent`), and which
 * words of the tools' own text no sense knows (bench/intent/thesaurus-gaps.ts).
 */
import thesaurusData from "./data/thesaurus.json" with { type: "json" };
import { type Analysis, analyze } from "./analyze.ts";
import type { WordToken } from "./english.ts";
import { defaultLexicon, type Lexicon, type ThesaurusData } from "./lexicon.ts";
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

/** A text as the thesaurus sees it: what its senses cover, what is a value, and the classes of sense it names. */
interface SenseReading {
  readonly analysis: Analysis;
  readonly values: SpanMask;
  readonly senses: SpanMask;
  readonly classes: ReadonlySet<string>;
}

function readSenses(text: string, lexicon: Lexicon): SenseReading {
  const analysis = analyze(text, lexicon);
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
  return { analysis, values, senses, classes };
}

/** An intent character (Han, no stop word, no value) at offset `i`. */
function isIntentHan(reading: SenseReading, i: number): boolean {
  const { analysis, values } = reading;
  return isHan(analysis.text[i]!) && !analysis.hanStops.has(i) && !values.covers(i, i + 1);
}

/** The English intent words (no stop words, no values). */
function intentEnglish(reading: SenseReading, lexicon: Lexicon): WordToken[] {
  return reading.analysis.englishWords.filter((w) => !lexicon.englishStops.has(w.stem) && !reading.values.covers(w.start, w.end));
}

export function thesaurusCoverage(requests: readonly string[]): ThesaurusCoverage {
  const lexicon = defaultLexicon();
  let units = 0;
  let covered = 0;
  let withOperation = 0;
  let withObject = 0;
  for (const request of requests) {
    const reading = readSenses(request, lexicon);
    if (reading.classes.has("operation")) withOperation++;
    if (reading.classes.has("object")) withObject++;
    for (let i = 0; i < reading.analysis.text.length; i++) {
      if (!isIntentHan(reading, i)) continue;
      units++;
      if (reading.senses.covers(i, i + 1)) covered++;
    }
    for (const w of intentEnglish(reading, lexicon)) {
      units++;
      if (reading.senses.covers(w.start, w.end)) covered++;
    }
  }
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of);
  return { inThesaurus: share(covered, units), withOperation: share(withOperation, requests.length), withObject: share(withObject, requests.length) };
}

/** A word no sense knows, and who uses it. */
export interface ThesaurusGap {
  /** A Chinese word (as the segmenter cuts it) or an English stem. */
  readonly word: string;
  /** The owners of the texts that use it (tool names), each once. */
  readonly usedBy: readonly string[];
}

/**
 * The content words of some texts (a tool's intent, display, why and params)
 * that no thesaurus sense knows: Chinese words with an intent character no
 * sense covers, English words no sense covers (numbers, stop words and values
 * left out), most used first. Where to look for vocabulary the domain has
 * and the thesaurus lacks (docs/matching.md, The thesaurus).
 */
export function thesaurusGaps(texts: ReadonlyArray<{ readonly owner: string; readonly text: string }>): ThesaurusGap[] {
  const lexicon = defaultLexicon();
  const usedBy = new Map<string, Set<string>>();
  const note = (word: string, owner: string) => {
    let owners = usedBy.get(word);
    if (owners === undefined) usedBy.set(word, (owners = new Set()));
    owners.add(owner);
  };
  for (const { owner, text } of texts) {
    const reading = readSenses(text, lexicon);
    // The segmenter's Chinese words, as analyze.ts indexes them.
    for (const word of reading.analysis.terms) {
      if (word.kind !== "word" || !isHan(word.surface[0]!)) continue;
      for (let i = word.start; i < word.end; i++) {
        if (isIntentHan(reading, i) && !reading.senses.covers(i, i + 1)) {
          note(word.surface, owner);
          break;
        }
      }
    }
    for (const w of intentEnglish(reading, lexicon)) {
      if (!/^\d+$/.test(w.stem) && !reading.senses.covers(w.start, w.end)) note(w.stem, owner);
    }
  }
  return [...usedBy]
    .map(([word, owners]) => ({ word, usedBy: [...owners].sort() }))
    .sort((a, b) => b.usedBy.length - a.usedBy.length || a.word.localeCompare(b.word));
}
