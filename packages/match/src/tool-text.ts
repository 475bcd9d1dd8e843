/**
 * What the matcher reads of a tool: every field that says what it does
 * (name, display, intent, why, each param's name and description), its frame
 * (the operations it does, the objects it works on) and its slots (the kinds
 * of value its params take, from their names, types, descriptions and the
 * examples in them: `标签名，如 v1.4.0` takes a version).
 */
import type { JsonValue, ParamModel, ToolModel } from "@hdlp/parser";
import { analyze, type Analysis } from "./analyze.ts";
import { type Frame, frameOf, type OperationUse } from "./frame.ts";
import type { FieldTerms } from "./inverted-index.ts";
import type { Lexicon } from "./lexicon.ts";
import { CONTENT_READING, COUNTING, SEEING } from "./named-senses.ts";
import { ABSOLUTE, FILE, findValues, HTTP_METHODS, INSIDE, METHOD_SLOT, methodSlot, ON_DISK_KINDS, qualified, shapeOf, valueSlots } from "./values.ts";

export interface ToolText {
  readonly fields: FieldTerms;
  readonly frame: Frame;
  /**
   * The objects the tool acts on, as against those it only locates them by:
   * what its name's last object (`git-branch`: a branch, not the repository
   * its `repo` param names) and its display name speak of, and every object of
   * a param that takes one of those (`path: 文件或目录` makes a file tool act
   * on folders too). Empty when neither names an object: then all its objects.
   */
  readonly actsOn: ReadonlySet<string>;
}

/** Tools repeat a lot of text (param descriptions like 仓库名, 工作目录): each text is analysed once. */
export type Analyser = (text: string) => Analysis;

export function memoizedAnalyser(lexicon: Lexicon): Analyser {
  const memo = new Map<string, Analysis>();
  return (text) => {
    let analysis = memo.get(text);
    if (analysis === undefined) memo.set(text, (analysis = analyze(text, lexicon)));
    return analysis;
  };
}

/** Frames and param slots, like analyses, are worked out once per distinct text. */
const frames = new WeakMap<Analysis, Frame>();
const slotsOf = new WeakMap<Analysis, Map<string, string[]>>();

function memoFrame(analysis: Analysis, lexicon: Lexicon): Frame {
  let frame = frames.get(analysis);
  if (frame === undefined) frames.set(analysis, (frame = frameOf(analysis, lexicon)));
  return frame;
}

export function toolText(tool: ToolModel, analyse: Analyser, lexicon: Lexicon, params: ParamsText = paramsText(tool.params, analyse, lexicon)): ToolText {
  const name = analyse(tool.name);
  const display = analyse(tool.display);
  const intent = analyse(tool.intent);
  const fields: FieldTerms = {
    name: name.terms.map((t) => t.key),
    display: display.terms.map((t) => t.key),
    intent: intent.terms.map((t) => t.key),
    why: analyse(tool.why).terms.map((t) => t.key),
    params: params.words,
    slots: [...params.slots, ...namedMethodSlots(display)],
  };
  // What a tool does is said by its name, display and intent; its params add what it works on.
  const said = [nameFrame(name, lexicon), doneBy(memoFrame(display, lexicon), display.text, lexicon), doneBy(memoFrame(intent, lexicon), intent.text, lexicon)];
  const objects = new Set([...said.flatMap((f) => [...f.objects]), ...params.objects]);
  return {
    fields,
    frame: {
      acts: oneThingRead(measureReading(particularReading(new Set(said.flatMap((f) => [...f.acts])), lexicon), [display, intent]), lexicon),
      objects,
      uses: said.flatMap((f) => f.uses),
    },
    actsOn: actedOn(tool, name, said[1]!, analyse, lexicon),
  };
}

/**
 * The HTTP method a tool's display name writes (`HTTP POST请求`): the tool
 * makes requests of that method only, as if a param took it fixed, so a
 * request giving another method (`send a DELETE to …`) fills no slot of it,
 * and one giving that method fills its slot as it fills the slot of a tool
 * whose param takes any method (values.ts `methodSlot`).
 */
function namedMethodSlots(display: Analysis): string[] {
  return findValues(display.text, display.folded)
    .filter((value) => value.kind === "method")
    .map((value) => `v:${methodSlot(display.text.slice(value.start, value.end))}`);
}

/** What the matcher reads of a tool's params: their words, the slots their values fill, the objects they name. */
export interface ParamsText {
  readonly words: readonly string[];
  readonly slots: readonly string[];
  readonly objects: readonly string[];
}

export function paramsText(params: readonly ParamModel[], analyse: Analyser, lexicon: Lexicon): ParamsText {
  const reading = new ParamsReading(params, analyse, lexicon);
  reading.read(params.length);
  return reading.text();
}

/**
 * `paramsText` a slice of params at a time, for a caller with other work to
 * do between slices (the language server, while an author types): the text
 * is the same however the params were sliced.
 */
export class ParamsReading {
  readonly params: readonly ParamModel[];
  readonly #lexicon: Lexicon;
  /** Dropped once every param is read, with the texts it remembers. */
  #analyse: Analyser | undefined;
  #next = 0;
  readonly #words: string[] = [];
  readonly #slots: string[] = [];
  readonly #objects = new Set<string>();

  constructor(params: readonly ParamModel[], analyse: Analyser, lexicon: Lexicon) {
    this.params = params;
    this.#analyse = analyse;
    this.#lexicon = lexicon;
  }

  get done(): boolean {
    return this.#next === this.params.length;
  }

  /** Reads the next `count` params (fewer when fewer are left). */
  read(count: number): void {
    const analyse = this.#analyse;
    if (analyse === undefined) return;
    const keys = (text: string): string[] => analyse(text).terms.map((t) => t.key);
    for (const p of this.params.slice(this.#next, this.#next + count)) {
      this.#words.push(...keys(p.name), ...keys(p.description), ...(p.enum ?? []).flatMap((v) => (typeof v === "string" ? keys(v) : [])));
      this.#slots.push(...paramSlots(p, analyse, this.#lexicon));
      for (const key of [...keys(p.name), ...keys(p.description)])
        if (this.#lexicon.senses.get(key.slice(2))?.class === "object") this.#objects.add(key.slice(2));
    }
    this.#next = Math.min(this.params.length, this.#next + count);
    if (this.done) this.#analyse = undefined;
  }

  /** The reading of every param (read first). */
  text(): ParamsText {
    if (!this.done) throw new Error(`${this.params.length - this.#next} params are not read yet`);
    return { words: this.#words, slots: this.#slots, objects: [...this.#objects] };
  }
}

/** Whether two lists of params read the same: `paramsText` reads each one's name, description, string enum values and whether it is a boolean, nothing else. */
export function paramsReadAlike(a: readonly ParamModel[], b: readonly ParamModel[]): boolean {
  return a.length === b.length && a.every((p, i) => readAlike(p, b[i]!));
}

function readAlike(p: ParamModel, q: ParamModel): boolean {
  return p.name === q.name && p.description === q.description && (p.type === "boolean") === (q.type === "boolean") && sameWords(p.enum, q.enum);
}

function sameWords(a: readonly JsonValue[] | undefined, b: readonly JsonValue[] | undefined): boolean {
  if (a === b) return true;
  const [x, y] = [a ?? [], b ?? []].map((values) => values.filter((v) => typeof v === "string")) as [JsonValue[], JsonValue[]];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * The objects a tool acts on (see `ToolText.actsOn`). A name is its system,
 * its object and its operation (`forgejo-repo-create`, `hldp-module-write`):
 * the object is the last part that names one; the parts before it name where
 * (forgejo, git, hldp), like a param that takes a repository or a persona.
 */
function actedOn(tool: ToolModel, name: Analysis, display: Frame, analyse: Analyser, lexicon: Lexicon): ReadonlySet<string> {
  const objectsOf = (text: string): Set<string> => new Set(memoFrame(analyse(text), lexicon).objects);
  const parts = name.text.split(/[-_.]+/);
  const head = parts.map(objectsOf).findLast((objects) => objects.size > 0) ?? new Set<string>();
  const acted = new Set([...head, ...display.objects]);
  if (acted.size === 0) return acted;
  for (const param of tool.params) {
    const taken = [...objectsOf(param.name.replace(/[-_.]+/g, " ")), ...objectsOf(param.description)];
    if (taken.some((o) => acted.has(o))) for (const o of taken) acted.add(o);
  }
  return acted;
}

/**
 * What a tool that does a particular reading (traces, summarises, resolves)
 * reads: that reading. The general readings its text names beside it (代码追溯:
 * 查看每一行是谁改的) are how it shows what it finds, not readings of their
 * own: a tool that traces where a file's lines came from does not read the
 * file's content.
 */
function particularReading(acts: ReadonlySet<string>, lexicon: Lexicon): ReadonlySet<string> {
  const reading = (op: string, general: boolean) => lexicon.senses.get(op)?.effect === "read" && lexicon.senses.get(op)?.general === general;
  if (![...acts].some((op) => reading(op, false))) return acts;
  return new Set([...acts].filter((op) => !reading(op, true)));
}

/** The thesaurus's aspects that are a measure of a thing: how many (数量), how much is used (用量), how much is left (剩余). */
const MEASURES = new Set(["c:amount", "c:usage", "c:free"]);

/**
 * What a tool that shows a measure of a thing (查看队列中的消息数量, show disk
 * usage) reads: the measure. Its display or intent names one, and seeing is
 * its only general reading: it counts, and does not read the thing's content
 * (the messages of a queue, the files of a disk).
 */
function measureReading(acts: ReadonlySet<string>, said: readonly Analysis[]): ReadonlySet<string> {
  if (!acts.has(SEEING) || !said.some((a) => a.terms.some((t) => MEASURES.has(t.key)))) return acts;
  return new Set([...acts].map((op) => (op === SEEING ? COUNTING : op)));
}

/**
 * What a tool that gets one thing (`read`: 获取人格体的档案, fetch a key's
 * value) and says it shows it (查看) reads: that thing. Seeing, its only other
 * general reading, is how it shows what it got, so it lists and counts
 * nothing (the thesaurus's `read` falls short of both), as a tool that
 * traces does not read content.
 */
function oneThingRead(acts: ReadonlySet<string>, lexicon: Lexicon): ReadonlySet<string> {
  const general = [...acts].filter((op) => lexicon.senses.get(op)?.effect === "read" && lexicon.senses.get(op)?.general === true);
  if (!acts.has(CONTENT_READING) || !general.every((op) => op === CONTENT_READING || op === SEEING)) return acts;
  return new Set([...acts].filter((op) => op !== SEEING));
}

/** Between an auxiliary verb and the operation it carries out: a short stretch of one clause (执行滚动重启, 执行只读SQL查询, run a rolling restart). */
const AUXILIARY_GAP = /^[^，。；,;.\n]{0,8}$/u;

/**
 * What a tool's display or intent says it does: the operations it asks for,
 * except a verb that only carries out another operation word after it (对
 * Deployment 执行滚动重启 restarts, 在库上执行只读 SQL 查询 queries: `run` there is
 * how, not what), and the reading of a word that both reads and changes
 * (打开: open to read, or switch on) beside another change (打开或关闭某个功能开关
 * switches; it shows nothing), as in a request (frame.ts, `requiredOperations`).
 */
function doneBy(frame: Frame, text: string, lexicon: Lexicon): Frame {
  const effect = (u: OperationUse) => lexicon.senses.get(u.sense)?.effect;
  const asked = frame.uses.filter((u) => u.use === "act");
  const sameWord = (u: OperationUse, v: OperationUse) => u.start === v.start && u.end === v.end;
  const auxiliary = (u: OperationUse) =>
    u.sense === "run" && asked.some((v) => v.sense !== "run" && v.start >= u.end && AUXILIARY_GAP.test(text.slice(u.end, v.start)));
  const mixed = (u: OperationUse) => asked.some((v) => sameWord(u, v) && effect(v) === "change") && asked.some((v) => sameWord(u, v) && effect(v) === "read");
  const otherChange = (u: OperationUse) => asked.some((v) => !sameWord(u, v) && !mixed(v) && effect(v) === "change");
  const dropped = (u: OperationUse) => auxiliary(u) || (effect(u) === "read" && mixed(u) && otherChange(u));
  if (!asked.some(dropped)) return frame;
  const uses = frame.uses.map((u) => (u.use === "act" && dropped(u) ? { ...u, use: "noun" as const } : u));
  return { acts: new Set(uses.filter((u) => u.use === "act").map((u) => u.sense)), objects: frame.objects, uses };
}

/**
 * A name is a compound of its object and its operation, the operation last
 * (`deployment-restart`, `forgejo-pr-create`): an operation word before the
 * last part names a thing (`deployment`), not what the tool does.
 */
function nameFrame(name: Analysis, lexicon: Lexicon): Frame {
  const frame = frameOf(name, lexicon);
  const last = name.text.search(/[^-_.]+$/);
  const uses = frame.uses.map((u) => (u.use === "act" && u.start < last ? { ...u, use: "noun" as const } : u));
  const objects = new Set(frame.objects);
  for (const u of uses) if (u.use === "noun" && lexicon.senses.get(u.sense)?.effect === "change") objects.add(u.sense);
  return { acts: new Set(uses.filter((u) => u.use === "act").map((u) => u.sense)), objects, uses };
}

/**
 * The slots of one param, as `v:` terms: the object and aspect senses of its
 * name and description, and the kinds and shapes of the example values its
 * description gives. A boolean param takes no value a request could name.
 */
function paramSlots(param: ParamModel, analyse: Analyser, lexicon: Lexicon): string[] {
  if (param.type === "boolean") return [];
  const description = analyse(param.description);
  let byName = slotsOf.get(description);
  if (byName === undefined) slotsOf.set(description, (byName = new Map()));
  let slots = byName.get(param.name);
  if (slots === undefined) byName.set(param.name, (slots = slotsOfParam(param, analyse, lexicon)));
  return slots;
}

/**
 * Where the paths a param takes are from (values.ts `qualifiedSlots`): the
 * root of the machine's file system when it says it takes an absolute path
 * (`文件的绝对路径`: file@absolute; `目录的绝对路径`: directory@absolute; a path
 * alone, either), or inside something that holds files and is no folder when
 * it names the file or folder and that holder (`文件在仓库中的路径`:
 * file@inside). A repository's own path (`本地仓库路径`) names no file in it.
 */
function whereSlots(slots: ReadonlySet<string>, lexicon: Lexicon): string[] {
  const kinds = ON_DISK_KINDS.filter((id) => slots.has(`v:${id}`));
  if (slots.has(`v:${ABSOLUTE}`)) return (kinds.length > 0 ? kinds : ON_DISK_KINDS).map((id) => qualified(id, ABSOLUTE));
  const holder = (id: string) =>
    id !== "path" && !kinds.includes(id) && lexicon.senses.get(id)?.class === "object" && kinds.some((kind) => lexicon.senses.get(id)!.includes.has(kind));
  return [...slots].some((slot) => holder(slot.slice(2))) ? kinds.map((id) => qualified(id, INSIDE)) : [];
}

/**
 * The kinds of file a param takes a path to (`日志文件路径`: a path, and a log,
 * which the thesaurus counts a kind of file): `file@log`, the slot a
 * request's path fills when its last part names that kind (`error.log`,
 * `/var/log/syslog`: request.ts `fileKindSlots`). A param that takes a kind
 * of file but no path (`要写入的文本内容`) takes its content, not a file.
 */
function fileKindSlots(slots: ReadonlySet<string>, lexicon: Lexicon): string[] {
  if (!slots.has("v:path")) return [];
  const kinds = lexicon.senses.get(FILE)?.includes;
  return [...slots].flatMap((slot) => (kinds?.has(slot.slice(2)) === true ? [qualified(FILE, slot.slice(2))] : []));
}

function slotsOfParam(param: ParamModel, analyse: Analyser, lexicon: Lexicon): string[] {
  const slots = new Set<string>();
  for (const text of [param.name.replace(/[-_.]+/g, " "), param.description]) {
    for (const term of analyse(text).terms) {
      const sense = lexicon.senses.get(term.key.slice(2));
      if (term.kind === "concept" && sense !== undefined && sense.class !== "operation") slots.add(`v:${sense.id}`);
    }
  }
  for (const slot of [...whereSlots(slots, lexicon), ...fileKindSlots(slots, lexicon)]) slots.add(`v:${slot}`);
  const analysed = analyse(param.description);
  const description = analysed.text;
  // With the description as written, as for a request: examples in capitals (GET, PUT) are told from words.
  for (const value of findValues(description, analysed.folded)) {
    for (const concept of valueSlots(value.kind, description.slice(value.start, value.end))) slots.add(`v:${concept}`);
    const shape = shapeOf(description.slice(value.start, value.end));
    if (shape !== undefined && value.kind !== "quote" && value.kind !== "content") slots.add(`v:~${shape}`);
  }
  // A param that takes an HTTP method takes any, whichever its description gives as examples.
  if (slots.has(`v:${METHOD_SLOT}`)) for (const method of HTTP_METHODS) slots.add(`v:${methodSlot(method)}`);
  return [...slots];
}
