/**
 * Text → index terms, the same way for a tool's fields and for a request, so
 * both sides meet on equal terms. Four kinds of term, told apart by prefix:
 *
 *   w:  a word — a Chinese word from Intl.Segmenter, or an English stem
 *       (a camel-case word also gives its parts: `PromQL` → promql, prom, ql)
 *   b:  a Chinese character bigram (bridges segmentation differences and unknown words)
 *   c:  a thesaurus concept (bridges synonyms and the two languages)
 *   i:  a whole identifier with inner punctuation (`git-log`, `cache.get`)
 *
 * Every term keeps the span of normalised text it came from, so a request can
 * tell which of its words a tool covered.
 */
import { camelCaseParts, englishWords, identifiers, type WordToken } from "./english.ts";
import type { Lexicon } from "./lexicon.ts";
import { isHan, normalizeText, splitRuns } from "./normalize.ts";

export type TermKind = "word" | "bigram" | "concept" | "identifier";

export interface Term {
  readonly key: string;
  readonly kind: TermKind;
  readonly start: number;
  readonly end: number;
  /** The text it came from, for people (`matched`). */
  readonly surface: string;
}

export interface Analysis {
  readonly text: string;
  readonly terms: readonly Term[];
  /** Offsets of Han characters that are stop words (not intent). */
  readonly hanStops: ReadonlySet<number>;
  /** English words of the text, stop words included (for typo look-up and coverage). */
  readonly englishWords: readonly WordToken[];
}

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

export function analyze(raw: string, lexicon: Lexicon): Analysis {
  const folded = raw.normalize("NFKC");
  const text = normalizeText(raw);
  const terms: Term[] = [];
  const hanStops = stopOffsets(text, lexicon);
  const words: WordToken[] = [];

  for (const run of splitRuns(text)) {
    if (run.kind === "han") {
      hanWords(run.text, run.start, hanStops, terms);
      hanBigrams(run.text, run.start, hanStops, terms);
      hanConcepts(run.text, run.start, lexicon, terms);
    } else {
      const runWords = englishWords(run.text, run.start);
      words.push(...runWords);
      for (const word of runWords) {
        if (!lexicon.englishStops.has(word.stem)) terms.push({ key: `w:${word.stem}`, kind: "word", start: word.start, end: word.end, surface: word.surface });
      }
      for (const { id, index } of identifiers(run.text)) {
        terms.push({ key: `i:${id}`, kind: "identifier", start: run.start + index, end: run.start + index + id.length, surface: id });
      }
    }
  }
  if (folded.length === text.length) {
    for (const part of camelCaseParts(folded)) {
      if (!lexicon.englishStops.has(part.stem)) terms.push({ key: `w:${part.stem}`, kind: "word", start: part.start, end: part.end, surface: part.surface });
    }
  }
  englishConcepts(words, lexicon, terms);
  return { text, terms, hanStops, englishWords: words };
}

/** Offsets covered by Chinese stop words: multi-character phrases first, then single characters. */
function stopOffsets(text: string, lexicon: Lexicon): Set<number> {
  const stops = new Set<number>();
  for (const m of text.matchAll(lexicon.hanStopPattern)) {
    for (let i = 0; i < m[0].length; i++) stops.add(m.index + i);
  }
  for (let i = 0; i < text.length; i++) if (lexicon.hanStopChars.has(text[i]!)) stops.add(i);
  return stops;
}

function hanWords(run: string, base: number, stops: ReadonlySet<number>, out: Term[]): void {
  for (const seg of segmenter.segment(run)) {
    if (!seg.isWordLike) continue;
    const start = base + seg.index;
    const end = start + seg.segment.length;
    if (allStops(start, end, stops)) continue;
    out.push({ key: `w:${seg.segment}`, kind: "word", start, end, surface: seg.segment });
  }
}

function hanBigrams(run: string, base: number, stops: ReadonlySet<number>, out: Term[]): void {
  for (let i = 0; i + 1 < run.length; i++) {
    const start = base + i;
    if (stops.has(start) || stops.has(start + 1)) continue;
    const pair = run.slice(i, i + 2);
    out.push({ key: `b:${pair}`, kind: "bigram", start, end: start + 2, surface: pair });
  }
}

function allStops(start: number, end: number, stops: ReadonlySet<number>): boolean {
  for (let i = start; i < end; i++) if (!stops.has(i)) return false;
  return true;
}

/** Thesaurus phrases found in a Han run; a phrase inside a longer found phrase is dropped (重新启动 is not also 启动). */
function hanConcepts(run: string, base: number, lexicon: Lexicon, out: Term[]): void {
  const found: Array<{ start: number; end: number; concepts: readonly string[] }> = [];
  for (let i = 0; i < run.length; i++) {
    let node = lexicon.hanTrie.next.get(run[i]!);
    for (let end = i + 1; node !== undefined; node = end < run.length ? node.next.get(run[end++]!) : undefined) {
      if (node.concepts !== undefined) found.push({ start: i, end, concepts: node.concepts });
    }
  }
  for (const hit of maximal(found)) {
    for (const concept of hit.concepts) {
      out.push({ key: `c:${concept}`, kind: "concept", start: base + hit.start, end: base + hit.end, surface: run.slice(hit.start, hit.end) });
    }
  }
}

/** Thesaurus entries among English words, single words and phrases (`pull request`), maximal only. */
function englishConcepts(words: readonly WordToken[], lexicon: Lexicon, out: Term[]): void {
  const found: Array<{ start: number; end: number; phrase: string; from: number; to: number }> = [];
  for (let i = 0; i < words.length; i++) {
    for (let len = 1; len <= lexicon.longestEnglishPhrase && i + len <= words.length; len++) {
      const span = words.slice(i, i + len);
      const phrase = span.map((w) => w.stem).join(" ");
      if (lexicon.englishPhrases.has(phrase)) found.push({ start: span[0]!.start, end: span.at(-1)!.end, phrase, from: i, to: i + len });
    }
  }
  for (const hit of maximal(found)) {
    const surface = words.slice(hit.from, hit.to).map((w) => w.surface).join(" ");
    for (const concept of lexicon.englishPhrases.get(hit.phrase)!) {
      out.push({ key: `c:${concept}`, kind: "concept", start: hit.start, end: hit.end, surface });
    }
  }
}

/** The hits no longer hit contains, in text order; one sorted sweep, so a long request stays linear. */
function maximal<T extends { start: number; end: number }>(hits: readonly T[]): T[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: T[] = [];
  let furthestBefore = -1; // the furthest end of the hits starting before the current start
  let groupStart = -1;
  let groupEnd = -1; // the longest hit starting at the current start
  for (const hit of sorted) {
    if (hit.start !== groupStart) {
      furthestBefore = Math.max(furthestBefore, groupEnd);
      groupStart = hit.start;
      groupEnd = hit.end;
    }
    if (furthestBefore < hit.end && groupEnd <= hit.end) kept.push(hit);
  }
  return kept;
}

export function isHanText(word: string): boolean {
  return [...word].every(isHan);
}
