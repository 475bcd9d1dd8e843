/**
 * The lexicon: the project's thesaurus and stop words, kept as data
 * (data/thesaurus.json, data/stopwords.json) so that the team extends the
 * matcher's vocabulary without touching code. See docs/matching.md.
 */
import stopwordData from "./data/stopwords.json" with { type: "json" };
import thesaurusData from "./data/thesaurus.json" with { type: "json" };
import { stem } from "./english.ts";
import { isHan, normalizeText } from "./normalize.ts";

/** data/thesaurus.json: concept id → the words and phrases (any language) that mean it. */
export interface ThesaurusData {
  readonly concepts: Readonly<Record<string, readonly string[]>>;
}

/** data/stopwords.json: words that carry no intent of their own. */
export interface StopwordData {
  readonly zh: readonly string[];
  readonly en: readonly string[];
}

/** A character trie of the Han phrases: finding every phrase at a position costs only as many steps as the longest match. */
export interface HanTrie {
  readonly next: Map<string, HanTrie>;
  /** Set when the path to this node spells a phrase. */
  concepts?: readonly string[];
}

export interface Lexicon {
  /** Han phrase → concept ids. */
  readonly hanPhrases: ReadonlyMap<string, readonly string[]>;
  readonly hanTrie: HanTrie;
  /** English stems joined by one space (`pull request`) → concept ids. */
  readonly englishPhrases: ReadonlyMap<string, readonly string[]>;
  readonly longestEnglishPhrase: number;
  /** Single Han characters and multi-character Han phrases that carry no intent. */
  readonly hanStopChars: ReadonlySet<string>;
  /** Multi-character Han stop phrases, longest first, as one global pattern. */
  readonly hanStopPattern: RegExp;
  /** English stop words, stemmed. */
  readonly englishStops: ReadonlySet<string>;
}

let bundled: Lexicon | undefined;

/** The lexicon shipped with the runtime (read once, shared by every matcher). */
export function defaultLexicon(): Lexicon {
  bundled ??= buildLexicon(thesaurusData as ThesaurusData, stopwordData as StopwordData);
  return bundled;
}

export function buildLexicon(thesaurus: ThesaurusData, stopwords: StopwordData): Lexicon {
  const hanPhrases = new Map<string, string[]>();
  const englishPhrases = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, concept: string): void => {
    const concepts = map.get(key) ?? [];
    if (!concepts.includes(concept)) concepts.push(concept);
    map.set(key, concepts);
  };
  for (const [concept, terms] of Object.entries(thesaurus.concepts)) {
    for (const raw of terms) {
      const term = normalizeText(raw).trim();
      if (term === "") continue;
      const han = [...term].filter(isHan).length;
      if (han === [...term].length) add(hanPhrases, term, concept);
      else if (han === 0 && englishKey(term) !== "") add(englishPhrases, englishKey(term), concept);
      else throw new Error(`thesaurus: "${raw}" in concept "${concept}" mixes Chinese with other text; write it as separate entries`);
    }
  }
  const hanStops = stopwords.zh.map((w) => normalizeText(w));
  const stopPhrases = hanStops.filter((w) => [...w].length > 1).sort((a, b) => b.length - a.length);
  return {
    hanPhrases,
    hanTrie: trieOf(hanPhrases),
    englishPhrases,
    longestEnglishPhrase: Math.max(1, ...[...englishPhrases.keys()].map((k) => k.split(" ").length)),
    hanStopChars: new Set(hanStops.filter((w) => [...w].length === 1)),
    hanStopPattern: new RegExp(stopPhrases.length > 0 ? stopPhrases.join("|") : "(?!)", "gu"),
    englishStops: new Set(stopwords.en.map((w) => stem(normalizeText(w)))),
  };
}

function trieOf(phrases: ReadonlyMap<string, readonly string[]>): HanTrie {
  const root: HanTrie = { next: new Map() };
  for (const [phrase, concepts] of phrases) {
    let node = root;
    for (const char of phrase) {
      let child = node.next.get(char);
      if (child === undefined) node.next.set(char, (child = { next: new Map() }));
      node = child;
    }
    node.concepts = concepts;
  }
  return root;
}

/** The key an English term is looked up by: its words' stems, one space apart (`Pull-Requests` → `pull request`). */
export function englishKey(term: string): string {
  return (normalizeText(term).match(/[a-z][a-z0-9]*/g) ?? []).map(stem).join(" ");
}
