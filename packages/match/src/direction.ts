/**
 * The act's direction (docs/matching.md, section 5, "The act's direction"):
 * many tools come in pairs that act on the same thing in opposite ways, one
 * putting something into it and one taking something out of it (upload and
 * download, restore and back up, publish to a queue and purge it, write a
 * memory and read it, install and uninstall). A request says which when it
 * names where something goes (into the queue, 存到桶里, 记到记忆里) or where it
 * comes from (from the bucket, 从桶里): a tool that takes out of the thing
 * named as where something goes, or puts into the thing named as where it
 * comes from, does the opposite of what is asked.
 */
import type { Analysis } from "./analyze.ts";
import type { Frame } from "./frame.ts";
import type { Direction, Lexicon } from "./lexicon.ts";

/**
 * The way a tool moves things, from the operations it does: the direction
 * they share; where they differ (a tool that backs up, writing a file), the
 * one its particular operations share (backup: out of the database), as a
 * general one (write) says only how. Undefined when nothing settles it (a
 * tool that reads and writes files goes both ways).
 */
export function toolDirection(acts: ReadonlySet<string>, lexicon: Lexicon): Direction | undefined {
  const directed = [...acts].flatMap((id) => {
    const sense = lexicon.senses.get(id);
    return sense?.direction ? [{ direction: sense.direction, general: sense.general }] : [];
  });
  return sharedDirection(directed) ?? sharedDirection(directed.filter((sense) => !sense.general));
}

/** Whether the tool moves things (upload, restore, publish …), not only takes out what it reads. */
export function movesThings(acts: ReadonlySet<string>, lexicon: Lexicon): boolean {
  return [...acts].some((id) => {
    const sense = lexicon.senses.get(id);
    return sense?.direction !== undefined && sense.effect === "change";
  });
}

function sharedDirection(senses: ReadonlyArray<{ readonly direction: Direction }>): Direction | undefined {
  const ways = new Set(senses.map((sense) => sense.direction));
  return ways.size === 1 ? [...ways][0] : undefined;
}

/** The objects a request names as where something goes (`in`) and as where it comes from (`out`). */
export interface NamedWays {
  readonly in: readonly string[];
  readonly out: readonly string[];
}

/**
 * Where something goes: after 进 or 入 (塞进, 导入), into or onto; after 到, 回,
 * 往 or to only in a clause that asks for a change (存到, 灌回, 往 … 推, publish
 * … to), since they say where a thing is reached too (用到, 到底, bound to
 * a port). Where it comes from: after 从 or 来自, from, out of, off. A short
 * modifier may stand between (记到长期记忆里, into the notifications queue),
 * but no 的 or word of place (进程里的 redis), and 到 after a verb of finding
 * or perceiving says what was reached (看到日志里, 定位到 redis).
 */
const ZH_GAP = "(?:[^\\s的里上中内，。；！？,;!?]{1,3}\\s*|[\\w.-]+\\s+)?$";
const EN_GAP = "(?:\\s+(?:the|this|that|these|those|our|my|your|a|an|its|their))?(?:\\s+[\\w.-]+)?\\s+$";
const MARKERS: ReadonlyArray<{ readonly way: "in" | "out"; readonly marker: RegExp; readonly inChange: boolean }> = [
  { way: "in", marker: new RegExp(`(?:进|入)\\s*${ZH_GAP}`, "u"), inChange: false },
  { way: "in", marker: new RegExp(`\\b(?:into|onto)${EN_GAP}`, "u"), inChange: false },
  { way: "in", marker: new RegExp(`(?<![看找收听见遇碰想用拿得查搜读等追位这那下上一几每以])(?:到|回|往)\\s*${ZH_GAP}`, "u"), inChange: true },
  { way: "in", marker: new RegExp(`\\bto${EN_GAP}`, "u"), inChange: true },
  { way: "out", marker: new RegExp(`(?:从|来自)\\s*${ZH_GAP}`, "u"), inChange: false },
  { way: "out", marker: new RegExp(`\\b(?:from|out of)${EN_GAP}`, "u"), inChange: false },
  { way: "out", marker: new RegExp(`\\boff${EN_GAP}`, "u"), inChange: true },
];
const CLAUSE_BREAK = /[，。；！？,;!?\n]/u;

/**
 * The objects a request names as where something goes or comes from. The
 * marker must be a word of its own, not part of a thesaurus word (进程, 回滚);
 * what stands between it and the object must ask for no operation (an
 * operation word there as a noun, the notifications queue, only says which):
 * in `to dump the database` the database is what is dumped, not where
 * anything goes.
 */
export function namedWays(analysis: Analysis, frame: Frame, lexicon: Lexicon): NamedWays {
  const ways = { in: [] as string[], out: [] as string[] };
  for (const term of analysis.terms) {
    if (!term.key.startsWith("c:") || lexicon.senses.get(term.key.slice(2))?.class !== "object") continue;
    for (const way of waysNamed(analysis, frame, lexicon, term)) ways[way].push(term.key.slice(2));
  }
  return ways;
}

/** The ways the thing at `term` is named as: where something goes (`in`), where it comes from (`out`). */
function waysNamed(analysis: Analysis, frame: Frame, lexicon: Lexicon, term: { readonly start: number; readonly end: number }): Set<Direction> {
  const { text } = analysis;
  const named = new Set<Direction>();
  const from = Math.max(0, term.start - 40);
  const before = text.slice(from, term.start);
  for (const { way, marker, inChange } of MARKERS) {
    const marked = marker.exec(before);
    if (marked === null) continue;
    const at = from + marked.index;
    const markerEnd = at + (/^(?:来自|out of|[a-z]+|.)/u.exec(marked[0])?.[0].length ?? 1);
    if (insideWord(analysis, at, markerEnd) || askedBetween(frame, markerEnd, term.start)) continue;
    if (inChange && !changeInClause(frame, lexicon, text, at)) continue;
    named.add(way);
  }
  if (madeByLightVerb(frame, lexicon, text, term.start) || putOnto(frame, lexicon, text, term)) named.add("in");
  return named;
}

/** 上 or 里 ending a clause after a thing: on or in it is where the change before it leaves something. */
const PLACE_END = /^\s*[上里]\s*[吧啊呀了]?\s*(?:[，。；！？,;!?]|$)/u;

/**
 * Whether a change asked for right before the thing leaves something on it or
 * in it, as the clause ends (扔对象存储上, 塞队列里): the thing is where
 * something goes, whatever the verb says besides (扔 throws away too). A
 * Latin name may stand between (扔 media 桶上).
 */
function putOnto(frame: Frame, lexicon: Lexicon, text: string, term: { readonly start: number; readonly end: number }): boolean {
  if (!PLACE_END.test(text.slice(term.end))) return false;
  return frame.uses.some(
    (u) =>
      u.use === "act" && lexicon.senses.get(u.sense)?.effect === "change" && /^\s*(?:[\w.-]+\s*)?$/u.test(text.slice(u.end, term.start)) && u.end <= term.start,
  );
}

/** What may stand between a light verb that makes one thing and that thing: a Latin name or a format (打个 tar.gz 包), or a short modifier. */
const MADE_GAP = /^\s*(?:[\w.-]+\s*|[^\s的，。；！？,;!?]{1,2}\s*)?$/u;

/**
 * Whether a light verb that makes one new thing (打个, 开个, 加一个: a
 * classifier says one, not something done to what is there, as 搞一下 does)
 * has the object at `start` as its object: what it makes is where the things
 * it is made of go (打个 tar.gz 包 packs, it unpacks nothing).
 */
function madeByLightVerb(frame: Frame, lexicon: Lexicon, text: string, start: number): boolean {
  return frame.uses.some(
    (u) =>
      u.use === "act" && u.end <= start && /个$/u.test(u.surface) && lexicon.senses.get(u.sense)?.light === true && MADE_GAP.test(text.slice(u.end, start)),
  );
}

/** Whether a thesaurus word runs on past the marker at `start`…`end` (进程, 回滚, 入站). */
function insideWord(analysis: Analysis, start: number, end: number): boolean {
  return analysis.terms.some((t) => t.key.startsWith("c:") && t.start <= start && t.end > end);
}

/** Whether an operation asked for lies between `start` and `end`. */
function askedBetween(frame: Frame, start: number, end: number): boolean {
  return frame.uses.some((u) => u.use === "act" && u.start >= start && u.end <= end);
}

/** Whether the clause around `at` asks for a change. */
function changeInClause(frame: Frame, lexicon: Lexicon, text: string, at: number): boolean {
  let start = at;
  while (start > 0 && !CLAUSE_BREAK.test(text[start - 1]!)) start--;
  let end = at;
  while (end < text.length && !CLAUSE_BREAK.test(text[end]!)) end++;
  return frame.uses.some((u) => u.use === "act" && u.start >= start && u.end <= end && lexicon.senses.get(u.sense)?.effect === "change");
}
