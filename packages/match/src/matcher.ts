/**
 * Intent matching (seed §1 方式2, §2 步骤3): a free-text request → the one to
 * three registered tools that best serve it, or `found:false` when none does.
 *
 * Tools are indexed once (BM25F over name, display, intent, why and param
 * descriptions); a request is analysed the same way, widened with typo
 * candidates, scored against the inverted index, and accepted only when most
 * of what it asks is known to the tools and the best tool scores (see `decide`).
 */
import type { ToolModel } from "@hdlp/parser";
import { NOT_FOUND_SUGGESTION } from "./not-found.ts";
import { analyze, isHanText, type Analysis, type Term, type TermKind } from "./analyze.ts";
import { InvertedIndex, type FieldTerms, type Weighting } from "./inverted-index.ts";
import { defaultLexicon, type Lexicon } from "./lexicon.ts";
import { pathSpans, quotedSpans, SpanMask, valueSpans } from "./normalize.ts";
import { TypoVocabulary } from "./typo.ts";

export interface MatchCandidate {
  readonly name: string;
  readonly display: string;
  readonly intent: string;
  /** The tool's score as a share of the request's attainable score (every request term, fully saturated): 0…1. */
  readonly score: number;
  /** What matched, for people: `重启≈restart`, `nginx`, `山除→删除`. */
  readonly matched: string[];
}

export interface MatchResult {
  readonly found: boolean;
  readonly candidates: MatchCandidate[];
  readonly suggestion?: string;
}

export interface MatchOptions {
  /** How many candidates, 1…3 (default 3). */
  readonly top?: number;
  /**
   * The caller's situation (`{ repo: "zhuyuan/native-repo", file: "/var/log/nginx/error.log" }`).
   * Its string values are weak hints: they can reorder close candidates, never
   * make an unservable request found.
   */
  readonly context?: Readonly<Record<string, unknown>>;
}

export interface Thresholds {
  /** Share of the request's intent words that must be known to some tool (see `known`). */
  readonly coverage: number;
  /** Minimum score (share of the attainable score) of the best tool. */
  readonly score: number;
}

export interface MatcherOptions {
  readonly lexicon?: Lexicon;
  readonly weighting?: Weighting;
  readonly thresholds?: Thresholds;
}

export interface Matcher {
  readonly size: number;
  match(intent: string, options?: MatchOptions): MatchResult;
}

/** Field weights: the display name and tool name say most, the intent sentence next, the rationale and params least. */
export const DEFAULT_WEIGHTING: Weighting = {
  name: { weight: 2.5, b: 0.3 },
  display: { weight: 3, b: 0.3 },
  intent: { weight: 2, b: 0.6 },
  why: { weight: 0.6, b: 0.6 },
  params: { weight: 0.5, b: 0.6 },
};

export const DEFAULT_THRESHOLDS: Thresholds = { coverage: 0.35, score: 0.05 };

/** How much a request term counts, by kind: bigrams only back up words and concepts. */
const KIND_WEIGHT: Readonly<Record<TermKind, number>> = { word: 1, concept: 1, identifier: 1, bigram: 0.4 };
/** A term inside a value (a path, a file or host name, a token with digits, text after a colon); quoted text counts 0. */
const VALUE_FACTOR = 0.2;
/** A term reached through a typo candidate. */
const TYPO_FACTOR = 0.7;
/** A word that is also a thesaurus entry (its concept carries the rest). */
const SYNONYM_WORD_FACTOR = 0.5;
/**
 * A request is a sentence or two; past this many characters the rest is
 * ignored, so the time a match takes is bounded whatever is pasted.
 */
const MAX_REQUEST_CHARS = 2000;
/** A term from the caller's context. */
const CONTEXT_FACTOR = 0.15;

interface QueryTerm {
  readonly key: string;
  readonly weight: number;
  readonly start: number;
  readonly end: number;
  /** For `matched`. */
  readonly label: string;
  /** False for context hints: they never count toward coverage. */
  readonly fromRequest: boolean;
}

export function createMatcher(tools: readonly ToolModel[], options: MatcherOptions = {}): Matcher {
  const lexicon = options.lexicon ?? defaultLexicon();
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS;
  const termsOf = memoizedTerms(lexicon);
  const docs = tools.map((tool) => toolTerms(tool, termsOf));
  const index = new InvertedIndex(docs, options.weighting ?? DEFAULT_WEIGHTING);
  const typos = typoVocabulary(index, lexicon);

  return {
    size: tools.length,
    match(intent: string, options?: MatchOptions): MatchResult {
      const matchOptions = options ?? {};
      const top = Number.isFinite(matchOptions.top) ? Math.min(3, Math.max(1, Math.trunc(matchOptions.top!))) : 3;
      const analysis = analyze(typeof intent === "string" ? intent.slice(0, MAX_REQUEST_CHARS) : "", lexicon);
      const terms = [...requestTerms(analysis, index, lexicon, typos), ...contextTerms(matchOptions.context, lexicon)];
      const weights = new Map<string, number>();
      for (const t of terms) weights.set(t.key, Math.max(weights.get(t.key) ?? 0, t.weight));

      // The bound no tool's score reaches (every request term, fully saturated): the scale that makes `score` 0…1.
      const requestKeys = new Set(terms.filter((t) => t.fromRequest).map((t) => t.key));
      let attainable = 0;
      for (const [key, weight] of weights) if (requestKeys.has(key)) attainable += weight * index.idf(key);

      const ranked = index
        .top(weights, top, (a, b) => tools[a]!.name < tools[b]!.name)
        .map(({ doc, score }) => ({ doc, score: attainable > 0 ? score / attainable : 0 }));
      const best = ranked[0];
      if (best === undefined || !decide(best.score, known(analysis, terms, index), thresholds)) {
        return { found: false, candidates: [], suggestion: NOT_FOUND_SUGGESTION };
      }
      const candidates = ranked.map(({ doc, score }) => {
        const tool = tools[doc]!;
        return { name: tool.name, display: tool.display, intent: tool.intent, score: round(score), matched: matchedLabels(terms, index, doc) };
      });
      return { found: true, candidates };
    },
  };
}

/** The found / not-found decision: the request must be mostly about things the tools know, and the best tool must score. */
function decide(score: number, covered: number, thresholds: Thresholds): boolean {
  return covered >= thresholds.coverage && score >= thresholds.score;
}

type TermsOf = (text: string) => readonly string[];

/** Tools repeat a lot of text (param descriptions like 仓库名, 工作目录): analyse each text once. */
function memoizedTerms(lexicon: Lexicon): TermsOf {
  const memo = new Map<string, readonly string[]>();
  return (text) => {
    let keys = memo.get(text);
    if (keys === undefined) memo.set(text, (keys = analyze(text, lexicon).terms.map((t) => t.key)));
    return keys;
  };
}

function toolTerms(tool: ToolModel, termsOf: TermsOf): FieldTerms {
  const params = tool.params.flatMap((p) => [...termsOf(p.name), ...termsOf(p.description)]);
  return { name: termsOf(tool.name), display: termsOf(tool.display), intent: termsOf(tool.intent), why: termsOf(tool.why), params };
}

function typoVocabulary(index: InvertedIndex, lexicon: Lexicon): TypoVocabulary {
  const english: string[] = [...lexicon.englishPhrases.keys()].filter((k) => !k.includes(" "));
  const han: string[] = [...lexicon.hanPhrases.keys()].filter((k) => k.length > 1);
  for (const key of index.keys()) {
    if (!key.startsWith("w:")) continue;
    const word = key.slice(2);
    if (/^[a-z]+$/.test(word)) english.push(word);
    else if (word.length > 1 && isHanText(word)) han.push(word);
  }
  return new TypoVocabulary(english, han);
}

/** The request's own terms, plus terms reached through typo candidates. */
function requestTerms(analysis: Analysis, index: InvertedIndex, lexicon: Lexicon, typos: TypoVocabulary): QueryTerm[] {
  const values = intentValues(analysis);
  const quoted = new SpanMask(analysis.text.length, quotedSpans(analysis.text));
  const out: QueryTerm[] = [];
  const push = (t: Pick<Term, "key" | "kind" | "start" | "end">, label: string, factor: number): void => {
    if (quoted.covers(t.start, t.end)) return;
    const weight = KIND_WEIGHT[t.kind] * factor * (values.covers(t.start, t.end) ? VALUE_FACTOR : 1);
    out.push({ key: t.key, weight, start: t.start, end: t.end, label, fromRequest: true });
  };
  // A word the thesaurus knows counts mostly through its concept, so that a
  // tool written in the other language is not outranked by one that merely
  // shares the request's language.
  const concepts = conceptMask(analysis);
  for (const t of analysis.terms) {
    if (t.kind === "concept") push(t, `${t.surface}≈${t.key.slice(2)}`, 1);
    else push(t, t.surface, t.kind === "word" && concepts.covers(t.start, t.end) ? SYNONYM_WORD_FACTOR : 1);
  }

  // A filesystem path says "this is about a path" whatever its words are, and one ending in a name with an extension, "a file".
  for (const [start, end] of pathSpans(analysis.text)) {
    const path = analysis.text.slice(start, end);
    push({ key: "c:path", kind: "concept", start, end }, `${path}≈path`, 1);
    if (/\/[^/]*[^/.]\.[a-z0-9]+$/.test(path)) push({ key: "c:file", kind: "concept", start, end }, `${path}≈file`, 1);
  }

  for (const word of analysis.englishWords) {
    if (lexicon.englishStops.has(word.stem) || values.covers(word.start, word.end)) continue;
    if (index.has(`w:${word.stem}`) || lexicon.englishPhrases.has(word.stem)) continue;
    for (const known of typos.english(word.stem)) {
      const label = `${word.surface}→${known}`;
      if (index.has(`w:${known}`)) push({ key: `w:${known}`, kind: "word", start: word.start, end: word.end }, label, TYPO_FACTOR);
      for (const concept of lexicon.englishPhrases.get(known) ?? []) {
        push({ key: `c:${concept}`, kind: "concept", start: word.start, end: word.end }, `${label}≈${concept}`, TYPO_FACTOR);
      }
    }
  }

  for (const { start, word } of unknownHanWords(analysis, index, lexicon)) {
    const end = start + word.length;
    if (values.covers(start, end)) continue;
    for (const known of typos.han(word)) {
      const label = `${word}→${known}`;
      if (index.has(`w:${known}`)) push({ key: `w:${known}`, kind: "word", start, end }, label, TYPO_FACTOR);
      for (const concept of lexicon.hanPhrases.get(known) ?? []) {
        push({ key: `c:${concept}`, kind: "concept", start, end }, `${label}≈${concept}`, TYPO_FACTOR);
      }
    }
  }
  return out;
}

/** The request's values (see `valueSpans`), less those the thesaurus names as a whole (`tar.gz`, `sha256`): those are words. */
function intentValues(analysis: Analysis): SpanMask {
  const concepts = conceptMask(analysis);
  return new SpanMask(analysis.text.length, valueSpans(analysis.text).filter(([s, e]) => !concepts.covers(s, e)));
}

function conceptMask(analysis: Analysis): SpanMask {
  return new SpanMask(analysis.text.length, analysis.terms.filter((t) => t.kind === "concept").map((t) => [t.start, t.end] as const));
}

/** Stretches of 2–4 Han characters, free of stop words, that neither a tool nor the thesaurus knows. */
function* unknownHanWords(analysis: Analysis, index: InvertedIndex, lexicon: Lexicon): Generator<{ start: number; word: string }> {
  const text = analysis.text;
  for (let start = 0; start < text.length; start++) {
    for (let len = 2; len <= 4 && start + len <= text.length; len++) {
      const word = text.slice(start, start + len);
      if (!isHanText(word)) break;
      if (analysis.hanStops.has(start + len - 1) || analysis.hanStops.has(start)) break;
      if (index.has(`w:${word}`) || lexicon.hanPhrases.has(word)) continue;
      yield { start, word };
    }
  }
}

function contextTerms(context: Readonly<Record<string, unknown>> | undefined, lexicon: Lexicon): QueryTerm[] {
  if (context === undefined || context === null || typeof context !== "object") return [];
  const hints = Object.values(context).filter((v): v is string => typeof v === "string");
  return analyze(hints.join("\n").slice(0, MAX_REQUEST_CHARS), lexicon).terms.map((t) => ({
    key: t.key,
    weight: KIND_WEIGHT[t.kind] * CONTEXT_FACTOR,
    start: -1,
    end: -1,
    label: `context:${t.surface}`,
    fromRequest: false,
  }));
}

/**
 * Share of the request's intent words — Han characters and English words that
 * are neither stop words nor values — spanned by a term some tool contains.
 * A request mostly made of words no tool knows (a stock purchase, a poem) is
 * one the registry cannot serve, however well its few known words score.
 */
function known(analysis: Analysis, terms: readonly QueryTerm[], index: InvertedIndex): number {
  const values = intentValues(analysis);
  const units: Array<readonly [number, number]> = [];
  for (let i = 0; i < analysis.text.length; i++) {
    if (isHanText(analysis.text[i]!) && !analysis.hanStops.has(i) && !values.covers(i, i + 1)) units.push([i, i + 1]);
  }
  const intentWords = new Set(analysis.terms.filter((t) => t.kind === "word").map((t) => t.start));
  for (const w of analysis.englishWords) {
    if (intentWords.has(w.start) && !values.covers(w.start, w.end)) units.push([w.start, w.end]);
  }
  if (units.length === 0) return 0;
  const knownText = new SpanMask(analysis.text.length);
  for (const t of terms) if (t.fromRequest && index.has(t.key) && !isLoneHanWord(t)) knownText.mark(t.start, t.end);
  return units.filter(([s, e]) => knownText.covers(s, e)).length / units.length;
}

/** A lone Chinese character as a word (条, 月): too ambiguous to make a request known (a thesaurus entry of one character is a concept, not this). */
function isLoneHanWord(t: QueryTerm): boolean {
  return t.key.startsWith("w:") && t.end - t.start === 1 && isHanText(t.key.slice(2));
}

/** The labels of the request terms `doc` contains, in request order; a label another one already says (`改动` beside `改动≈change`) is left out. */
function matchedLabels(terms: readonly QueryTerm[], index: InvertedIndex, doc: number): string[] {
  const hits = terms
    .filter((t) => index.fieldsOf(t.key, doc).length > 0)
    .sort((a, b) => a.start - b.start || b.end - a.end || b.label.length - a.label.length || compare(a.label, b.label));
  const labels: string[] = [];
  for (const t of hits) if (!labels.some((l) => l.includes(t.label))) labels.push(t.label);
  return labels;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
