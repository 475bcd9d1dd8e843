/**
 * Intent matching (seed §1 方式2, §2 步骤3): a free-text request → the one to
 * three registered tools that best serve it, or `found:false` when none does.
 *
 * Tools are indexed once (BM25F over name, display, intent, why, params and
 * the slots their params take); a request is read the same way (request.ts),
 * scored against the inverted index, its score halved for a tool that does
 * none of the operations the request asks for, and accepted only when it is
 * mostly about things the tools know and the best tool serves its operation
 * and its object (see `decide`). `explain` shows every step, term by term.
 */
import type { ToolModel } from "@hdlp/parser";
import { isHanText } from "./analyze.ts";
import { isSForm } from "./english.ts";
import { movesThings, namedWays, toolDirection } from "./direction.ts";
import { type Frame, type Use, servesOperation } from "./frame.ts";
import { type IndexField, InvertedIndex, type Weighting } from "./inverted-index.ts";
import { defaultLexicon, type Lexicon } from "./lexicon.ts";
import { CONTENT_READING, LISTING, SEEING } from "./named-senses.ts";
import { pastSpaces } from "./normalize.ts";
import { NOT_FOUND_SUGGESTION } from "./not-found.ts";
import { contextTerms, type Origin, readRequest, type Request, type RequestTerm } from "./request.ts";
import { memoizedAnalyser, type ToolText, toolText } from "./tool-text.ts";
import { TypoVocabulary } from "./typo.ts";
import { CONTENT_KINDS, TELLING_KINDS, type Value, type ValueKind, valueSlots } from "./values.ts";

export interface MatchCandidate {
  readonly name: string;
  readonly display: string;
  readonly intent: string;
  /** The tool's score as a share of the request's attainable score (every request term, fully saturated): 0…1. */
  readonly score: number;
  /** What matched, for people: `重启≈restart`, `nginx`, `山除→删除`, `443⇒port`. */
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

export interface ExplainOptions extends MatchOptions {
  /** Tools to explain besides the best ones, by name ("why was mine not chosen?"). */
  readonly tools?: readonly string[];
}

export interface Thresholds {
  /** Share of the request's intent words that must be known to some tool (see `coverageOf`). */
  readonly coverage: number;
  /** Minimum score (share of the attainable score) of the best tool. */
  readonly score: number;
  /** The same when the best tool takes one of the request's values whose shape says what it is (a path, a version, a URL: `takesValue`). */
  readonly scoreTakingValue: number;
  /** The same when the request asks for no operation and gives neither content nor a value the best tool takes: only its things speak for it. */
  readonly scoreOnThingsAlone: number;
}

export interface MatcherOptions {
  readonly lexicon?: Lexicon;
  readonly weighting?: Weighting;
  /** BM25's k1: how soon a term's weighted frequency saturates (default 1.2; bench/intent/ranking-grid.ts varies it). */
  readonly saturation?: number;
  /** Floors to set; the others keep their defaults (`DEFAULT_THRESHOLDS`). */
  readonly thresholds?: Partial<Thresholds>;
}

/**
 * What the found decision reads about a request and its best tool (see
 * `decide`); `explain` shows them so that an author sees which put a request
 * under the line.
 */
export interface FoundSignals {
  /** The best tool's score, as a share of the attainable score (the best: the tool the decision is taken on, see `servingFirst`). */
  readonly score: number;
  /** The same without what a date adds (it says when, not what). */
  readonly scoreBesidesWhen: number;
  /** The score of the first ranked tool besides the best as a share of the best's (0 when there is none; over 1 when the best is ranked after it: see `servingFirst`). */
  readonly second: number;
  /** Share of the request's words and values known to some tool (see `coverageOf`). */
  readonly coverage: number;
  /** How many of the request's words and values no tool knows. */
  readonly unknownUnits: number;
  /** Whether the best tool has a param taking one of the request's values of a kind its shape tells (values.ts `TELLING_KINDS`). */
  readonly takesValue: boolean;
  /** Whether the request asks for any operation (a verb, a question, a notation such as `a..b`). */
  readonly asksOperation: boolean;
  /** Whether the request gives content to write, send, run or remember (a quoted text, what follows 就说 / saying: values.ts `CONTENT_KINDS`). */
  readonly givesContent: boolean;
  /** Whether the best tool does one of the operations asked for, and works on what it is asked of. */
  readonly operation: boolean;
  readonly object: boolean;
  /** The number naming one issue or pull request (`#12`) when the best tool acts on those and takes no such number (see `unaddressed`). */
  readonly unaddressed?: string;
  /** The one word read as another (a typo candidate: `system→systemd`) when it is all the best tool shares with the request (see `slipAlone`). */
  readonly slipAlone?: string;
  /** The word in the verb's place, or the thing asked to be made, when no tool and no sense knows it (request.ts). */
  readonly unknownVerb?: string;
  readonly unknownThing?: string;
}

export interface ExplainedTerm {
  readonly label: string;
  readonly key: string;
  readonly origin: Origin;
  readonly weight: number;
  /** How rare the term is among the tools (0 when no tool has it). */
  readonly idf: number;
  /** A finer reading of other terms (a value's qualified slot, request.ts): it ranks, and is no part of the attainable score. */
  readonly refines?: boolean;
}

export interface ExplainedCandidate {
  readonly name: string;
  readonly display: string;
  readonly intent: string;
  /** 1-based rank among the tools, or undefined when it shares no term with the request. */
  readonly rank?: number;
  /** The final score, as a share of the attainable score. */
  readonly score: number;
  /** The score before the operation and object checks. */
  readonly relevance: number;
  readonly servesOperation: boolean;
  readonly servesObject: boolean;
  /** Whether it moves things the other way than the request says (takes out of where something goes, or puts into where it comes from: direction.ts), which halves its score. */
  readonly goesAgainst: boolean;
  /** The operations the tool does (from its name, display and intent). */
  readonly does: string[];
  /** What each request term added, as a share of the attainable score, largest first. */
  readonly contributions: Array<{
    readonly label: string;
    readonly key: string;
    readonly origin: Origin;
    readonly fields: IndexField[];
    readonly score: number;
  }>;
}

export interface Explanation {
  /** The request as read (normalised, at most 2,000 characters). */
  readonly request: string;
  readonly terms: ExplainedTerm[];
  readonly values: Array<{ readonly kind: ValueKind; readonly text: string }>;
  readonly named: Array<{ readonly text: string; readonly names: string }>;
  /** Every operation word, and how it was read (asked for, a noun, describing something, negated). */
  readonly operations: Array<{ readonly sense: string; readonly surface: string; readonly use: Use }>;
  /** The operations a tool must do one of to serve the request. */
  readonly required: string[];
  readonly objects: string[];
  readonly coverage: number;
  readonly thresholds: Thresholds;
  /** The found decision's inputs, undefined when no tool shares a word with the request. */
  readonly signals?: FoundSignals;
  readonly found: boolean;
  /** Why found or not, in a sentence. */
  readonly verdict: string;
  readonly candidates: ExplainedCandidate[];
}

/** One tool as the matcher sees it from another's description (see `Matcher.resembling`). */
export interface Resemblance {
  /** The tool's position in the list the matcher was made from. */
  readonly tool: number;
  /** Its score as a share of the described tool's own score: 1 is as good a match as that tool itself. */
  readonly share: number;
  /** The senses (and slots) of the description both tools hold: `restart`, `service`. */
  readonly shared: string[];
}

export interface Matcher {
  readonly size: number;
  match(intent: string, options?: MatchOptions): MatchResult;
  explain(intent: string, options?: ExplainOptions): Explanation;
  /**
   * How the matcher ranks the other tools for one tool's own description (its
   * display and intent) read by sense only: its operations, objects and
   * aspects and the slots its values fill, not its wording, so that two tools
   * saying the same in other words, or languages, come out alike. The `count`
   * best others, and those in `also`, best first.
   */
  resembling(tool: number, count: number, also?: readonly number[]): Resemblance[];
}

/** Field weights: the display name and tool name say most, the intent sentence next, the rationale and params least; a slot a value fills, as much as an intent word. */
export const DEFAULT_WEIGHTING: Weighting = {
  name: { weight: 2.5, b: 0.3 },
  display: { weight: 3, b: 0.3 },
  intent: { weight: 2, b: 0.6 },
  why: { weight: 0.6, b: 0.6 },
  params: { weight: 0.5, b: 0.6 },
  slots: { weight: 2, b: 0 },
};

/** The slot a date fills (values.ts). */
const WHEN_SLOT = "v:time";

export const DEFAULT_THRESHOLDS: Thresholds = { coverage: 0.35, score: 0.1, scoreTakingValue: 0.05, scoreOnThingsAlone: 0.15 };

/** A tool that does none of the operations a request asks for, or not to its object, keeps this share of its score (each). */
const FRAME_MISS = 0.5;
/** A tool that moves things the other way than the request says (direction.ts) keeps this share of its score. */
const DIRECTION_MISS = 0.5;
/**
 * A request is a sentence or two; past this many characters the rest is
 * ignored, so the time a match takes is bounded whatever is pasted.
 */
const MAX_REQUEST_CHARS = 2000;

interface Ranked {
  readonly doc: number;
  readonly score: number;
}

/** What a tool must do and work on to serve a request, worked out once per request: undefined where anything will do. */
interface FrameCheck {
  readonly operations?: SenseSet;
  readonly objects?: SenseSet;
  /**
   * The operations that serve one asked for that is done to one kind of thing
   * (install, rotate, mark): a tool that does one needs no object check, the
   * operation says what it is done to (see `frameCheck`).
   */
  readonly particular?: SenseSet;
  /**
   * The request asks for a change to a thing that holds others (a repository,
   * a persona, a bucket) and names nothing inside it: the tool must act on that
   * thing, not only locate what it acts on by it (a branch tool's repository).
   */
  readonly onActed: boolean;
  /**
   * The things the request names as where something goes and as where it
   * comes from, with their parts (direction.ts): undefined when it names
   * neither. `act` when every operation it asks for is a reading, or a move
   * the other way (drop a message into the queue: drop reads as delete): the
   * way is then what is asked, and a tool moving things that way does what
   * the request asks.
   */
  readonly ways?: { readonly in: SenseSet; readonly out: SenseSet; readonly act: boolean };
}

interface Fit {
  readonly operation: boolean;
  readonly object: boolean;
  /** Whether it moves things the other way than the request says (direction.ts). */
  readonly against: boolean;
}

interface Reading {
  readonly request: Request;
  readonly check: FrameCheck;
  readonly terms: readonly RequestTerm[];
  readonly weights: ReadonlyMap<string, number>;
  readonly attainable: number;
  readonly coverage: { readonly share: number; readonly unknown: number };
  readonly ranked: readonly Ranked[];
}

export function createMatcher(tools: readonly ToolModel[], options: MatcherOptions = {}): Matcher {
  const lexicon = options.lexicon ?? defaultLexicon();
  const analyse = memoizedAnalyser(lexicon);
  return matcherOver(
    tools,
    tools.map((tool) => toolText(tool, analyse, lexicon)),
    { ...options, lexicon },
  );
}

/**
 * A matcher over tools already read (`toolText`, with the lexicon of
 * `options`), for a caller that keeps each tool's reading while the tool is
 * unchanged (collision/checker.ts) instead of reading every tool again.
 */
export function matcherOver(tools: readonly ToolModel[], texts: readonly ToolText[], options: MatcherOptions = {}): Matcher {
  const lexicon = options.lexicon ?? defaultLexicon();
  // A caller that sets some floors (an experiment, a test) keeps the defaults of the others.
  const thresholds: Thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const frames: Frame[] = texts.map((t) => t.frame);
  // Each tool's operations and objects as bits, so the check over 10,000 tools allocates nothing.
  const senseBits = new SenseBits(lexicon);
  const acts = frames.map((f) => senseBits.of(f.acts));
  // A tool works on what it names and on the product of what it does (a tool that backs up works on backups).
  const objects = frames.map((f) => senseBits.of([...f.objects, ...f.acts]));
  // What it acts on, as against what it only locates that by: where a request asks for a change, only this serves.
  const actedOn = texts.map((t, doc) => (t.actsOn.size > 0 ? senseBits.of([...t.actsOn, ...t.frame.acts]) : objects[doc]!));
  const directions = frames.map((f) => toolDirection(f.acts, lexicon));
  const moving = frames.map((f) => movesThings(f.acts, lexicon));
  const index = new InvertedIndex(
    texts.map((t) => t.fields),
    options.weighting ?? DEFAULT_WEIGHTING,
    options.saturation,
  );
  const vocabulary = { index, lexicon, typos: typoVocabulary(index, lexicon) };
  const before = (a: number, b: number): boolean => tools[a]!.name < tools[b]!.name;

  const objectsFor = (check: FrameCheck, doc: number): SenseSet => (check.onActed ? actedOn[doc]! : objects[doc]!);
  const fitsObject = (check: FrameCheck, doc: number): boolean =>
    check.objects === undefined || check.particular?.meets(acts[doc]!) === true || check.objects.meets(objectsFor(check, doc));
  /**
   * How the tool moves things against the ways the request names (direction.ts):
   * `along` when it takes out of what is named as where something comes from or
   * puts into what is named as where something goes, `against` when the other
   * way round; undefined when it goes no way or both.
   */
  const wayOf = ({ ways }: FrameCheck, doc: number): "along" | "against" | undefined => {
    const direction = directions[doc];
    if (ways === undefined || direction === undefined) return undefined;
    const [along, against] = direction === "in" ? [ways.in, ways.out] : [ways.out, ways.in];
    const isAlong = along.meets(actedOn[doc]!);
    const isAgainst = against.meets(actedOn[doc]!);
    return isAlong === isAgainst ? undefined : isAlong ? "along" : "against";
  };
  /**
   * Whether the tool does an operation the request asks for, or, where the way
   * the request names is its act, moves things that way (a reading moves
   * nothing: it is no answer to 塞个消息进 mq).
   */
  const doesAsked = (check: FrameCheck, doc: number): boolean =>
    check.operations === undefined || check.operations.meets(acts[doc]!) || (check.ways?.act === true && moving[doc]! && wayOf(check, doc) === "along");
  const fit = (check: FrameCheck, doc: number): Fit => ({
    operation: doesAsked(check, doc),
    object: fitsObject(check, doc),
    against: wayOf(check, doc) === "against",
  });
  // The hot path over 10,000 tools: no object per tool.
  const adjusted = (check: FrameCheck) => (doc: number, score: number) => {
    let adjustedScore = score;
    if (!doesAsked(check, doc)) adjustedScore *= FRAME_MISS;
    if (!fitsObject(check, doc)) adjustedScore *= FRAME_MISS;
    if (wayOf(check, doc) === "against") adjustedScore *= DIRECTION_MISS;
    return adjustedScore;
  };

  /**
   * The request read and the tools ranked: the best `count`, or with `count`
   * undefined all that share a term with it. An operation word typed as
   * another word of the same sound (回复 for 恢复: a pinyin input method offers
   * both) is read as that word when what it says is done by no tool the
   * request ranks first, and what the other word says is done by the tool
   * then ranked first, to what the request speaks of.
   */
  function read(intent: unknown, context: MatchOptions["context"], count: number | undefined): Reading {
    const reading = readText(typeof intent === "string" ? intent.slice(0, MAX_REQUEST_CHARS) : "", context, count);
    if (reading.request.unknownVerb === undefined && servesBest(reading, false)) return reading;
    for (const text of homophoneReadings(reading.request)) {
      const other = readText(text, context, count);
      if (servesBest(other, true)) return other;
    }
    return reading;
  }

  /** Whether the best tool does what the request asks (and, with `other`, works on what it speaks of, the verb known: a reading to take instead). */
  function servesBest(reading: Reading, other: boolean): boolean {
    const best = reading.ranked[0];
    if (best === undefined) return !other;
    const fits = fit(reading.check, best.doc);
    return fits.operation && (!other || (fits.object && reading.request.unknownVerb === undefined));
  }

  /**
   * The request with one of its operation words asked for replaced by a word
   * of the same sound that does another operation; or a single character in
   * the verb's place that no sense knows (毒一下) by an operation word of its
   * sound (读).
   */
  function* homophoneReadings(request: Request): Generator<string> {
    const text = request.analysis.text;
    const replaced = function* (start: number, end: number, other: string | undefined) {
      for (const word of vocabulary.typos.homophones(text.slice(start, end))) {
        const senses = lexicon.hanPhrases.get(word) ?? [];
        if (senses.some((sense) => sense !== other && lexicon.senses.get(sense)?.class === "operation"))
          yield `${text.slice(0, start)}${word}${text.slice(end)}`;
      }
    };
    for (const use of request.frame.uses) {
      if (use.use === "act" && use.end - use.start > 1 && isHanText(text.slice(use.start, use.end))) yield* replaced(use.start, use.end, use.sense);
    }
    const verb = request.unknownVerb;
    if (verb !== undefined && verb.word.length === 1 && isHanText(verb.word)) yield* replaced(verb.start, verb.start + 1, undefined);
  }

  function readText(text: string, context: MatchOptions["context"], count: number | undefined): Reading {
    const request = readRequest(text, vocabulary);
    const terms = [...request.terms, ...contextTerms(context, lexicon, MAX_REQUEST_CHARS)];
    const weights = new Map<string, number>();
    for (const t of terms) weights.set(t.key, Math.max(weights.get(t.key) ?? 0, t.weight));
    // The bound no tool's score reaches (every request term, fully saturated): the scale that makes `score` 0…1. A term that only refines another (request.ts) asks nothing more.
    const requestKeys = new Set(terms.filter((t) => t.origin !== "context" && t.refines !== true).map((t) => t.key));
    let attainable = 0;
    for (const [key, weight] of weights) if (requestKeys.has(key)) attainable += weight * index.idf(key);
    const check = frameCheck(request, lexicon, senseBits);
    const ranking = count === undefined ? index.rankAll(weights, before, adjusted(check)) : index.top(weights, count, before, adjusted(check));
    const ranked = ranking.map(({ doc, score }) => ({ doc, score: attainable > 0 ? score / attainable : 0 }));
    return { request, check, terms, weights, attainable, coverage: coverageOf(request, terms, index), ranked };
  }

  function signalsOf(reading: Reading, best: Ranked | undefined): FoundSignals | undefined {
    if (best === undefined) return undefined;
    const next = reading.ranked.find((r) => r !== best);
    const fits = fit(reading.check, best.doc);
    // When a thing is asked of (a date: 今天, this month) says nothing of what is asked: it does not lift a request over the score floor.
    const when = reading.attainable > 0 ? (index.termScore(WHEN_SLOT, reading.weights.get(WHEN_SLOT) ?? 0, best.doc) / reading.attainable) * factor(fits) : 0;
    const { request } = reading;
    const slip = slipAlone(reading, best.doc);
    const named = unaddressed(request, best.doc);
    return {
      score: best.score,
      scoreBesidesWhen: best.score - when,
      second: next !== undefined && best.score > 0 ? next.score / best.score : 0,
      coverage: reading.coverage.share,
      unknownUnits: reading.coverage.unknown,
      takesValue: request.values.some((value) => takesTellingValue(request, value, best.doc)),
      asksOperation: request.required.length > 0,
      givesContent: request.values.some((value) => CONTENT_KINDS.has(value.kind)),
      operation: fits.operation,
      object: fits.object,
      ...(slip !== undefined && { slipAlone: slip }),
      ...(named !== undefined && { unaddressed: named }),
      ...(request.unknownVerb !== undefined && { unknownVerb: request.unknownVerb.word }),
      ...(request.unknownThing !== undefined && { unknownThing: request.unknownThing }),
    };
  }

  /**
   * The word of the request read as another (a typo candidate) when the
   * tool shares nothing else with the request (no word as written, no value,
   * no second slip) and the request does not ask for what the reading says
   * in the verb's place. A slip read as a thing is a guess at one word: a
   * request the tool serves says something else it knows (`retsart nginx`,
   * `山除 /data/tmp/a.csv`, two slips that agree: `ngnix relaod`), while a
   * word that only resembles a tool's (system → systemd, 一到 → 移到) makes
   * no errand that tool's. A slip in the verb's place is read as what is
   * asked (`帮我捡索 timeout`) and says what the request wants done
   * (docs/matching.md, section 6, condition 7).
   */
  function slipAlone(reading: Reading, doc: number): string | undefined {
    let slip: { readonly start: number; readonly end: number } | undefined;
    for (const t of reading.terms) {
      if (t.origin === "context" || index.termScore(t.key, reading.weights.get(t.key) ?? 0, doc) <= 0) continue;
      if (t.origin !== "typo" || (slip !== undefined && (slip.start !== t.start || slip.end !== t.end))) return undefined;
      slip = t;
    }
    if (slip === undefined) return undefined;
    const { start, end } = slip;
    if (reading.request.frame.uses.some((use) => use.use === "act" && use.start < end && use.end > start)) return undefined;
    return reading.request.analysis.text.slice(start, end);
  }

  /**
   * The number by which the request names one issue or pull request (`#12`,
   * `issue 77`: a `ref`) when the tool acts on issues or pull requests and
   * takes no such number: it makes new ones (or lists them) and cannot do
   * anything to the one named, which exists already (adding a label to
   * issue 77 asks no new issue). A tool that comments on or merges one
   * takes its number. Only this kind of value is read so: the params that
   * take a commit or a key are not all read as taking one (tool-text.ts),
   * and holding those to it turned servable requests away (docs/matching.md,
   * section 6, condition 8).
   */
  function unaddressed(request: Request, doc: number): string | undefined {
    const text = request.analysis.text;
    const value = request.values.find(
      (v) => v.kind === "ref" && senseBits.of(valueSlots(v.kind, text.slice(v.start, v.end))).meets(actedOn[doc]!) && !takesTellingValue(request, v, doc),
    );
    return value && text.slice(value.start, value.end);
  }

  /** Whether the tool has a param that takes `value`, of a kind whose shape says what it is. */
  function takesTellingValue(request: Request, value: Value, doc: number): boolean {
    if (!TELLING_KINDS.has(value.kind)) return false;
    return valueSlots(value.kind, request.analysis.text.slice(value.start, value.end)).some((slot) => index.fieldsOf(`v:${slot}`, doc).includes("slots"));
  }

  /**
   * The tool the found decision is taken on: the first ranked, unless it
   * does not do what is asked or not to what, and a tool ranked second or
   * third does it, acting on what the request names (not only locating it),
   * with evidence of its own that the request is its: it takes one of the
   * request's values whose shape says what it is (给 /var/log/app/notes.log
   * 末尾追加一行: the log reader ranks first, the file writer takes the path),
   * as for the score floor; or what it acts on is a thing the request names
   * as what is acted on, not as where (a tag deleted on a commit is no
   * request for a tool acting on commits). The ranking is left as it is
   * (docs/matching.md, section 6).
   */
  function servingFirst(reading: Reading): Ranked | undefined {
    const { check, request } = reading;
    const actsOnNamed = (doc: number) => check.objects === undefined || check.particular?.meets(acts[doc]!) === true || check.objects.meets(actedOn[doc]!);
    // Read only when a tool ranked after the first is weighed: when the first serves, never.
    let actedOnAsked: SenseSet | undefined;
    const ownEvidence = (doc: number) =>
      request.values.some((value) => takesTellingValue(request, value, doc)) ||
      (actedOnAsked ??= senseBits.of([...request.objects].filter((o) => namedAsActedOn(request, o)))).meets(actedOn[doc]!);
    const serving = reading.ranked.slice(0, 3).find(({ doc }, rank) => {
      const fits = fit(check, doc);
      if (!fits.operation || !fits.object) return false;
      return rank === 0 || (actsOnNamed(doc) && ownEvidence(doc));
    });
    return serving ?? reading.ranked[0];
  }

  function decision(reading: Reading): { found: boolean; verdict: string; signals?: FoundSignals } {
    const best = servingFirst(reading);
    const signals = signalsOf(reading, best);
    return { ...decide(signals && best && { ...signals, name: tools[best.doc]!.name }, reading.request, thresholds), ...(signals && { signals }) };
  }

  return {
    size: tools.length,
    match(intent: string, options?: MatchOptions): MatchResult {
      const matchOptions = options ?? {};
      const top = Number.isFinite(matchOptions.top) ? Math.min(3, Math.max(1, Math.trunc(matchOptions.top!))) : 3;
      const reading = read(intent, matchOptions.context, top);
      if (!decision(reading).found) return { found: false, candidates: [], suggestion: NOT_FOUND_SUGGESTION };
      const candidates = reading.ranked.map(({ doc, score }) => {
        const tool = tools[doc]!;
        return { name: tool.name, display: tool.display, intent: tool.intent, score: round(score), matched: matchedLabels(reading.terms, index, doc) };
      });
      return { found: true, candidates };
    },

    resembling(tool: number, count: number, also: readonly number[] = []): Resemblance[] {
      const described = tools[tool];
      if (described === undefined) return [];
      const request = readRequest(`${described.display}\n${described.intent}`.slice(0, MAX_REQUEST_CHARS), vocabulary);
      const senses = request.terms.filter((t) => t.origin !== "context" && (t.key.startsWith("c:") || t.key.startsWith("v:")));
      const weights = new Map<string, number>();
      for (const t of senses) weights.set(t.key, Math.max(weights.get(t.key) ?? 0, t.weight));
      const check = frameCheck(request, lexicon, senseBits);
      const scoreOf = (doc: number): number =>
        [...weights].reduce((sum, [key, weight]) => sum + index.termScore(key, weight, doc), 0) * factor(fit(check, doc));
      const own = scoreOf(tool);
      if (own <= 0) return [];
      const others = index
        .top(weights, count + 1, before, adjusted(check))
        .map((r) => r.doc)
        .filter((doc) => doc !== tool)
        .slice(0, count);
      for (const doc of also) if (doc !== tool && !others.includes(doc)) others.push(doc);
      return others
        .map((doc) => ({
          tool: doc,
          share: round(scoreOf(doc) / own),
          shared: [
            ...new Set(senses.filter((t) => index.fieldsOf(t.key, doc).length > 0 && index.fieldsOf(t.key, tool).length > 0).map((t) => t.key.slice(2))),
          ],
        }))
        .sort((a, b) => b.share - a.share || a.tool - b.tool);
    },

    explain(intent: string, options?: ExplainOptions): Explanation {
      const explainOptions = options ?? {};
      const top = Number.isFinite(explainOptions.top) ? Math.max(1, Math.trunc(explainOptions.top!)) : 3;
      const reading = read(intent, explainOptions.context, undefined);
      const { request, attainable } = reading;
      const { found, verdict, signals } = decision(reading);
      const rankOf = new Map(reading.ranked.map((r, i) => [r.doc, i + 1]));
      const wanted = new Set(explainOptions.tools ?? []);
      const docs = [
        ...reading.ranked.slice(0, top).map((r) => r.doc),
        ...tools.flatMap((t, doc) => (wanted.has(t.name) && (rankOf.get(doc) ?? Infinity) > top ? [doc] : [])),
      ];
      const text = request.analysis.text;
      return {
        request: text,
        terms: reading.terms.map((t) => ({
          label: t.label,
          key: t.key,
          origin: t.origin,
          weight: round(t.weight),
          idf: index.has(t.key) ? round(index.idf(t.key)) : 0,
          ...(t.refines === true && { refines: true }),
        })),
        values: request.values.map((v) => ({ kind: v.kind, text: text.slice(v.start, v.end) })),
        named: request.named.map((v) => ({ text: text.slice(v.start, v.end), names: v.names })),
        operations: request.frame.uses.map(({ sense, surface, use }) => ({ sense, surface, use })),
        required: [...request.required],
        objects: [...request.objects],
        coverage: round(reading.coverage.share),
        thresholds,
        ...(signals && { signals }),
        found,
        verdict,
        candidates: docs.map((doc) => {
          const tool = tools[doc]!;
          const relevance = attainable > 0 ? [...reading.weights].reduce((sum, [key, weight]) => sum + index.termScore(key, weight, doc), 0) / attainable : 0;
          const fits = fit(reading.check, doc);
          const seen = new Set<string>();
          const contributions = reading.terms
            .filter((t) => !seen.has(t.key) && reading.weights.get(t.key) === t.weight && seen.add(t.key))
            .map((t) => ({
              label: t.label,
              key: t.key,
              origin: t.origin,
              fields: index.fieldsOf(t.key, doc),
              score: attainable > 0 ? round(index.termScore(t.key, t.weight, doc) / attainable) : 0,
            }))
            .filter((c) => c.score > 0)
            .sort((a, b) => b.score - a.score);
          return {
            name: tool.name,
            display: tool.display,
            intent: tool.intent,
            ...(rankOf.has(doc) && { rank: rankOf.get(doc)! }),
            score: round(relevance * factor(fits)),
            relevance: round(relevance),
            servesOperation: fits.operation,
            servesObject: fits.object,
            goesAgainst: fits.against,
            does: [...frames[doc]!.acts],
            contributions,
          };
        }),
      };
    },
  };
}

/**
 * The found / not-found decision: the request must be mostly about things the
 * tools know, the best tool must score, and it must do what the request asks
 * (one of its operations) to what it asks it of (one of its objects).
 */
function decide(
  best: (FoundSignals & { readonly name: string }) | undefined,
  request: Pick<Request, "required" | "objects">,
  thresholds: Thresholds,
): { found: boolean; verdict: string } {
  const percent = (x: number) => `${Math.round(x * 100)}%`;
  if (best === undefined) return { found: false, verdict: "no tool shares a word with the request" };
  if (best.unknownVerb !== undefined) return { found: false, verdict: `no tool and no sense knows what "${best.unknownVerb}" asks to do` };
  if (best.unknownThing !== undefined)
    return { found: false, verdict: `no tool and no sense knows what "${best.unknownThing}" is, the thing the request asks to make` };
  if (best.coverage < thresholds.coverage)
    return {
      found: false,
      verdict: `only ${percent(best.coverage)} of the request's words are known to the tools (at least ${percent(thresholds.coverage)} must be)`,
    };
  const { floor, why } = scoreFloor(best, thresholds);
  if (best.score < floor) return { found: false, verdict: `the best tool, ${best.name}, scores ${best.score.toFixed(3)}, under ${floor}${why}` };
  if (best.scoreBesidesWhen < floor)
    return { found: false, verdict: `the best tool, ${best.name}, scores ${best.scoreBesidesWhen.toFixed(3)} besides the date, under ${floor}${why}` };
  if (best.unaddressed !== undefined)
    return { found: false, verdict: `${best.name} acts on what ${best.unaddressed} names, but takes no such number: it cannot address the one named` };
  if (best.slipAlone !== undefined)
    return { found: false, verdict: `the best tool, ${best.name}, shares with the request only a reading of "${best.slipAlone}" as another word` };
  if (!best.operation) return { found: false, verdict: `no tool does what the request asks (${request.required.join(", ")})` };
  if (!best.object) return { found: false, verdict: `${best.name} does ${request.required.join(", ") || "it"}, but not to ${[...request.objects].join(", ")}` };
  return { found: true, verdict: `${best.name} serves it (score ${best.score.toFixed(3)}, ${percent(best.coverage)} of the words known)` };
}

/**
 * The score the best tool must reach. A value whose shape says what it is (a
 * path, a version, a URL) that the tool has a param for is evidence of its
 * own that the request is that tool's, whatever else the request says in
 * words no tool knows: the floor is lower. A request that asks for no
 * operation and gives the tool nothing to work with (no value it takes, no
 * content to write or send) is matched on the things it names alone, as an
 * errand that reuses a tool's object word is (值班表, a schedule): the floor
 * is higher.
 */
export function scoreFloor(best: FoundSignals, thresholds: Thresholds): { floor: number; why: string } {
  if (best.takesValue) return { floor: thresholds.scoreTakingValue, why: " (it takes one of the request's values)" };
  if (!best.asksOperation && !best.givesContent)
    return { floor: thresholds.scoreOnThingsAlone, why: " (the request asks for no operation and gives it none of its values)" };
  return { floor: thresholds.score, why: "" };
}

function factor(fit: Fit): number {
  return (fit.operation ? 1 : FRAME_MISS) * (fit.object ? 1 : FRAME_MISS) * (fit.against ? DIRECTION_MISS : 1);
}

/**
 * What a tool must do and work on to serve the request: one of the operations
 * that serve one it asks for; and, when it asks for nothing in particular or
 * for an operation done to many kinds of thing (view, delete, restart), one of
 * its objects or an object that includes one (a tool on paths works on files).
 * A tool that serves an operation the request asks for beside those, one done
 * to one kind of thing (初始化一下，把 jq 装上: install is done to software,
 * whatever the program is called), needs no object: that operation says what
 * it is done to, and the general one only how the request puts it.
 */
function frameCheck(request: Request, lexicon: Lexicon, bits: SenseBits): FrameCheck {
  const light = asksLightChange(request, lexicon);
  const check: { operations?: SenseSet; objects?: SenseSet; particular?: SenseSet; onActed: boolean; ways?: FrameCheck["ways"] } = {
    onActed: asksChangeOfHolder(request, lexicon) || light || asksListing(request, lexicon),
  };
  const ways = namedWays(request.analysis, request.frame, lexicon);
  // A holder's parts are where it is (存到桶里: the objects of the bucket).
  const withParts = (named: readonly string[]) => bits.of(named.flatMap((o) => [o, ...(lexicon.senses.get(o)?.includes ?? [])]));
  if (ways.in.length > 0 || ways.out.length > 0) {
    // A change that goes no way (create, send) says what is done by itself; a reading, or a move the other way, leaves it to the way named.
    const leavesItToTheWay = (op: string) => {
      const sense = lexicon.senses.get(op);
      if (sense?.direction !== undefined) return ways[sense.direction].length === 0;
      return sense?.effect === "read";
    };
    check.ways = { in: withParts(ways.in), out: withParts(ways.out), act: request.required.every(leavesItToTheWay) };
  }
  // An operation the request says it does not want (不是清空，是删除) serves nothing it asks, though the two serve each other; a light verb's ask (do a dry run, don't actually renew) leaves what is done to the tool's params.
  const refused = new Set(request.frame.uses.filter((u) => u.use === "negated" && !request.required.includes(u.sense)).map((u) => u.sense));
  const servingAny = (asked: readonly string[]) =>
    bits.of(
      [...lexicon.senses.values()]
        .filter(
          (sense) =>
            sense.class === "operation" &&
            asked.some((op) => (!refused.has(sense.id) || lexicon.senses.get(op)?.light === true) && servesOperation(new Set([sense.id]), op, lexicon)),
        )
        .map((sense) => sense.id),
    );
  const through = request.required.length > 0 ? doneThrough(request, lexicon) : [];
  if (request.required.length > 0) check.operations = servingAny([...heldTo(request.required), ...through]);
  const particular = request.required.filter((op) => lexicon.senses.get(op)?.general !== true);
  if (particular.length > 0) check.particular = servingAny(particular);
  const holds = request.required.length === 0 || through.length > 0 || request.required.some((op) => lexicon.senses.get(op)?.general === true);
  if (request.objects.size > 0 && holds) {
    const where = holdersNamedAsWhere(request, lexicon, light);
    const wanted = [...request.objects].filter((o) => !where.has(o));
    const including = [...lexicon.senses.values()].filter((sense) => !where.has(sense.id) && wanted.some((o) => sense.includes.has(o)));
    // What a send names is what its message says (跟他说一下证书续好了): a tool that moves the message serves it.
    const carried = request.required.flatMap((op) => lexicon.senses.get(op)?.carries ?? []);
    check.objects = bits.of([...wanted, ...including.map((sense) => sense.id), ...carried, ...partsNamed(request, lexicon)]);
  }
  return check;
}

/**
 * The operations that carry out whatever the request asks of a thing it names
 * by a value, when that thing does what it is asked when called: an endpoint
 * given by its address or the method to call it with (trigger
 * https://ci.example.com/hook, 用 PUT 更新一下): a tool that calls it serves
 * the request, whatever verb it uses. A word alone (an API, a request) may
 * name something else done about one (加个接口监控), and holds no tool to a call.
 */
function doneThrough(request: Request, lexicon: Lexicon): string[] {
  const { text } = request.analysis;
  const byValue = new Set(request.values.flatMap((v) => valueSlots(v.kind, text.slice(v.start, v.end))));
  return [...byValue].flatMap((o) => (request.objects.has(o) ? (lexicon.senses.get(o)?.doneBy ?? []) : []));
}

/**
 * The parts of a holder the request names by the kind people call them
 * (桶里那个文件, the file in the bucket: an object of object storage), or by an
 * address of the holder's own scheme that goes on past the holder
 * (s3://media/banners/old.png): a tool that acts on those parts serves it,
 * though it knows them by another name.
 */
function partsNamed(request: Request, lexicon: Lexicon): string[] {
  return [...request.objects].flatMap((id) => {
    const holder = lexicon.senses.get(id);
    if (holder === undefined) return [];
    const named = [...request.objects].some((o) => o !== id && holder.holds.has(o)) || addressedInside(request, id);
    return named ? [...holder.includes] : [];
  });
}

/** An address past its holder: a scheme, the holder's name, then a path (s3://media/banners/old.png). */
const PAST_HOLDER = /^[a-z][\w+.-]*:\/\/[^/\s]+\/[^/\s]/iu;

/** Whether the request names the object by the scheme of an address that goes on past the holder it names (see `partsNamed`). */
function addressedInside(request: Request, object: string): boolean {
  const { text, terms } = request.analysis;
  return request.values.some(
    (v) =>
      v.kind === "uri" && PAST_HOLDER.test(text.slice(v.start, v.end)) && terms.some((t) => t.key === `c:${object}` && t.start === v.start && t.end <= v.end),
  );
}

/**
 * The operations a request holds a tool to. Viewing beside reading a thing's
 * content (看一下 x 里写了什么, show me the contents of x) asks to see that
 * content: the reading says what is to be seen, and a tool that reads
 * something else of the thing (where each line came from) does not serve it.
 */
function heldTo(required: readonly string[]): readonly string[] {
  return (required.includes(CONTENT_READING) || required.includes(LISTING)) && required.includes(SEEING) ? required.filter((op) => op !== SEEING) : required;
}

/**
 * The holders a request to list the things inside them (桶里都有哪些文件, the
 * objects inside the bucket), or to add a thing to them with a light verb
 * (给 x 仓库加个协作者), names as where: neither what it lists nor what it
 * makes, so a tool that lists or makes the holders themselves (the buckets of
 * an account, a new repository) does not serve it, however it includes what is
 * asked for. Empty when the request asks for more than that, or names no holder
 * as where, or names nothing that lives inside one (then the holder is all
 * there is to go by).
 */
function holdersNamedAsWhere(request: Request, lexicon: Lexicon, light: boolean): ReadonlySet<string> {
  const none = new Set<string>();
  if (!light && (!request.required.includes(LISTING) || !request.required.every((op) => op === LISTING || op === SEEING))) return none;
  const isWhere = (o: string) => {
    const sense = lexicon.senses.get(o);
    return sense !== undefined && sense.includes.size > 0 && sense.place !== true && request.frame.objects.has(o) && !namedAsActedOn(request, o);
  };
  const where = new Set([...request.objects].filter(isWhere));
  const livesInside = (o: string) => [...lexicon.senses.values()].some((sense) => sense.includes.has(o));
  return [...request.objects].some((o) => !where.has(o) && livesInside(o)) ? where : none;
}

/** An object word followed by where (仓库里, 桶上) or after it (in the bucket, 从桶, 存进人格体), or after 给 (给 x 仓库加个协作者: what receives the thing): named as a place, not as the thing acted on; 上 and 下 before a time (域名下个月到期, 上周) are no place. */
const PLACE_AFTER = /^\s*(?:[里中内]|[上下](?!个|一|周|次|午|月|回|星期|礼拜|半)|底下)/u;
const PLACE_BEFORE =
  /(?:[在从到往进入]|给\s*(?:[\w./:-]+\s*)?|\b(?:in|on|from|at|to|into|under|inside)(?:\s+(?:the|this|that|a|an|my|our))?(?:\s+[a-z-]+)?)\s*$/u;

/** Whether the request names an object somewhere as the thing acted on, not as where (see PLACE_AFTER, PLACE_BEFORE). */
function namedAsActedOn(request: Request, object: string): boolean {
  const { text, terms } = request.analysis;
  return terms.some(
    (t) => t.key === `c:${object}` && !PLACE_AFTER.test(text.slice(t.end)) && !PLACE_BEFORE.test(text.slice(0, t.start)) && !namesProgram(request, t),
  );
}

/** Where a command line may start: the request's start, or a clause's. */
const COMMAND_START = /(?:^|[，。；！？,;!?:：\n]|\p{Script=Han})\s*$/u;

/**
 * A program's name that starts a command line, right before its subcommand
 * (kubectl rollout restart, docker restart web): the system it works in, not
 * the thing acted on.
 */
function namesProgram(request: Request, word: { readonly start: number; readonly end: number }): boolean {
  const { text, englishWords } = request.analysis;
  const name = englishWords.find((w) => w.start === word.start && w.end === word.end);
  // A plural (buckets list) names things, not a program.
  if (name === undefined || isSForm(name) || !COMMAND_START.test(text.slice(0, word.start))) return false;
  const next = pastSpaces(text, word.end);
  return next > word.end && request.frame.uses.some((u) => u.start === next && /^[a-z]/u.test(u.surface));
}

/**
 * Whether the request asks for a general change (delete, create …) of a thing
 * that holds others (a repository, a persona, a domain) and names nothing
 * else: no value (a path, a name in it), no place (a host), and the thing not
 * named as where (仓库里, in the bucket). Then a tool serves it only if it acts
 * on that thing, not if it only locates what it acts on by it.
 */
function asksChangeOfHolder(request: Request, lexicon: Lexicon): boolean {
  const general = request.required.some((op) => lexicon.senses.get(op)?.effect === "change" && lexicon.senses.get(op)?.general === true);
  if (!general || request.objects.size === 0) return false;
  return [...request.objects].every((o) => {
    const sense = lexicon.senses.get(o);
    if (sense === undefined || sense.place || sense.includes.size === 0 || !request.frame.objects.has(o)) return false;
    return namedAsActedOn(request, o);
  });
}

/**
 * Whether the request's only change is a light verb's (加个, 搞个, 开个,
 * apply): it names no operation, so its object says all that is to be done,
 * and a tool serves it only if it acts on that object (加个成员 is no request
 * for a tool that creates repositories, though it takes their owner).
 */
function asksLightChange(request: Request, lexicon: Lexicon): boolean {
  const changes = request.required.filter((op) => lexicon.senses.get(op)?.effect === "change");
  if (!changes.some((op) => lexicon.senses.get(op)?.light === true)) return false;
  return namesThingActedOn(request, lexicon);
}

/**
 * Whether the request asks to list things (有哪些 process, which containers)
 * and only to read, naming a thing as what is listed (not as where): a
 * listing enumerates its object, so a tool serves it only if it acts on that
 * object, not if it lists something else located by it (a tool that lists
 * one process's environment variables lists no processes).
 */
function asksListing(request: Request, lexicon: Lexicon): boolean {
  if (!request.required.includes(LISTING) || !request.required.every((op) => lexicon.senses.get(op)?.effect === "read")) return false;
  return namesThingActedOn(request, lexicon);
}

/** Whether the request names some thing as what is acted on: a place (在跳板机上开个号) or a thing named as where says where, not what. */
function namesThingActedOn(request: Request, lexicon: Lexicon): boolean {
  return [...request.frame.objects].some((o) => lexicon.senses.get(o)?.place !== true && namedAsActedOn(request, o));
}

/** Senses as bits of a few 32-bit words, one bit a sense of the lexicon. */
class SenseBits {
  private readonly indexOf = new Map<string, number>();
  private readonly words: number;

  constructor(lexicon: Lexicon) {
    for (const id of lexicon.senses.keys()) this.indexOf.set(id, this.indexOf.size);
    this.words = Math.ceil(this.indexOf.size / 32);
  }

  of(senses: Iterable<string>): SenseSet {
    const bits = new Uint32Array(this.words);
    for (const id of senses) {
      const at = this.indexOf.get(id);
      if (at !== undefined) bits[at >>> 5]! |= 1 << (at & 31);
    }
    return new SenseSet(bits);
  }
}

class SenseSet {
  constructor(private readonly bits: Uint32Array) {}

  /** Whether the two share a sense. */
  meets(other: SenseSet): boolean {
    for (let i = 0; i < this.bits.length; i++) if ((this.bits[i]! & other.bits[i]!) !== 0) return true;
    return false;
  }
}

function typoVocabulary(index: InvertedIndex, lexicon: Lexicon): TypoVocabulary {
  const english: string[] = [...lexicon.englishPhrases.keys()].filter((k) => !k.includes(" "));
  // The thesaurus's single characters too: a verb of one character may be typed as another of its sound (毒 for 读).
  const han: string[] = [...lexicon.hanPhrases.keys()];
  for (const key of index.keys()) {
    if (!key.startsWith("w:")) continue;
    const word = key.slice(2);
    if (/^[a-z]+$/.test(word)) english.push(word);
    else if (word.length > 1 && isHanText(word)) han.push(word);
  }
  return new TypoVocabulary(english, han);
}

/**
 * Share of the request's units known to some tool. The units are its intent
 * words — Han characters and English words that are neither stop words nor
 * values — and its values: a word is known when a term spanning it occurs in
 * a tool, a value when some tool has a param it fits (so that a request made
 * of values, `/var/www/site → /backup/site.tar.gz`, is judged by them). A
 * request mostly made of words no tool knows (a stock purchase, a poem) is one
 * the registry cannot serve, however well its few known words score.
 */
function coverageOf(request: Request, terms: readonly RequestTerm[], index: InvertedIndex): { share: number; unknown: number } {
  const { analysis, valueMask } = request;
  const units: Array<readonly [number, number]> = [];
  for (let i = 0; i < analysis.text.length; i++) {
    if (isHanText(analysis.text[i]!) && !analysis.hanStops.has(i) && !valueMask.covers(i, i + 1)) units.push([i, i + 1]);
  }
  const intentWords = new Set(analysis.terms.filter((t) => t.kind === "word").map((t) => t.start));
  for (const w of analysis.englishWords) {
    if (intentWords.has(w.start) && !valueMask.covers(w.start, w.end)) units.push([w.start, w.end]);
  }
  const slotted = new Set(terms.filter((t) => t.origin === "slot").map((t) => `${t.start}:${t.end}`));
  for (const value of [...request.values, ...request.named]) if (slotted.has(`${value.start}:${value.end}`)) units.push([value.start, value.end]);
  if (units.length === 0) return { share: 0, unknown: 0 };
  const known = new Set<string>();
  const knownText = new Uint8Array(analysis.text.length);
  for (const t of terms) {
    if (!index.has(t.key)) continue;
    if (t.origin === "slot") known.add(`${t.start}:${t.end}`);
    else if ((t.origin === "request" || t.origin === "typo") && !isLoneHanWord(t)) knownText.fill(1, t.start, t.end);
  }
  const knownUnits = units.filter(([s, e]) => known.has(`${s}:${e}`) || (e > s && knownText.subarray(s, e).every((k) => k === 1))).length;
  return { share: knownUnits / units.length, unknown: units.length - knownUnits };
}

/** A lone Chinese character as a word (条, 月): too ambiguous to make a request known (a thesaurus entry of one character is a sense, not this). */
function isLoneHanWord(t: RequestTerm): boolean {
  return t.key.startsWith("w:") && t.end - t.start === 1 && isHanText(t.key.slice(2));
}

/** The labels of the request terms `doc` contains, in request order; a label another one already says (`改动` beside `改动≈change`) is left out. */
function matchedLabels(terms: readonly RequestTerm[], index: InvertedIndex, doc: number): string[] {
  const hits = terms
    .filter((t) => t.origin !== "context" && index.fieldsOf(t.key, doc).length > 0)
    .sort((a, b) => a.start - b.start || b.end - a.end || b.label.length - a.label.length || compare(a.label, b.label));
  const labels: string[] = [];
  for (const t of hits) if (!labels.some((l) => l.includes(t.label))) labels.push(t.label);
  return labels;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
