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
import { AS_WRITTEN, type HanPart, type Lexicon, phrasesIn } from "./lexicon.ts";
import { isHan, leftmostLongest, normalizeText, splitRuns } from "./normalize.ts";

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
  /** The text before lower-casing (NFKC only), when it has the same length (upper case tells a code like ZY001 from a word). */
  readonly folded?: string;
  /** Offsets of Han characters that are stop words (not intent). */
  readonly hanStops: ReadonlySet<number>;
  /** Offsets covered by multi-character stop phrases (一下, 帮我). */
  readonly hanStopPhrases: ReadonlySet<number>;
  /** English words of the text, stop words included (for typo look-up and coverage). */
  readonly englishWords: readonly WordToken[];
}

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

export function analyze(raw: string, lexicon: Lexicon): Analysis {
  const folded = raw.normalize("NFKC");
  const text = normalizeText(raw);
  const terms: Term[] = [];
  const hanStopPhrases = stopPhraseOffsets(text, lexicon);
  const hanStops = new Set(hanStopPhrases);
  for (let i = 0; i < text.length; i++) if (lexicon.hanStopChars.has(text[i]!)) hanStops.add(i);
  const words: WordToken[] = [];

  for (const run of splitRuns(text)) {
    if (run.kind === "han") {
      const particles = hanWords(run.text, run.start, hanStops, hanStopPhrases, terms);
      hanBigrams(run.text, run.start, hanStops, terms);
      hanConcepts(run.text, run.start, lexicon, particles, terms);
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
  englishConcepts(text, words, lexicon, terms);
  return { text, ...(folded.length === text.length && { folded }), terms, hanStops, hanStopPhrases, englishWords: words };
}

/** Offsets covered by Chinese stop phrases of several characters. */
function stopPhraseOffsets(text: string, lexicon: Lexicon): Set<number> {
  const stops = new Set<number>();
  for (const m of text.matchAll(lexicon.hanStopPattern)) {
    for (let i = 0; i < m[0].length; i++) stops.add(m.index + i);
  }
  return stops;
}

/** Pushes the segmenter's words of a Han run; returns the spans (in the run) of the words that are stop phrases (一下, 到底), particles of their own. */
function hanWords(run: string, base: number, stops: ReadonlySet<number>, stopPhrases: ReadonlySet<number>, out: Term[]): Array<readonly [number, number]> {
  const particles: Array<readonly [number, number]> = [];
  for (const seg of segmenter.segment(run)) {
    if (!seg.isWordLike) continue;
    const start = base + seg.index;
    const end = start + seg.segment.length;
    if (end - start > 1 && allStops(start, end, stopPhrases)) particles.push([seg.index, seg.index + seg.segment.length]);
    if (allStops(start, end, stops)) continue;
    out.push({ key: `w:${seg.segment}`, kind: "word", start, end, surface: seg.segment });
  }
  return particles;
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

/** What may split a two-character verb-object word (离合词) without changing what it asks for. */
const SPLIT_WORD_INFIXES = ["个", "一个", "一下", "下"];

/**
 * Thesaurus phrases found in a Han run, by forward maximum matching: the
 * longest phrase at the leftmost place, then on from its end (重新启动 is
 * not also 启动; 检查一下 is 检查, not 查一下; 测下到 is 测下, not 下到). A
 * function word the segmenter reads as a word of its own (一下, 到底: a stop
 * phrase holding no thesaurus word) is no part of a phrase that reaches
 * across its edge (追踪一下到 holds no 下到, 机子上到底 no 上到); a phrase may
 * hold it whole (检查一下).
 */
function hanConcepts(run: string, base: number, lexicon: Lexicon, particles: ReadonlyArray<readonly [number, number]>, out: Term[]): void {
  const found: Array<{ start: number; end: number; concepts: readonly string[]; parts: readonly HanPart[] }> = phrasesIn(lexicon.hanTrie, run).map(
    ({ start, end, node }) => ({ start, end, concepts: node.concepts!, parts: node.parts ?? [] }),
  );
  for (let i = 0; i < run.length; i++) {
    const first = lexicon.hanTrie.next.get(run[i]!);
    // A verb-object word split by a count or 一下 (留个言 is 留言, 升个级 升级, 校一下时 校时): the whole is that word.
    if (first !== undefined) {
      for (const infix of SPLIT_WORD_INFIXES) {
        if (!run.startsWith(infix, i + 1)) continue;
        const end = i + 1 + infix.length + 1;
        const word = end <= run.length ? first.next.get(run[end - 1]!) : undefined;
        // its parts are its two characters, where they stand (the infix between them)
        const parts = (word?.parts ?? []).map((p) => ({ start: p.start === 0 ? 0 : end - i - 1, end: p.end === 1 ? 1 : end - i, concepts: p.concepts }));
        if (word?.concepts !== undefined) found.push({ start: i, end, concepts: word.concepts, parts });
      }
    }
  }
  // A particle is a function word: one that holds a thesaurus word (看看 holds 看) may be part of a phrase (发给我看看).
  const functionWords = particles.filter(([from, to]) => !found.some((hit) => hit.start >= from && hit.end <= to));
  const cutsParticle = (hit: { start: number; end: number }) =>
    functionWords.some(([from, to]) => (hit.start < from && hit.end > from && hit.end < to) || (hit.start > from && hit.start < to && hit.end > to));
  for (const hit of leftmostLongest(found.filter((hit) => !cutsParticle(hit)))) {
    for (const concept of hit.concepts) {
      out.push({ key: `c:${concept}`, kind: "concept", start: base + hit.start, end: base + hit.end, surface: run.slice(hit.start, hit.end) });
    }
    // A compound says what its parts say too (慢查询: slow and a query), each where it stands.
    for (const part of hit.parts) {
      const [start, end] = [hit.start + part.start, hit.start + part.end];
      for (const concept of part.concepts)
        out.push({ key: `c:${concept}`, kind: "concept", start: base + start, end: base + end, surface: run.slice(start, end) });
    }
  }
}

/** Particles that may stand apart from their verb: roll order-api back, shut it down, back the db up. */
const PARTICLES = new Set(["up", "down", "back", "out", "off", "over", "away"]);

/**
 * Thesaurus entries among English words, single words and phrases (`pull
 * request`), by forward maximum matching. A phrasal verb may have its object
 * between verb and particle (`roll order-api back`): it is found at the verb,
 * and its particle says nothing more.
 */
function englishConcepts(text: string, words: readonly WordToken[], lexicon: Lexicon, out: Term[]): void {
  const found: Array<{ start: number; end: number; phrase: string; surface: string }> = [];
  const particles = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 2; j <= i + 4 && j < words.length && !/[,.;:!?，。；！？]/u.test(text.slice(words[j - 1]!.end, words[j]!.start)); j++) {
      const phrase = `${words[i]!.stem} ${words[j]!.stem}`;
      if (!PARTICLES.has(words[j]!.stem) || !lexicon.englishPhrases.has(phrase)) continue;
      found.push({ start: words[i]!.start, end: words[i]!.end, phrase, surface: `${words[i]!.surface} … ${words[j]!.surface}` });
      particles.add(j);
      break;
    }
  }
  for (let i = 0; i < words.length; i++) {
    if (particles.has(i)) continue;
    for (let len = 1; len <= lexicon.longestEnglishPhrase && i + len <= words.length; len++) {
      const span = words.slice(i, i + len);
      // an entry matched as written (lexicon.ts) is that word, whatever its stem would match
      const written = `${AS_WRITTEN}${span.map((w) => w.surface).join(" ")}`;
      const phrase = lexicon.englishPhrases.has(written) ? written : span.map((w) => w.stem).join(" ");
      if (lexicon.englishPhrases.has(phrase))
        found.push({ start: span[0]!.start, end: span.at(-1)!.end, phrase, surface: span.map((w) => w.surface).join(" ") });
    }
  }
  for (const hit of leftmostLongest(found)) {
    for (const concept of lexicon.englishPhrases.get(hit.phrase)!) {
      out.push({ key: `c:${concept}`, kind: "concept", start: hit.start, end: hit.end, surface: hit.surface });
    }
  }
}

export function isHanText(word: string): boolean {
  return [...word].every(isHan);
}
