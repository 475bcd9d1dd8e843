/**
 * A request, read: its terms (words, bigrams, senses, identifiers), its
 * values and the slots they fill, typo candidates for the words nobody knows,
 * and its frame (the operations it asks for, the objects it speaks of).
 */
import { analyze, isHanText, type Analysis, type Term, type TermKind } from "./analyze.ts";
import type { WordToken } from "./english.ts";
import { EN_PREPOSITION, type Frame, frameOf, requiredOperations } from "./frame.ts";
import type { InvertedIndex } from "./inverted-index.ts";
import type { Lexicon } from "./lexicon.ts";
import { isHan, pastSpaces, SpanMask } from "./normalize.ts";
import { pinyinKey } from "./pinyin.ts";
import { MAKING, REMEMBERING } from "./named-senses.ts";
import { sensesByObject } from "./senses-by-object.ts";
import type { TypoVocabulary } from "./typo.ts";
import {
  CONTENT_KINDS,
  FILE,
  findValues,
  type ImpliedOperation,
  impliedOperations,
  qualified,
  qualifiedSlots,
  shapeOf,
  valueSlots,
  type Value,
  type ValueKind,
} from "./values.ts";

/** Where a request term came from. */
export type Origin = "request" | "typo" | "value" | "slot" | "context";

export interface RequestTerm {
  readonly key: string;
  readonly weight: number;
  readonly start: number;
  readonly end: number;
  /** For people: `nginx`, `重启≈restart`, `山除→删除`, `/etc/hosts⇒path`. */
  readonly label: string;
  readonly origin: Origin;
  /** A finer reading of what other terms say (a value's slot qualified by its shape: `/etc/hosts⇒file@absolute`): it tells apart the tools that take the value, and adds nothing to what the request asks (its attainable score). */
  readonly refines?: boolean;
}

export interface NamedValue extends Value {
  /** The object sense the name belongs to (`orders 库` → database), or `name` after 叫 / called. */
  readonly names: string;
}

export interface Request {
  readonly analysis: Analysis;
  readonly values: readonly Value[];
  /** Latin names beside an object word (`payments 表`, `the billing database`, `user alice`). */
  readonly named: readonly NamedValue[];
  /** What is not intent: values (less those the thesaurus names whole) and named things. */
  readonly valueMask: SpanMask;
  readonly terms: readonly RequestTerm[];
  readonly frame: Frame;
  /** The operations a tool must do one of to serve the request (see frame.ts). */
  readonly required: readonly string[];
  /**
   * The objects it speaks of: those its words name, and those its values
   * plainly are (a path, a URL, an IP, #42, a command written out); a token like `db01` or `zy001`
   * says too little to hold a tool to. A place (a host) counts only when
   * nothing else does: 删掉服务器上的日志 is about logs.
   */
  readonly objects: ReadonlySet<string>;
  /** The word in the place of the request's verb, and where it starts, when no tool and no sense knows it (把它注销掉, transcribe this memo). */
  readonly unknownVerb?: { readonly word: string; readonly start: number };
  /** The thing a request asks to make or add (加个 reviewer, create a milestone) when no tool and no sense knows it. */
  readonly unknownThing?: string;
}

/** How much a request term counts, by kind: bigrams only back up words and senses. */
const KIND_WEIGHT: Readonly<Record<TermKind, number>> = { word: 1, concept: 1, identifier: 1, bigram: 0.4 };
/** A word inside a value (a path, a file or host name, a token with digits, text after a colon). */
const VALUE_FACTOR = 0.2;
/** A term reached through a typo candidate. */
const TYPO_FACTOR = 0.7;
/** An operation word read as not asked for (frame.ts): not wanted, or what a thing asked to be made is for. */
const NOT_ASKED_FACTOR = 0.5;
/** A word that is also a thesaurus entry (its sense carries the rest). */
const SYNONYM_WORD_FACTOR = 0.5;
/** What a value's slots weigh together (a port fills `port`; `1.8.0` fills version, tag and release, a third each); its qualified slots (values.ts `qualifiedSlots`) as much again. */
const SLOT_WEIGHT = 0.6;
/** What an operation notation asks for weighs (values.ts `impliedOperations`). */
const IMPLIED_WEIGHT = 0.6;
/** A value shaped like a param's example (`zy001` like `ICE-GL-ZY001`). */
const SHAPE_WEIGHT = 0.3;
/** A term from the caller's context. */
const CONTEXT_FACTOR = 0.15;
/** Values that may be words the thesaurus knows whole: a file or tool name (`tar.gz`, `apt-get`), a code (`sha256`, `k8s`). */
const TAKEN_BACK: ReadonlySet<ValueKind> = new Set(["filename", "name", "id"]);
/** A question: it asks to see something even with no operation word (ZY004 在线吗, nginx 还活着没, what's listening on 443?). */
const QUESTION =
  /[?？]|[吗么呢]\s*$|(?:没|没有)\s*$|什么|啥|多少|多久|多长时间|多大|哪|谁|如何|咋样|怎样|(?<![这那])几[个条次点时天]|是否|是不是|有没有|在不在|能不能|怎么样|^\s*(?:what|which|who|whose|when|where|why|how|is|are|was|were|does|do|did|has|have|any)\b/u;

/** A request put as a question out of politeness (could you …?, 能不能帮我…): it asks for what it names, not to be shown something. */
const POLITE = /^\s*(?:hey|hi|please|pls)?[,\s]*(?:can|could|would|will)\s+you\b|能不能帮|可不可以帮|可以帮我|能帮我|能否帮/u;

/** Not letting something happen (别让, 不让, 不许, don't let, stop … from, prevent): a request to block it. */
const PREVENT = /(?:别|不要|不)让|不许|\b(?:don'?t|do not|never) let\b|\bstop\s+\S+\s+from\b|\bprevent\b/u;

function isQuestion(text: string): boolean {
  return QUESTION.test(text);
}

/** Values that are words too: an HTTP method names the request it makes (a tool called http-post is for POST), so its word counts in full, though it is asked for by no one. */
const NAMING_VALUES: ReadonlySet<ValueKind> = new Set(["method"]);
/** The scheme of an address of any scheme but the web's (HLDP://…, s3://…): it names the system the address belongs to, as a tool's name does. */
function schemeOf(text: string, value: Value): Array<readonly [number, number]> {
  if (value.kind !== "uri") return [];
  const scheme = /^[a-z][a-z0-9+.-]*(?=:\/\/)/.exec(text.slice(value.start, value.end));
  return scheme === null ? [] : [[value.start, value.start + scheme[0].length]];
}

/** Payloads: their words are never intent (a commit message, a command to run). */
const PAYLOAD: ReadonlySet<ValueKind> = new Set(["quote", "command"]);

export interface Vocabulary {
  readonly index: InvertedIndex;
  readonly lexicon: Lexicon;
  readonly typos: TypoVocabulary;
}

export function readRequest(text: string, vocabulary: Vocabulary): Request {
  const { lexicon } = vocabulary;
  const analysis = sensesByObject(analyze(text, lexicon), lexicon);
  const senses = new SpanMask(
    analysis.text.length,
    analysis.terms.filter((t) => t.kind === "concept").map((t) => [t.start, t.end] as const),
  );
  const values = [...findValues(analysis.text, analysis.folded), ...colonContent(analysis, lexicon), ...recordedContent(analysis, lexicon)];
  const valueNames = namesAmongValues(analysis, lexicon, values);
  const named = [...namedValues(analysis, lexicon, senses, values), ...valueNames];
  // A name the thesaurus knows whole (`tar.gz`, `sha256`, `PromQL`, `apt-get`) is a word after all.
  const intentValues = values.filter((v) => !(TAKEN_BACK.has(v.kind) && senses.covers(v.start, v.end)));
  const valueMask = new SpanMask(
    analysis.text.length,
    [...intentValues, ...named].map((v) => [v.start, v.end] as const),
  );
  const payload = new SpanMask(
    analysis.text.length,
    values.filter((v) => PAYLOAD.has(v.kind)).map((v) => [v.start, v.end] as const),
  );
  const naming = new SpanMask(
    analysis.text.length,
    values.flatMap((v) => (NAMING_VALUES.has(v.kind) ? [[v.start, v.end] as const] : schemeOf(analysis.text, v))),
  );

  const terms: RequestTerm[] = [];
  const push = (t: Pick<Term, "key" | "kind" | "start" | "end">, label: string, factor: number, origin: Origin): void => {
    if (payload.covers(t.start, t.end)) return;
    const inValue = valueMask.covers(t.start, t.end);
    const valueFactor = inValue && !(t.kind === "word" && naming.covers(t.start, t.end)) ? VALUE_FACTOR : 1;
    terms.push({
      key: t.key,
      weight: KIND_WEIGHT[t.kind] * factor * valueFactor,
      start: t.start,
      end: t.end,
      label,
      origin: inValue && origin === "request" ? "value" : origin,
    });
  };
  // A word the thesaurus knows counts mostly through its sense, so that a tool
  // written in the other language is not outranked by one that merely shares
  // the request's language.
  for (const t of analysis.terms) {
    // A light verb's sense only tells the frame the word is light; it is nothing to match.
    if (t.kind === "concept" && lexicon.senses.get(t.key.slice(2))?.light === true) continue;
    if (t.kind === "concept") push(t, `${t.surface}≈${t.key.slice(2)}`, 1, "request");
    else push(t, t.surface, t.kind === "word" && senses.covers(t.start, t.end) ? SYNONYM_WORD_FACTOR : 1, "request");
  }
  terms.push(...slotTerms(analysis, values, named, lexicon));
  const implied = impliedOperations(analysis.text, values);
  terms.push(...impliedTerms(analysis, implied));
  const { terms: typos, readings } = typoTerms(analysis, vocabulary, valueMask);
  terms.push(...typos);

  // An operation word inside a value is not asked for; a stretch a typo candidate reads anew is read as corrected (推宋 asks to push as 推送 does; 建听 → 监听 asks to create nothing).
  const notIntent = new SpanMask(
    analysis.text.length,
    [...intentValues, ...named].map((v) => [v.start, v.end] as const),
  );
  const frame = frameOf(correctedReading(analysis, typos, readings), lexicon, notIntent);
  // An operation not wanted (别 ping 了, 先别装, don't restart it), or what a thing asked to be made is for (开个 PR，合到 master), is no evidence for the tool that does it: its words stay known, but count for little in the ranking.
  const unasked = frame.uses.filter((u) => u.use === "negated" || u.use === "purpose" || u.use === "sought");
  for (const [i, t] of terms.entries())
    if (t.origin !== "slot" && unasked.some((u) => u.start <= t.start && t.end <= u.end)) terms[i] = { ...t, weight: t.weight * NOT_ASKED_FACTOR };
  // Values can say what is to be done (`a..b` asks for a comparison, `dir → x.tar.gz` for packing); a question with no operation word asks to see something.
  const acts = new Set([...frame.acts, ...implied.map((o) => o.operation)]);
  if (acts.size === 0 && isQuestion(analysis.text) && !POLITE.test(analysis.text)) acts.add("view");
  // What is not to be let happen (别让它登进来, don't let anyone push) is to be blocked: the verb is negated (frame.ts), the block asked for.
  if (PREVENT.test(analysis.text)) acts.add("block");
  const fullFrame: Frame = { acts, objects: frame.objects, uses: frame.uses };
  // An object a typo candidate names (日至 → 日志) is one the request speaks of.
  const typoObjects = objectsNamed(typos, lexicon);
  // An address of its own scheme names what it points to by the object words of its path (HLDP://zhuyuan/module/… is a module).
  const addressed = analysis.terms.flatMap((t) =>
    t.kind === "concept" &&
    lexicon.senses.get(t.key.slice(2))?.class === "object" &&
    values.some((v) => v.kind === "uri" && v.start <= t.start && t.end <= v.end)
      ? [t.key.slice(2)]
      : [],
  );
  let unknownMade = unknownThing(analysis, frame, knownSpan(terms, valueMask, vocabulary.index), lexicon);
  const shortSlips = unknownMade === undefined ? [] : shortSlipTerms(analysis, unknownMade, vocabulary);
  if (shortSlips.length > 0) {
    terms.push(...shortSlips);
    typoObjects.push(...objectsNamed(shortSlips, lexicon));
    unknownMade = unknownThing(analysis, frame, knownSpan(terms, valueMask, vocabulary.index), lexicon);
  }
  const spoken = new Set([...frame.objects, ...typoObjects, ...addressed]);
  const said = requestObjects(spoken, values, analysis.text, lexicon);
  // A name's head is a holder of what the request speaks of (backup-bucket and a file in it): the request names a part of it.
  const holders = valueNames.map((v) => v.names).filter((id) => [...said].some((o) => lexicon.senses.get(id)?.holds.has(o)));
  const objects = holders.length > 0 ? requestObjects(new Set([...spoken, ...holders]), values, analysis.text, lexicon) : said;
  // An English word a slip reads as a thing (transcribe → transcript) is a word of its own in a verb's place, as likely as not: it makes no verb known; a slip that reads as an operation (retsart → restart) does.
  const verbs = terms.filter((t) => t.origin !== "typo" || isHanText(analysis.text.slice(t.start, t.end)) || isOperation(t.key, lexicon));
  const unknown = unknownVerb(analysis, knownSpan(verbs, valueMask, vocabulary.index), valueMask, acts.size > 0, vocabulary);
  return {
    analysis,
    values,
    named,
    valueMask,
    terms,
    frame: fullFrame,
    required: requiredOperations(fullFrame, lexicon, analysis.text),
    objects,
    ...(unknown !== undefined && { unknownVerb: unknown }),
    ...(unknownMade !== undefined && { unknownThing: unknownMade.word }),
  };
}

/**
 * The analysis as the frame reads it when typo candidates correct some of its
 * stretches: the senses found inside a corrected stretch give way to the
 * senses of its corrections, at the same place, so that a slip in an
 * operation word (推宋, 界压, 题交) is that operation asked for, by the
 * grammar around it, as if typed right. A sense read both in what was typed
 * and in a correction of its stretch (装 in 按装 → 安装, install) stays: the
 * request asks for it either way.
 */
function correctedReading(analysis: Analysis, typos: readonly RequestTerm[], readings: readonly Term[]): Analysis {
  if (typos.length === 0) return analysis;
  const corrected = new SpanMask(
    analysis.text.length,
    typos.map((t) => [t.start, t.end] as const),
  );
  const inside = (t: Term) => (other: { key: string; start: number; end: number }) => other.key === t.key && other.start <= t.start && t.end <= other.end;
  const agreed = (t: Term): boolean => typos.some(inside(t)) && !readings.some(inside(t));
  const kept = analysis.terms.filter((t) => t.kind !== "concept" || !corrected.covers(t.start, t.end) || agreed(t));
  return { ...analysis, terms: [...kept, ...readings].sort((a, b) => a.start - b.start) };
}

/** Values whose kind names a kind of thing, so that a request holding one speaks of it. */
const PLAIN_KINDS: ReadonlySet<ValueKind> = new Set(["path", "filename", "url", "method", "ip", "email", "cron", "sql", "promql", "port", "ref", "command"]);

function requestObjects(named: ReadonlySet<string>, values: readonly Value[], text: string, lexicon: Lexicon): Set<string> {
  const objects = new Set(named);
  for (const value of values) {
    if (!PLAIN_KINDS.has(value.kind)) continue;
    for (const slot of valueSlots(value.kind, text.slice(value.start, value.end))) if (lexicon.senses.get(slot)?.class === "object") objects.add(slot);
  }
  const things = [...objects].filter((o) => !lexicon.senses.get(o)?.place);
  return things.length > 0 ? new Set(things) : objects;
}

/**
 * A colon introduces content when an operation or a thing made of text comes
 * before it in its clause (记住：明天要续证书, run this promql: rate(…),
 * message: …); after a plain name it is only a label (kill switch: turn off …).
 */
function colonContent(analysis: Analysis, lexicon: Lexicon): Value[] {
  const colon = /(?<=[\p{Script=Han}a-z0-9)]):(?=\s|\p{Script=Han})/u.exec(analysis.text);
  if (colon === null) return [];
  let from = colon.index;
  while (from > 0 && !/[，。；！？,;!?\n]/u.test(analysis.text[from - 1]!)) from--;
  const introduces = analysis.terms.some((t) => {
    if (t.kind !== "concept" || t.start < from || t.end > colon.index) return false;
    const sense = lexicon.senses.get(t.key.slice(2));
    return sense?.class === "operation" || CONTENT_THINGS.has(t.key.slice(2));
  });
  return introduces ? [{ kind: "content", start: colon.index + 1, end: analysis.text.length }] : [];
}

/** A word of putting on record, right after the thing made to keep it (开个 ticket 记录一下, open an issue to note down). */
const RECORDING = /^\s*[，,]?\s*(?:记录一下|记录下来|记一下|记下来|记下|写一下|写上|to note(?: down)?|noting|to track|tracking)\s*/u;

/**
 * What a thing made to keep something on record (an issue: lexicon.ts
 * `madeFor` remember) is asked to be made with, after a word of putting it on
 * record (开个新 ticket 记录一下证书续期要做成自动化): the content it is to hold,
 * as a message's is, not operations asked for.
 */
function recordedContent(analysis: Analysis, lexicon: Lexicon): Value[] {
  const concepts = analysis.terms.filter((t) => t.kind === "concept");
  const making = (t: Term) => t.key === `c:${MAKING}` || lexicon.senses.get(t.key.slice(2))?.light === true;
  for (const record of concepts) {
    if (lexicon.senses.get(record.key.slice(2))?.madeFor !== REMEMBERING || !concepts.some((m) => making(m) && m.end <= record.start)) continue;
    const opening = RECORDING.exec(analysis.text.slice(record.end));
    if (opening !== null && record.end + opening[0].length < analysis.text.length)
      return [{ kind: "content", start: record.end + opening[0].length, end: analysis.text.length }];
  }
  return [];
}

/** Things made of text, whose content may follow a colon. */
const CONTENT_THINGS: ReadonlySet<string> = new Set(["text", "message", "command", "sql", "metric", "alert", "issue"]);

/**
 * A value's shape (`zy001` like `ICE-GL-ZY001`, `v2.3.1` like `v1.2.0`) tells
 * which param takes it when its kind does not: a value that only names
 * something (an id, a name), fills no slot (a number, an address of its own
 * scheme) or fills several (a version is a tag or a release too, a path a
 * file or a folder). A value whose kind fills one slot (a repository, a port,
 * a URL) has said what takes it: its shape would count that evidence twice,
 * for whichever tool's author happened to give an example.
 */
const NAMING_KINDS: ReadonlySet<ValueKind> = new Set(["id", "name"]);

/** Values whose shape says nothing of what takes them: payloads, and a command's flags. */
const SHAPELESS: ReadonlySet<ValueKind> = new Set([...CONTENT_KINDS, "option"]);

/** `v:` terms for the slots the request's values fill, and for their shapes. */
function slotTerms(analysis: Analysis, values: readonly Value[], named: readonly NamedValue[], lexicon: Lexicon): RequestTerm[] {
  const out: RequestTerm[] = [];
  for (const value of values) {
    const surface = analysis.text.slice(value.start, value.end);
    const slots = valueSlots(value.kind, surface);
    for (const slot of slots)
      out.push({ key: `v:${slot}`, weight: SLOT_WEIGHT / slots.length, start: value.start, end: value.end, label: `${surface}⇒${slot}`, origin: "slot" });
    // Where the value is from and what kind of file it names are two finer readings, each weighing as much again (a kind no tool takes leaves where it is from whole).
    for (const finer of [qualifiedSlots(value.kind, surface), fileKindSlots(analysis, value, lexicon)])
      for (const slot of finer)
        out.push({
          key: `v:${slot}`,
          weight: SLOT_WEIGHT / finer.length,
          start: value.start,
          end: value.end,
          label: `${surface}⇒${slot}`,
          origin: "slot",
          refines: true,
        });
    const shape = SHAPELESS.has(value.kind) || (slots.length === 1 && !NAMING_KINDS.has(value.kind)) ? undefined : shapeOf(surface);
    if (shape !== undefined)
      out.push({ key: `v:~${shape}`, weight: SHAPE_WEIGHT, start: value.start, end: value.end, label: `${surface}⇒like ${shape}`, origin: "slot" });
  }
  for (const value of named) {
    const surface = analysis.text.slice(value.start, value.end);
    out.push({ key: `v:${value.names}`, weight: SLOT_WEIGHT, start: value.start, end: value.end, label: `${surface}⇒${value.names}`, origin: "slot" });
  }
  return out;
}

/**
 * The kinds of file a path names by its last part (`error.log`, `/var/log/syslog`: a log;
 * `nginx.conf`: a config), as `file@<kind>`: a finer reading of the file, like where it is
 * from, which a param taking a path to that kind of file takes (tool-text.ts `fileKindSlots`),
 * so that a log's path goes to the log tools before the plain file reader (docs/matching.md, "Values").
 */
function fileKindSlots(analysis: Analysis, value: Value, lexicon: Lexicon): string[] {
  if (!valueSlots(value.kind, analysis.text.slice(value.start, value.end)).includes(FILE)) return [];
  const name = analysis.text.lastIndexOf("/", value.end - 1) + 1;
  const kinds = lexicon.senses.get(FILE)?.includes;
  const named = analysis.terms.flatMap((t) =>
    t.kind === "concept" && t.start >= Math.max(name, value.start) && t.end <= value.end && kinds?.has(t.key.slice(2)) === true ? [t.key.slice(2)] : [],
  );
  return [...new Set(named)].map((kind) => qualified(FILE, kind));
}

/**
 * The senses of what notation asks for (`v1.4.0..v1.5.0` a comparison, `dir → x.tar.gz` packing), as an operation word's sense
 * would be: they tell apart the tools that take the values by what each does with them, and ask nothing more of the request
 * than the values do (a finer reading, like a path's qualified slots).
 */
function impliedTerms(analysis: Analysis, implied: readonly ImpliedOperation[]): RequestTerm[] {
  return implied.map(({ operation, start, end }) => ({
    key: `c:${operation}`,
    weight: IMPLIED_WEIGHT,
    start,
    end,
    label: `${analysis.text.slice(start, end)}⇒${operation}`,
    origin: "slot",
    refines: true,
  }));
}

const NAMING_WORD = /(?:叫做|名叫|名为|叫|called|named)\s*$/u;
/** What a search looks for (文件名里带 backup 的, containing timeout). */
const LOOKING_FOR = /(?:带|含|含有|包含|containing|contains|with the word)\s*$/u;
const EN_DETERMINER = /\b(?:the|a|an|this|that|our|my|your|their)\s+$/;
/** Adjectives that say which or what state (the old release, the last build, the whole table): never a thing's name. */
const EN_ADJECTIVE = /^(?:old|new|last|latest|previous|next|first|current|whole|full|same|other|stale|broken|failed|main)$/;

/**
 * Latin names beside an object word: `orders 库`, `payments 表`, `alice 账号`,
 * `the billing database`, `table payments`, `user alice`, and whatever
 * follows 叫 or called. A name the thesaurus knows (`nginx 服务`) is a word.
 */
function namedValues(analysis: Analysis, lexicon: Lexicon, senses: SpanMask, values: readonly Value[]): NamedValue[] {
  const text = analysis.text;
  const inValue = new SpanMask(
    text.length,
    values.map((v) => [v.start, v.end] as const),
  );
  const objectAt = new Map<number, { id: string; end: number }>();
  const objectEndingAt = new Map<number, string>();
  for (const t of analysis.terms) {
    if (t.kind !== "concept" || inValue.covers(t.start, t.end) || lexicon.senses.get(t.key.slice(2))?.class !== "object") continue;
    objectAt.set(t.start, { id: t.key.slice(2), end: t.end });
    objectEndingAt.set(t.end, t.key.slice(2));
  }
  const out: NamedValue[] = [];
  for (const m of text.matchAll(/[a-z0-9][\w.-]*/g)) {
    const start = m.index;
    const end = start + m[0].length;
    if (inValue.covers(start, end) || lexicon.englishStops.has(m[0])) continue;
    const before = text.slice(0, start);
    const after = text.slice(end);
    const next = pastSpaces(text, end);
    const previousEnd = before.trimEnd().length;
    if (senses.covers(start, end)) {
      // A word the thesaurus knows is that word (nginx 服务), but an operation word in a name's place names a thing (see `operationNamed`).
      const named = operationNamed(analysis, lexicon, { start, end, before, after }, { objectAt, objectEndingAt });
      if (named !== undefined) out.push({ kind: "name", start, end, names: named });
      continue;
    }
    let names: string | undefined;
    if (NAMING_WORD.test(before)) names = "name";
    else if (LOOKING_FOR.test(before)) names = "pattern";
    else if (objectAt.has(next) && (isHanText(text[next] ?? "") || (EN_DETERMINER.test(before) && !EN_ADJECTIVE.test(m[0])) || /[\d_-]/.test(m[0])))
      names = objectAt.get(next)!.id;
    else if (objectEndingAt.has(previousEnd) && previousEnd < start && !isHanText(text[previousEnd - 1] ?? "")) names = objectEndingAt.get(previousEnd);
    if (names !== undefined) out.push({ kind: "name", start, end, names });
  }
  return out;
}

/**
 * A name (snake_case, kebab-case, CamelCase: a value of kind name) beside an
 * object word is a name of that object (`bucket db-backups`, `order-service
 * deployment`, `old-logs 这个 bucket`), as a plain Latin word there is
 * (`namedValues`), and fills its slot. With none beside it, a kebab-case
 * name whose last part is an object word (`backup-bucket`, `email-jobs`)
 * names a thing of that kind, as the head of a compound does, and fills its
 * slot; where that thing holds what the request speaks of (a bucket its
 * files) the request speaks of it too (`readRequest`); alone a name's head
 * would hold the tools to a guess. Resources are named so (buckets, hosts,
 * services, queues take DNS-style names); a snake_case name (`redis_password`,
 * `tool_index`) is an identifier in code, a config or a database, and says
 * nothing of what it names. After 叫 / called a name is only a name
 * (docs/matching.md, "Values").
 */
function namesAmongValues(analysis: Analysis, lexicon: Lexicon, values: readonly Value[]): NamedValue[] {
  const { text } = analysis;
  const objectTerms = analysis.terms.filter((t) => t.kind === "concept" && lexicon.senses.get(t.key.slice(2))?.class === "object");
  // what the name is of is said already: by an object word beside it (bucket old-logs, old-scripts 仓库, old-logs 这个 bucket), whose name it is, or by 叫 / called
  const beside = (v: Value) =>
    objectTerms.find(
      (t) => (t.end <= v.start && /^\s*$/u.test(text.slice(t.end, v.start))) || (t.start >= v.end && BESIDE_AFTER.test(text.slice(v.end, t.start))),
    );
  return values.flatMap((v) => {
    if (v.kind !== "name" || NAMING_WORD.test(text.slice(0, v.start))) return [];
    const said = beside(v);
    if (said !== undefined) return [{ kind: "name" as const, start: v.start, end: v.end, names: said.key.slice(2) }];
    const surface = text.slice(v.start, v.end);
    const head = v.start + surface.lastIndexOf("-") + 1;
    if (head === v.start || !/^[a-z-]+$/.test(surface)) return [];
    const object = objectTerms.find((t) => t.start === head && t.end === v.end);
    return object === undefined ? [] : [{ kind: "name" as const, start: v.start, end: v.end, names: object.key.slice(2) }];
  });
}

/** Between a name and the object word it names: nothing, or a determiner (old-logs 这个 bucket). */
const BESIDE_AFTER = /^\s*(?:[这那][个台条家套份]?)?\s*$/u;

/** A label's name follows these (labeled deploy, 标签是 deploy). */
const LABELLED = /(?:labell?ed|tagged|label|标签(?:为|是|叫)?)\s*$/u;
/** A Chinese determiner with its classifier before a word (那个, 这台, 那条). */
const ZH_DEMONSTRATIVE = /[这那该此][个台条份张把项位]?\s*$/u;
const ZH_POINTING = /^\s*[这那][个台条家套份]?\s*/u;
/** After an object: what it owns (的) or holds (底下, 里, 上) is what is asked of. */
const HOLDS_WHAT_FOLLOWS = /^\s*(?:的|底下|下面|里|上|中)/u;

interface ObjectsAround {
  /** The object word starting at an offset: its sense and where it ends. */
  readonly objectAt: ReadonlyMap<number, { readonly id: string; readonly end: number }>;
  readonly objectEndingAt: ReadonlyMap<number, string>;
}

/**
 * The thing a Latin operation word names when it stands in a name's place:
 * after 叫 / called / named (a name), 带 / containing (a pattern to look for:
 * 文件名带 backup 的) or labeled (a tag); before a place under
 * it (archive 底下: a folder); between a determiner and the object word it
 * names (那个 test 文件, the checkout deployment); after an object word a
 * determiner or preposition opens (the rollout of deployment checkout); or
 * before 这个 / 那个 and an object word that holds or owns what is asked of
 * (deploy 这个用户底下的…, checkout 这个 deployment 的进度). Undefined when it is
 * no operation word or stands where a verb does (restart 一下服务, delete 掉,
 * restart 这个容器).
 */
function operationNamed(
  analysis: Analysis,
  lexicon: Lexicon,
  word: { readonly start: number; readonly end: number; readonly before: string; readonly after: string },
  { objectAt, objectEndingAt }: ObjectsAround,
): string | undefined {
  const { start, end, before, after } = word;
  const classes = new Set(
    analysis.terms.filter((t) => t.kind === "concept" && t.start === start && t.end === end).map((t) => lexicon.senses.get(t.key.slice(2))?.class),
  );
  if (!classes.has("operation")) return undefined;
  if (NAMING_WORD.test(before)) return "name";
  if (LOOKING_FOR.test(before)) return "pattern";
  if (LABELLED.test(before)) return "tag";
  // A place under it (mv 到 archive 底下, release 下面): a folder's name.
  if (/^\s*(?:底下|下面|目录下|文件夹下)/u.test(after)) return "directory";
  const object = objectAt.get(pastSpaces(analysis.text, end))?.id;
  // A measure has no name (这个 deployment 内存: the deployment's memory): a word that is a thing too is that thing.
  const unnamed = object !== undefined && lexicon.senses.get(object)?.measure === true && classes.has("object");
  if (object !== undefined && !unnamed && (ZH_DEMONSTRATIVE.test(before) || EN_DETERMINER.test(before))) return object;
  // After an English object word that a determiner or preposition opens (the rollout of deployment checkout, push to branch release); a word that is a thing too (the api deployment) is that thing.
  const previousEnd = before.trimEnd().length;
  const previous = previousEnd < start ? objectEndingAt.get(previousEnd) : undefined;
  if (previous !== undefined && !classes.has("object") && /\b(?:the|this|that|of|for|in|on|to|into|from)\s+[a-z][\w-]*\s*$/.test(before)) return previous;
  const pointed = ZH_POINTING.exec(after);
  const pointedAt = pointed === null ? undefined : objectAt.get(end + pointed[0].length);
  // Only a word that is nothing but an operation: every sense read there is one.
  const operationOnly = classes.size === 1;
  return pointedAt !== undefined && HOLDS_WHAT_FOLLOWS.test(analysis.text.slice(pointedAt.end)) && operationOnly ? pointedAt.id : undefined;
}

/**
 * Terms reached through typo candidates, for the request's words that neither
 * a tool nor the thesaurus knows; and the senses of the corrections the frame
 * reads in place of what was typed (`correctedReading`): a Chinese one of the
 * very same sound whose changed characters are no thesaurus word of their own
 * (写了 is written on purpose, not 卸了 mistyped). An English slip only ranks:
 * the word typed may be a word after all (bound, masked, wrote).
 */
function typoTerms(analysis: Analysis, { index, lexicon, typos }: Vocabulary, values: SpanMask): { terms: RequestTerm[]; readings: Term[] } {
  const out: RequestTerm[] = [];
  const readings: Term[] = [];
  // A reading is kept for the frame when the word is surely the one meant: a Chinese slip of it, or its spelling in pinyin.
  const add = (typed: string, known: string, start: number, end: number, sure = isHanText(known) && slipOf(typed, known, lexicon)): void => {
    out.push(...correctionTerms(typed, known, start, end, { index, lexicon }));
    if (!sure) return;
    const concepts = lexicon.hanPhrases.get(known) ?? [];
    for (const concept of concepts) readings.push({ key: `c:${concept}`, kind: "concept", start, end, surface: `${typed}→${known}` });
  };
  const unknownEnglish = analysis.englishWords.filter(
    (word) =>
      !lexicon.englishStops.has(word.stem) && !values.covers(word.start, word.end) && !index.has(`w:${word.stem}`) && !lexicon.englishPhrases.has(word.stem),
  );
  for (const word of unknownEnglish) for (const known of typos.english(word.stem, word.surface)) add(word.surface, known, word.start, word.end);
  // A Chinese word written in pinyin (jie ya, jieya → 解压) is that word, as surely as one typed in its characters.
  for (const { start, end, letters } of latinRuns(analysis.text, unknownEnglish))
    for (const known of typos.spelled(letters)) add(analysis.text.slice(start, end), known, start, end, true);
  // The segmenter's words of the request: a stretch it reads as one word is a real word.
  const words = new Set(analysis.terms.filter((t) => t.kind === "word").map((t) => `${t.start}:${t.end}`));
  const knownWords = knownHanWords(analysis, index);
  for (const { start, char, word } of englishBySound(analysis, index, lexicon, knownWords)) add(char, word, start, start + 1);
  for (const { start, word } of unknownHanWords(analysis, index, lexicon, knownWords)) {
    const end = start + word.length;
    if (values.covers(start, end)) continue;
    for (const known of typos.han(word, words.has(`${start}:${end}`))) add(word, known, start, end);
  }
  return { terms: out, readings };
}

/** Runs of one to four unknown Latin words side by side (jie ya), their letters run together, as pinyin may spell a word. */
function latinRuns(text: string, words: readonly WordToken[]): { start: number; end: number; letters: string }[] {
  const runs: { start: number; end: number; letters: string }[] = [];
  for (const [i, first] of words.entries()) {
    let letters = "";
    for (let j = i; j < Math.min(words.length, i + 4); j++) {
      const word = words[j]!;
      if (!/^[a-z]+$/.test(word.surface) || (j > i && !/^ +$/.test(text.slice(words[j - 1]!.end, word.start)))) break;
      letters += word.surface;
      runs.push({ start: first.start, end: word.end, letters });
    }
  }
  return runs;
}

/** The objects the senses of some terms name. */
function objectsNamed(terms: readonly RequestTerm[], lexicon: Lexicon): string[] {
  return terms.flatMap((t) => (t.key.startsWith("c:") && lexicon.senses.get(t.key.slice(2))?.class === "object" ? [t.key.slice(2)] : []));
}

/** The terms a correction of a typed word gives: the known word, where a tool has it, and its senses. */
function correctionTerms(typed: string, known: string, start: number, end: number, { index, lexicon }: Pick<Vocabulary, "index" | "lexicon">): RequestTerm[] {
  const label = `${typed}→${known}`;
  const concepts = (isHanText(known) ? lexicon.hanPhrases.get(known) : lexicon.englishPhrases.get(known)) ?? [];
  const out: RequestTerm[] = [];
  if (index.has(`w:${known}`)) out.push({ key: `w:${known}`, weight: TYPO_FACTOR, start, end, label, origin: "typo" });
  for (const concept of concepts) out.push({ key: `c:${concept}`, weight: TYPO_FACTOR, start, end, label: `${label}≈${concept}`, origin: "typo" });
  return out;
}

/**
 * A short English word nobody knows in the made thing's place (打个 tga, open
 * an isue) read as the known word whose every letter it keeps (`shortEnglish`):
 * there the word as typed turns the request away, and a slip of the fingers
 * is likelier than a thing no tool makes. Elsewhere a short word is left as
 * typed (`star`, `cup` are words of their own).
 */
function shortSlipTerms(analysis: Analysis, at: { readonly word: string; readonly start: number }, vocabulary: Vocabulary): RequestTerm[] {
  const word = analysis.englishWords.find((w) => w.start === at.start && w.surface === at.word);
  if (word === undefined) return [];
  return vocabulary.typos.shortEnglish(word.stem, word.surface).flatMap((known) => correctionTerms(word.surface, known, word.start, word.end, vocabulary));
}

/**
 * Whether a Chinese stretch is surely a slip for a word: the same sound as it
 * (a fuzzy one may be a dialect's or another word), and what differs typed as
 * no thesaurus word of its own (写了 for 卸了 is write, typed on purpose).
 */
function slipOf(typed: string, known: string, lexicon: Lexicon): boolean {
  if (pinyinKey(typed) !== pinyinKey(known)) return false;
  return [...typed].every((char, i) => !lexicon.hanStopChars.has(char) && (char === known[i] || !lexicon.hanPhrases.has(char)));
}

/**
 * Stretches of 2–4 Han characters that neither a tool nor the thesaurus knows
 * and that hold no stop phrase (一下, 帮我). A single stop character may be
 * the slip itself (不属 for 部署), so it does not end a stretch. A slip is in a
 * word nobody knows: a stretch that takes in part or all of a word a tool or
 * the thesaurus knows (置文 across 配置|文件) is that word, read right, beside
 * another.
 */
function* unknownHanWords(analysis: Analysis, index: InvertedIndex, lexicon: Lexicon, known: SpanMask): Generator<{ start: number; word: string }> {
  const text = analysis.text;
  for (let start = 0; start < text.length; start++) {
    if (analysis.hanStopPhrases.has(start)) continue;
    for (let len = 2; len <= 4 && start + len <= text.length; len++) {
      const word = text.slice(start, start + len);
      if (!isHanText(word) || analysis.hanStopPhrases.has(start + len - 1)) break;
      if (index.has(`w:${word}`) || lexicon.hanPhrases.has(word)) continue;
      if (known.touches(start, start + len)) continue;
      yield { start, word };
    }
  }
}

/** Where the request's Han words of two characters or more that a tool or the thesaurus knows stand. */
function knownHanWords(analysis: Analysis, index: InvertedIndex): SpanMask {
  const text = analysis.text;
  return new SpanMask(
    text.length,
    analysis.terms
      .filter((t) => t.end - t.start > 1 && isHanText(text.slice(t.start, t.end)) && (t.kind === "concept" || (t.kind === "word" && index.has(t.key))))
      .map((t) => [t.start, t.end] as const),
  );
}

/**
 * English words of four letters or more a tool knows, written as a single Han
 * character of their sound (平一下 for ping): a command's name is typed
 * through the pinyin input method too. The character stands alone: no stop
 * character, no thesaurus word, no part of a word a tool or the thesaurus
 * knows, and no other character nobody knows beside it (平时 is a word). A
 * shorter sound spells a syllable more often than a command (du, he, an).
 */
function* englishBySound(
  analysis: Analysis,
  index: InvertedIndex,
  lexicon: Lexicon,
  known: SpanMask,
): Generator<{ start: number; char: string; word: string }> {
  const text = analysis.text;
  for (let start = 0; start < text.length; start++) {
    const char = text[start]!;
    if (!isHanText(char) || analysis.hanStops.has(start) || known.touches(start, start + 1) || lexicon.hanPhrases.has(char)) continue;
    // a character beside another that is neither a stop character nor known is part of a word nobody knows
    const alone = [start - 1, start + 1].every((i) => i < 0 || i >= text.length || !isHan(text[i]!) || analysis.hanStops.has(i) || known.touches(i, i + 1));
    const word = pinyinKey(char);
    if (alone && word !== undefined && word.length >= 4 && index.has(`w:${word}`)) yield { start, char, word };
  }
}

/** What may follow the verb of a 把 clause: a result, a direction, a place (注销掉, 念给我听, 加进去, 放旁边). */
const ZH_TAIL = /(?:掉|了|吧|啊|呀|一下|一遍|给我听|给我看|给我|好|[进出上下回过起开][来去]|底下|旁边|里面|上面|下面|里|上|下)+$/u;
/** A character that counts or points (这, 一, 几, 每 …): a word it starts is no verb. */
const ZH_COUNTING_OR_POINTING = "[这那哪每各某几一两三四五六七八九十整半多好]";
/** A word right before a counted object (补一个, 加一条, 配一份) or a result (close 掉): in the place of a verb, unless it counts or points itself. */
const ZH_VERB_BEFORE_OBJECT = new RegExp(
  String.raw`(?<![\p{Script=Han}a-z])(?!${ZH_COUNTING_OR_POINTING})([\p{Script=Han}]|[a-z]+)\s*(?=[一两几][个条份张次把项]|个|掉)`,
  "gu",
);
const ZH_WORD_BEFORE_COUNT = /(\p{Script=Han}{2,})(?=[一两几三四五六七八九十]\s*[个条份张台位套件项])/gu;
const ZH_COUNTS_OR_POINTS = new RegExp(`^${ZH_COUNTING_OR_POINTING}`, "u");
const EN_ASK = /^(?:please|pls|can you|could you|would you|will you|help me|i want to|i need to|let's|go)\s+/;
/** Adverbs that say how a thing is done, one by one or in turn (挨个, 逐个, 逐跳, 一一, 依次, 分批): they stand before the verb and are none. */
const MANNER = "挨个|挨着|逐[个一条台步跳行批]|一一|一个个|依次|分批|轮流";
const ZH_MANNER = new RegExp(MANNER, "gu");
/** The verb after 帮我 / 请, past an adverb of manner (帮我逐个重启). */
const ZH_ASK_VERB = new RegExp(String.raw`(?:帮我|帮忙|麻烦|替我|请)\s*(?:(?:${MANNER})\s*)?(?!把)([\p{Script=Han}]{1,2}|[a-z]+)`, "u");
const EN_OBJECT_NEXT = /^\s+(?:the|a|an|this|that|these|those|my|our|your|it|them|all|some|any|me|\d)\b/;

/**
 * The word in the place of the request's verb, when neither a tool nor the
 * thesaurus knows it: after 帮我 / 请 (帮我画一张图); and when the request
 * asks for no operation the thesaurus knows, before the complement of a 把
 * clause (把 ZY007 整个注销掉, 把这段文字念给我听, 把 worker-3 drain 掉),
 * before a counted object or a result in any clause (补一个标签, close 掉), or
 * first in an English command followed by its object (transcribe this memo),
 * named by a determiner or given as a value (fork zhuyuan/native-repo).
 * A request for something no tool knows how to do is not found, however well
 * its other words fit.
 */
function unknownVerb(analysis: Analysis, known: KnownSpan, values: SpanMask, asksKnown: boolean, { lexicon }: Vocabulary): Request["unknownVerb"] {
  const text = analysis.text;
  const candidates: Array<readonly [number, number]> = [];
  for (const clause of text.matchAll(/[^，。；！？,;!?\n]+/gu)) {
    const body = clause[0];
    const base = clause.index;
    const ask = ZH_ASK_VERB.exec(body);
    if (ask !== null) {
      const at = base + ask.index + ask[0].length - ask[1]!.length;
      candidates.push([at, at + firstWordLength(ask[1]!)]);
    }
    // A verb takes its object counted (补一个, 加一条) or its result (close 掉): the word before them, when nothing known is asked.
    for (const verb of asksKnown ? [] : body.matchAll(ZH_VERB_BEFORE_OBJECT)) {
      const at = base + verb.index;
      candidates.push([at, at + verb[1]!.length]);
    }
    // Inside a run of Chinese, a word of two characters or more before the count (申请一台, 注册一个, 采购三台); a single character there may be any slip or colloquial verb.
    for (const verb of asksKnown ? [] : body.matchAll(ZH_WORD_BEFORE_COUNT)) {
      const length = lastWordLength(verb[1]!);
      const word = verb[1]!.slice(-length);
      // 加了一个 is what happened, not what is asked.
      if (length >= 2 && !ZH_COUNTS_OR_POINTS.test(word) && !/[了过完]$/u.test(word))
        candidates.push([base + verb.index + verb[1]!.length - length, base + verb.index + verb[1]!.length]);
    }
    const ba = body.lastIndexOf("把");
    if (ba !== -1 && !asksKnown) {
      const rest = body
        .slice(ba + 1)
        .trimEnd()
        .replace(ZH_TAIL, "")
        .trimEnd();
      const last = /(?:[a-z][a-z0-9-]*|[\p{Script=Han}]{1,2})$/u.exec(rest);
      if (last !== null && rest.length > last[0].length) candidates.push([base + ba + 1 + last.index, base + ba + 1 + last.index + last[0].length]);
    }
  }
  const english = EN_ASK.exec(text) ?? /^/.exec(text)!;
  const first = /^[a-z]+/.exec(text.slice(english[0].length));
  if (
    first !== null &&
    !asksKnown &&
    !/[?？]/u.test(text) &&
    !EN_ADJECTIVE.test(first[0]) &&
    (EN_OBJECT_NEXT.test(text.slice(english[0].length + first[0].length)) || valueNext(text, english[0].length + first[0].length, values))
  ) {
    candidates.push([english[0].length, english[0].length + first[0].length]);
  }
  const manner = [...text.matchAll(ZH_MANNER)].map((m) => [m.index, m.index + m[0].length] as const);
  for (const [start, end] of candidates) {
    const word = text.slice(start, end);
    if (lexicon.englishStops.has(word) || [...word].every((_, i) => analysis.hanStops.has(start + i)) || known(start, end)) continue;
    if (manner.some(([from, to]) => from < end && to > start)) continue;
    return { word, start };
  }
  return undefined;
}

/** Whether a value stands next after the word ending at `from`, past a space: the object of an English command given as itself (fork zhuyuan/native-repo). */
function valueNext(text: string, from: number, values: SpanMask): boolean {
  const next = pastSpaces(text, from);
  return next > from && values.touches(next, next + 1);
}

function isOperation(key: string, lexicon: Lexicon): boolean {
  return key.startsWith("c:") && lexicon.senses.get(key.slice(2))?.class === "operation";
}

/** Whether a stretch of the request is known: a value, or a word, sense or typo candidate some tool or the thesaurus has. */
type KnownSpan = (start: number, end: number) => boolean;

function knownSpan(terms: readonly RequestTerm[], values: SpanMask, index: InvertedIndex): KnownSpan {
  return (start, end) =>
    values.covers(start, end) ||
    terms.some((t) => (t.origin === "request" || t.origin === "typo") && t.start < end && t.end > start && (t.key.startsWith("c:") || index.has(t.key)));
}

/** What stands between a verb that makes something and the thing: a count (个, 一条, 两台) or an article (a, the, new). */
const MADE_THING_LEAD = /^\s*(?:(?:[一两几\d]+\s*[个条份张台位名套件项]|个)\s*|(?:a|an|the|new|another|one|some)\s+)*/u;

/**
 * The thing a request asks to make or add, when no tool and no sense knows
 * it: the word right after a verb that makes something (create: 新建, add,
 * 加个; or a light verb, 搞个, 弄个), past a count or an article. A request to
 * make a thing nobody knows (加个 reviewer, create a milestone, 搞个 webhook)
 * asks for what no tool does, however well the verb and the rest fit: the
 * tools that make things make the things they name.
 */
function unknownThing(analysis: Analysis, frame: Frame, known: KnownSpan, lexicon: Lexicon): { word: string; start: number } | undefined {
  const text = analysis.text;
  for (const use of frame.uses) {
    if (use.use !== "act") continue;
    // A verb that makes its object its result (导出成, 转成, 压成) makes what follows 成.
    const result = /^\s*成/u.exec(text.slice(use.end - (use.surface.endsWith("成") ? 1 : 0)));
    if (!(use.sense === "create" || lexicon.senses.get(use.sense)?.light === true || result !== null)) continue;
    const from = use.end + (result === null || use.surface.endsWith("成") ? 0 : result[0].length);
    const lead = MADE_THING_LEAD.exec(text.slice(from))![0];
    // Made things are counted or named with an article (加个 reviewer, 新建一个看板, create a milestone, 导出成一个 PDF); 加到 dev 组, 搞不定, 改成 active make nothing.
    if (!/[个条份张台位名套件项]$/u.test(use.surface) && !/[个条份张台位名套件项a-z]\s*$/u.test(lead)) continue;
    const at = from + lead.length;
    const next = /^(?:[a-z][a-z0-9_-]*|\p{Script=Han}+)/u.exec(text.slice(at));
    if (next === null) continue;
    const end = at + firstWordLength(next[0]);
    // A lone Chinese character (留个言, 开个号) is too ambiguous to say what is made.
    if (end - at === 1 && isHanText(text[at]!)) continue;
    const word = text.slice(at, end);
    if (lexicon.englishStops.has(word) || [...word].every((_, i) => analysis.hanStops.has(at + i)) || known(at, end)) continue;
    if (modifiesKnownThing(text, end, known)) continue;
    return { word, start: at };
  }
  return undefined;
}

/** Up to two English words more, then the noun of the phrase (a fresh public repo, a brand-new branch). */
const EN_PHRASE_NOUN = /^((?:\s+[a-z][a-z0-9-]*){1,2})\b/;

/**
 * Whether an unknown English word before the made thing only says what it is
 * like (a fresh public repo): the phrase goes on, no preposition between, to a
 * word some tool or sense knows, which is the thing made.
 */
function modifiesKnownThing(text: string, end: number, known: KnownSpan): boolean {
  const rest = EN_PHRASE_NOUN.exec(text.slice(end));
  if (rest === null) return false;
  for (const word of rest[1]!.matchAll(/\S+/g)) {
    // a preposition or a naming word ends the phrase; a value names the unknown thing (a milestone v2.2) and is no noun of the phrase
    if (EN_PREPOSITION.has(word[0]) || EN_NAMING.has(word[0]) || /\d/.test(word[0])) return false;
    const at = end + word.index;
    if (known(at, at + word[0].length)) return true;
  }
  return false;
}

const EN_NAMING: ReadonlySet<string> = new Set(["called", "named"]);

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

/** The length of the first word of a short Han stretch (the segmenter's), or of the stretch when it is Latin. */
function firstWordLength(stretch: string): number {
  if (!/\p{Script=Han}/u.test(stretch)) return stretch.length;
  const [first] = segmenter.segment(stretch);
  return first?.segment.length ?? stretch.length;
}

/** The length of the last word of a Han stretch (the segmenter's). */
function lastWordLength(stretch: string): number {
  return [...segmenter.segment(stretch)].at(-1)?.segment.length ?? stretch.length;
}

/** The caller's context: its top-level strings, as weak hints that count neither toward the attainable score nor toward coverage. */
export function contextTerms(context: Readonly<Record<string, unknown>> | undefined, lexicon: Lexicon, maxChars: number): RequestTerm[] {
  if (context === undefined || context === null || typeof context !== "object") return [];
  const hints = Object.values(context).filter((v): v is string => typeof v === "string");
  return analyze(hints.join("\n").slice(0, maxChars), lexicon).terms.map((t) => ({
    key: t.key,
    weight: KIND_WEIGHT[t.kind] * CONTEXT_FACTOR,
    start: -1,
    end: -1,
    label: `context:${t.surface}`,
    origin: "context",
  }));
}
