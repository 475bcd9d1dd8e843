/**
 * The lexicon: the project's thesaurus and stop words, kept as data
 * (data/thesaurus.json, data/stopwords.json) so that the team extends the
 * matcher's vocabulary without touching code. The thesaurus is written by
 * sense: operations (what is done), objects (what it is done to) and aspects
 * (what is asked about it), each with its words in Chinese and English.
 * See docs/matching.md.
 */
import stopwordData from "./data/stopwords.json" with { type: "json" };
import thesaurusData from "./data/thesaurus.json" with { type: "json" };
import { stem } from "./english.ts";
import { isHan, leftmostLongest, normalizeText } from "./normalize.ts";

export type SenseClass = "operation" | "object" | "aspect";
/** An operation reads (view, list, search …) or changes something (delete, restart, deploy …). */
export type Effect = "read" | "change";
/** Which way an operation moves something, seen from the thing it acts on (see `SenseData.direction`). */
export type Direction = "in" | "out";

/** One sense of data/thesaurus.json. */
export interface SenseData {
  /** A gloss, for the people who review the vocabulary. */
  readonly means: string;
  /** Operations only. */
  readonly effect?: Effect;
  /**
   * Operations only: done to many kinds of thing (view, delete, restart), so
   * that a tool doing it serves a request only if it works on the request's
   * object too; a specific operation (deploy, renew, stash) says enough.
   */
  readonly general?: boolean;
  /** Operations only: the operations a tool doing this one also serves (a tool that writes serves a request to create). */
  readonly serves?: readonly string[];
  /**
   * Operations only: a light verb (搞, 弄, 打个, 发个, 开个, 加到), which says
   * something is to be done and leaves what to its object (打补丁 upgrades, 发版
   * publishes, 开个号 creates an account): it holds a tool to the object, never
   * to an operation.
   */
  readonly light?: boolean;
  /**
   * Operations only, readings: the general readings a tool doing this one does
   * not serve although it reads (getting one value is no listing of many).
   */
  readonly notFor?: readonly string[];
  /**
   * Operations only: which way what is moved goes, as seen from the thing the
   * operation acts on: `in` puts something into it (write, upload, install,
   * restore), `out` takes something out of it (read, download, uninstall,
   * back up). A request that names where something goes, or where it comes
   * from, is read against it (docs/matching.md, section 5).
   */
  readonly direction?: Direction;
  /**
   * Operations only: the object the operation always moves, whatever the
   * request names (a send carries a message: 告诉他证书续好了 asks for a message
   * about a certificate, not for anything done to one).
   */
  readonly carries?: string;
  /** Objects only: a place where things are (a host), which a request speaks of only when it names nothing else. */
  readonly place?: boolean;
  /**
   * Objects only: a measure of some thing (its memory, its processor load,
   * how long it has been up), which has no name of its own: a word before it
   * names the thing measured (这个 deployment 内存涨了), not the measure.
   */
  readonly measure?: boolean;
  /** Objects only: the objects (or operations spoken of as things: a commit) that are kinds or parts of this one (a repository includes its branches), so a tool on this one works on them. */
  readonly includes?: readonly string[];
  /**
   * Objects only: the kinds of thing people call its parts by (a bucket's
   * objects are files): a request that names it and a thing of one of those
   * kinds names one of its parts (桶里那个文件 is an object in the bucket).
   */
  readonly holds?: readonly string[];
  /**
   * Objects only: the operation that carries out whatever is asked of it (an
   * endpoint does what it is asked when it is called: 触发这个 webhook, PUT 更新
   * 接口上的资源).
   */
  readonly doneBy?: string;
  /**
   * Objects only: the operation a thing of this kind is made to have done to
   * it (a pull request is made to be merged): asked to make one, a request
   * that names that operation too says what the thing is for (开个 PR，dev 合到
   * master), and asks for no such operation of its own.
   */
  readonly madeFor?: string;
  readonly zh: readonly string[];
  readonly en: readonly string[];
}

/** data/thesaurus.json. */
export interface ThesaurusData {
  readonly operations: Readonly<Record<string, SenseData>>;
  readonly objects: Readonly<Record<string, SenseData>>;
  readonly aspects: Readonly<Record<string, SenseData>>;
  /** Words that contain a sense's words without its meaning (表示 holds 表, 建议 holds 建): the longest match wins, and finds nothing. */
  readonly unrelated?: { readonly zh: readonly string[]; readonly en: readonly string[] };
}

/** data/stopwords.json: words that carry no intent of their own. */
export interface StopwordData {
  readonly zh: readonly string[];
  readonly en: readonly string[];
}

export interface Sense {
  readonly id: string;
  readonly class: SenseClass;
  readonly means: string;
  readonly effect?: Effect;
  readonly serves: readonly string[];
  readonly notFor: readonly string[];
  readonly general: boolean;
  readonly light: boolean;
  /** Which way it moves something (see `SenseData.direction`). */
  readonly direction?: Direction;
  /** The object the operation always moves (see `SenseData.carries`). */
  readonly carries?: string;
  /** Every object this one includes, directly or through another. */
  readonly includes: ReadonlySet<string>;
  /** The kinds of thing its parts are called by, and every kind they include (see `SenseData.holds`). */
  readonly holds: ReadonlySet<string>;
  /** The operation that carries out whatever is asked of it (see `SenseData.doneBy`). */
  readonly doneBy?: string;
  /** The operation a thing of this kind is made to have done to it (see `SenseData.madeFor`). */
  readonly madeFor?: string;
  readonly place: boolean;
  /** A measure of some thing, with no name of its own (see `SenseData.measure`). */
  readonly measure: boolean;
}

/** A character trie of the Han phrases: finding every phrase at a position costs only as many steps as the longest match. */
export interface HanTrie {
  readonly next: Map<string, HanTrie>;
  /** Set when the path to this node spells a phrase (empty for an unrelated word). */
  concepts?: readonly string[];
  /** A compound's parts that say more than it does (慢查询, a database word: 慢 slow and 查询 query), where each stands in it. */
  parts?: readonly HanPart[];
}

/** A thesaurus word inside a longer one: where it stands in it, and the senses it adds to the longer one's. */
export interface HanPart {
  readonly start: number;
  readonly end: number;
  readonly concepts: readonly string[];
}

export interface Lexicon {
  /** Sense id → its class, effect and what it serves. */
  readonly senses: ReadonlyMap<string, Sense>;
  /** Han phrase → sense ids (empty for an unrelated word). */
  readonly hanPhrases: ReadonlyMap<string, readonly string[]>;
  readonly hanTrie: HanTrie;
  /** English stems joined by one space (`pull request`) → sense ids. */
  readonly englishPhrases: ReadonlyMap<string, readonly string[]>;
  readonly longestEnglishPhrase: number;
  /** Single Han characters that carry no intent. */
  readonly hanStopChars: ReadonlySet<string>;
  /** Multi-character Han stop phrases, longest first, as one global pattern. */
  readonly hanStopPattern: RegExp;
  /** English stop words, stemmed. */
  readonly englishStops: ReadonlySet<string>;
}

let bundled: Lexicon | undefined;

/** The lexicon shipped with the matcher (read once, shared by every matcher). */
export function defaultLexicon(): Lexicon {
  bundled ??= buildLexicon(thesaurusData as unknown as ThesaurusData, stopwordData as StopwordData);
  return bundled;
}

const SECTIONS = { operations: "operation", objects: "object", aspects: "aspect" } as const;

export function buildLexicon(thesaurus: ThesaurusData, stopwords: StopwordData): Lexicon {
  const senses = new Map<string, Sense>();
  const hanPhrases = new Map<string, string[]>();
  const englishPhrases = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, concept: string | undefined): void => {
    const concepts = map.get(key) ?? [];
    if (concept !== undefined && !concepts.includes(concept)) concepts.push(concept);
    map.set(key, concepts);
  };
  const addWords = (where: string, data: { readonly zh: readonly string[]; readonly en: readonly string[] }, concept: string | undefined): void => {
    for (const raw of data.zh) {
      const term = normalizeText(raw).trim();
      if (term === "" || ![...term].every(isHan))
        throw new Error(`thesaurus: "${raw}" in the Chinese words of ${where} is not all Chinese; put it with the English words, or split it`);
      for (const variant of colloquialVariants(term)) add(hanPhrases, variant, concept);
    }
    for (const raw of data.en) {
      const key = englishKey(raw);
      if (key === "" || [...raw].some(isHan))
        throw new Error(`thesaurus: "${raw}" in the English words of ${where} is not a word without Chinese; put it with the Chinese words, or split it`);
      if (concept === undefined) add(englishPhrases, key, concept);
      else english.push({ key, written: writtenKey(raw), concept });
    }
  };
  const english: Array<{ readonly key: string; readonly written: string; readonly concept: string }> = [];

  for (const [section, senseClass] of Object.entries(SECTIONS)) {
    for (const [id, data] of Object.entries(thesaurus[section as keyof typeof SECTIONS])) {
      if (senses.has(id))
        throw new Error(`thesaurus: the sense "${id}" is defined twice (${senses.get(id)!.class} and ${senseClass}); give each sense its own id`);
      if (senseClass === "operation" && data.effect !== "read" && data.effect !== "change")
        throw new Error(`thesaurus: the operation "${id}" needs an effect, "read" or "change"`);
      senses.set(id, {
        id,
        class: senseClass,
        means: data.means,
        ...(data.effect !== undefined && { effect: data.effect }),
        serves: data.serves ?? [],
        notFor: data.notFor ?? [],
        general: data.general === true,
        light: data.light === true,
        ...(data.direction !== undefined && { direction: data.direction }),
        ...(data.carries !== undefined && { carries: data.carries }),
        includes: new Set(data.includes ?? []),
        holds: new Set(data.holds ?? []),
        ...(data.doneBy !== undefined && { doneBy: data.doneBy }),
        ...(data.madeFor !== undefined && { madeFor: data.madeFor }),
        place: data.place === true,
        measure: data.measure === true,
      });
      addWords(`"${id}"`, data, id);
    }
  }
  for (const sense of senses.values()) {
    for (const served of sense.serves) {
      if (senses.get(served)?.class !== "operation") throw new Error(`thesaurus: the operation "${sense.id}" serves "${served}", which is not an operation`);
    }
    for (const unserved of sense.notFor) {
      if (senses.get(unserved)?.effect !== "read")
        throw new Error(`thesaurus: the operation "${sense.id}" is not for "${unserved}", which is not a reading operation`);
    }
    if (sense.direction !== undefined && (sense.class !== "operation" || (sense.direction !== "in" && sense.direction !== "out")))
      throw new Error(`thesaurus: "${sense.id}" has the direction "${sense.direction}"; only an operation has one, "in" or "out"`);
    if (sense.carries !== undefined && senses.get(sense.carries)?.class !== "object")
      throw new Error(`thesaurus: the operation "${sense.id}" carries "${sense.carries}", which is not an object`);
    if (sense.doneBy !== undefined && senses.get(sense.doneBy)?.class !== "operation")
      throw new Error(`thesaurus: the object "${sense.id}" is done by "${sense.doneBy}", which is not an operation`);
    if (sense.madeFor !== undefined && senses.get(sense.madeFor)?.class !== "operation")
      throw new Error(`thesaurus: the object "${sense.id}" is made for "${sense.madeFor}", which is not an operation`);
    for (const kind of sense.holds) {
      if (senses.get(kind)?.class !== "object") throw new Error(`thesaurus: the object "${sense.id}" holds "${kind}", which is not an object`);
    }
    for (const part of sense.includes) {
      // an operation spoken of as a thing (a commit, a backup) may be part of an object too
      if (senses.get(part) === undefined || senses.get(part)!.class === "aspect")
        throw new Error(`thesaurus: the object "${sense.id}" includes "${part}", which is neither an object nor an operation`);
    }
  }
  closeIncludes(senses);
  closeHolds(senses);
  // An inflected entry the stemmer makes another sense's word (running → run, queued → queue, settings → set) is matched as written: it is that word only, not every form of the other.
  const sensesOf = new Map<string, Set<string>>();
  for (const { key, concept } of english) sensesOf.set(key, (sensesOf.get(key) ?? new Set()).add(concept));
  for (const { key, written, concept } of english) add(englishPhrases, inflected(written) && sensesOf.get(key)!.size > 1 ? written : key, concept);
  if (thesaurus.unrelated !== undefined) addWords("the unrelated words", thesaurus.unrelated, undefined);

  const hanStops = stopwords.zh.map((w) => normalizeText(w));
  const stopPhrases = hanStops.filter((w) => [...w].length > 1).sort((a, b) => b.length - a.length);
  const hanTrie = trieOf(hanPhrases);
  addCompoundParts(hanTrie, new Set(hanStops), senses);
  return {
    senses,
    hanPhrases,
    hanTrie,
    englishPhrases,
    longestEnglishPhrase: Math.max(1, ...[...englishPhrases.keys()].map((k) => k.split(" ").length)),
    hanStopChars: new Set(hanStops.filter((w) => [...w].length === 1)),
    hanStopPattern: new RegExp(stopPhrases.length > 0 ? stopPhrases.join("|") : "(?!)", "gu"),
    englishStops: new Set(stopwords.en.map((w) => stem(normalizeText(w)))),
  };
}

/** A Chinese entry and its colloquial twin: 啥 is said for 什么 and 什么 for 啥 (写了啥 / 写了什么, 有什么不同 / 有啥不同). */
function colloquialVariants(term: string): string[] {
  if (term.includes("什么")) return [term, term.replaceAll("什么", "啥")];
  if (term.includes("啥")) return [term, term.replaceAll("啥", "什么")];
  return [term];
}

/** Makes each object's `includes` transitive (a path includes files, a file includes logs: a path includes logs). */
function closeIncludes(senses: ReadonlyMap<string, Sense>): void {
  for (const sense of senses.values()) {
    const all = sense.includes as Set<string>;
    for (const part of all) for (const deeper of senses.get(part)!.includes) all.add(deeper);
  }
}

/** Adds to what each object's parts are called by every kind those include (a bucket's files: its archives and logs too). */
function closeHolds(senses: ReadonlyMap<string, Sense>): void {
  for (const sense of senses.values()) {
    const all = sense.holds as Set<string>;
    for (const kind of [...all]) for (const part of senses.get(kind)!.includes) all.add(part);
  }
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

/**
 * A compound says what its parts say besides its own sense, so that a longer
 * word never hides a shorter one (docs/matching.md, The thesaurus): 错误日志
 * is a log, and an error; 查库 a query, of a database. Its parts are found as a
 * text's words are, by forward maximum matching inside it, and a part's parts
 * come with it. A part of two characters or more is a word wherever it stands;
 * one character only where the rest is words too (查库 is 查 and 库; 列表 holds
 * no table). A compound carries the things and aspects of its parts that are
 * not of its own class: the part of its own class is what it refines (代码库
 * is a repository, not code), and an operation inside it only says which
 * (压缩文件 is a file, nothing to compress). An unrelated word hides what it holds.
 */
function addCompoundParts(root: HanTrie, stops: ReadonlySet<string>, senses: ReadonlyMap<string, Sense>): void {
  const memo = new Map<string, readonly HanPart[]>();
  const partsOf = (phrase: string): readonly HanPart[] => {
    let parts = memo.get(phrase);
    if (parts !== undefined) return parts;
    memo.set(phrase, (parts = []));
    const whole = nodeOf(root, phrase)!.concepts ?? [];
    if (whole.length === 0) return parts;
    const found = phrasesIn(root, phrase).filter((hit) => hit.end - hit.start < phrase.length);
    const words = leftmostLongest(found.map(({ start, end, node }) => ({ start, end, concepts: node.concepts! })));
    const covered = new Array<boolean>(phrase.length).fill(false);
    for (const w of words) covered.fill(true, w.start, w.end);
    for (const stop of stops) for (let at = phrase.indexOf(stop); at >= 0; at = phrase.indexOf(stop, at + 1)) covered.fill(true, at, at + stop.length);
    const madeOfWords = covered.every(Boolean);
    const said = new Set(whole);
    const classes = new Set(whole.map((c) => senses.get(c)!.class));
    const all: HanPart[] = [];
    for (const w of words.filter((w) => madeOfWords || w.end - w.start > 1)) {
      all.push(w);
      for (const inner of partsOf(phrase.slice(w.start, w.end))) all.push({ start: w.start + inner.start, end: w.start + inner.end, concepts: inner.concepts });
    }
    for (const part of all) {
      const concepts = part.concepts.filter((c) => !said.has(c) && !classes.has(senses.get(c)!.class) && senses.get(c)!.class !== "operation");
      for (const c of concepts) said.add(c);
      if (concepts.length > 0) (parts as HanPart[]).push({ start: part.start, end: part.end, concepts });
    }
    return parts;
  };
  const visit = (node: HanTrie, phrase: string): void => {
    if (node.concepts !== undefined && phrase.length > 1) {
      const parts = partsOf(phrase);
      if (parts.length > 0) node.parts = parts;
    }
    for (const [char, child] of node.next) visit(child, phrase + char);
  };
  visit(root, "");
}

/** Every thesaurus phrase in a Han text, where it stands: from each character, each node of the trie that the text spells on from it and that ends a phrase. */
export function phrasesIn(root: HanTrie, text: string): Array<{ readonly start: number; readonly end: number; readonly node: HanTrie }> {
  const hits: Array<{ start: number; end: number; node: HanTrie }> = [];
  for (let i = 0; i < text.length; i++) {
    let node = root.next.get(text[i]!);
    for (let end = i + 1; node !== undefined; node = end < text.length ? node.next.get(text[end++]!) : undefined) {
      if (node.concepts !== undefined) hits.push({ start: i, end, node });
    }
  }
  return hits;
}

function nodeOf(root: HanTrie, phrase: string): HanTrie | undefined {
  let node: HanTrie | undefined = root;
  for (const char of phrase) node = node?.next.get(char);
  return node;
}

/** The key an English term is looked up by: its words' stems, one space apart (`Pull-Requests` → `pull request`). */
export function englishKey(term: string): string {
  return (normalizeText(term).match(/[a-z][a-z0-9]*/g) ?? []).map(stem).join(" ");
}

/** Marks the key of an English entry matched as written (see `buildLexicon`): its words as written (normalised), one space apart. */
export const AS_WRITTEN = "=";

/** Whether a word of an entry is an inflected form (queued, settings, running), not one the stemmer only trims of its final e (close, state). */
function inflected(written: string): boolean {
  return written
    .slice(AS_WRITTEN.length)
    .split(" ")
    .some((word) => stem(word) !== word && `${stem(word)}e` !== word);
}

/** The key of an English term as written: its words unstemmed (`queued`, `backed up`), marked apart from the stems' keys. */
function writtenKey(term: string): string {
  return `${AS_WRITTEN}${(normalizeText(term).match(/[a-z][a-z0-9]*/g) ?? []).join(" ")}`;
}
