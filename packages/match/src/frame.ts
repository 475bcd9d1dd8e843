/**
 * The frame of a text: the operations it asks for (a request) or does (a
 * tool), and the objects it speaks of — words, read by sense (the thesaurus's
 * operations and objects), with a little grammar to tell an operation asked
 * for from one only mentioned:
 *
 *   删掉 v1.0.0 这个 tag                 delete: asked for
 *   最近的提交 / the last commits / 部署记录  commit, deploy: a thing spoken of (an object)
 *   正在跑的流水线 / 跑了两小时的查询         run: describing something (…的)
 *   数据被误删了 / 提交完了 / 重启过几次 / 读不了  delete, commit, restart, read: what happened
 *   上线前 / 搬家之前 / before we migrate    deploy, move: a time clause
 *   跟压缩有关的模块 / 打成包好迁移           compress, move: a topic, a purpose
 *   别提交 / don't renew                  not wanted
 *
 * A request is served by a tool only when the tool does one of the
 * operations it asks for (docs/matching.md, "Found or not found").
 */
import type { Analysis } from "./analyze.ts";
import { isSForm, type WordToken } from "./english.ts";
import type { Lexicon, SenseClass } from "./lexicon.ts";
import { CHECKING, LISTING, MAKING, SEARCHING } from "./named-senses.ts";
import { isHan, pastSpaces, type SpanMask } from "./normalize.ts";
import { ARROW_AHEAD, isDate } from "./values.ts";

/** How an operation word is used: asked for, a thing spoken of, describing something, not wanted, what a thing asked to be made is for, or what a search looks for. */
export type Use = "act" | "noun" | "described" | "negated" | "purpose" | "sought";

export interface OperationUse {
  readonly sense: string;
  readonly surface: string;
  readonly start: number;
  readonly end: number;
  readonly use: Use;
}

export interface Frame {
  /** The operations asked for (a request) or done (a tool). */
  readonly acts: ReadonlySet<string>;
  /** The objects spoken of; a change operation used as a noun (最近的提交) is one. */
  readonly objects: ReadonlySet<string>;
  /** Every operation word and how it was read, for `explain`. */
  readonly uses: readonly OperationUse[];
}

const CLAUSE_BREAK = /[，。；！？,;!?\n、]/u;
/** Words before a verb that say it is not wanted: 别, 不要, 不想 …; 不是 X (not X, but …) too, where 是不是 X asks whether (docs/matching.md, round thirteen). */
const ZH_NEGATION =
  /(?:别|不要|不用|不必|无需|不需要|没有|没|未|不|勿|甭)(?:[再先要去给只光老总乱]|想|打算|愿意?|一直|随便|急着)?\s*$|(?<!是)不是\s*$|(?:别|不要|不用|勿|甭|不)(?:让|叫|使)|不许|禁止/u;
/** Used as the means (版本用提交 a1b2c3d, 拿备份恢复): what 用 / 拿 take is a thing; words that end in 用 (使用, 停用, 不用, 费用) are not this 用. */
const ZH_INSTRUMENT = /(?<![使停禁启可不有没费常通应作引调采占试信享])[用拿]\s*$/u;
/** Passive (被误删), or done already (已装, 已经安装). */
const ZH_PASSIVE = /被[^，。；！？,;!?\s]{0,3}$|(?:已经|已|曾经|曾)\s*$/u;
/** What may stand between a thing and the state said of it (构建又挂了, 部署都失败了). */
const ZH_STATE_ADVERB = /^\s*(?:又|都|还|也|已经|全|竟然|居然)?\s*/u;
/** The aspects that say what state something is in. */
const STATE_ASPECTS: ReadonlySet<string> = new Set(["c:status", "c:error"]);

function stateFollows(context: Context, end: number): boolean {
  const at = end + ZH_STATE_ADVERB.exec(context.analysis.text.slice(end))![0].length;
  return context.analysis.terms.some((t) => t.start === at && STATE_ASPECTS.has(t.key));
}

/** Done already, done wrong, can't be done, of no use, or asked about (提交完了, 重启过几次, 改好了, 改坏了, 读不了, reload 不顶用, 起来没, 跑得很慢, 起来多久了, 跑在哪些节点上, 走到哪一步了). */
const ZH_DONE =
  /^(?:[过完坏错]|好了|得|不了|不到|不上|不来|不动|不通|不顶用|不管用|没用|不好使|没效果|不起作用|没生效|在哪|(?:走|进行|推进)?到哪|了?(?:没有?|吗|么|多久|多长时间|几次|多少次|几回))/u;
/** A time clause: right after the word (上线前, 重启后), or a little later (搬家之前, 改表结构之前). */
const ZH_TIME = /^(?:[前后]|的时候|时|[^，。；！？,;!?]{0,6}?(?:之前|以前|之后|以后|的时候))/u;
/** What stands between 到 and the 的 after it (回滚到之前的版本, 回档到昨天的备份). */
const ZH_TO_WHOSE = /^到\s*([^的，。；！？,;!?]{1,12})的/u;

/**
 * Back to an earlier one (恢复到之前的版本, 回滚到以前的那个, 回档到昨天的备份,
 * 还原到上周五的快照): 之前的 or a date before 的 says which one, as a
 * possessive does, not where the operation puts what it describes (发到群里的消息).
 * The 到 may follow the operation word or end it (还原到).
 */
function backToEarlier(word: string, after: string): boolean {
  const between = ZH_TO_WHOSE.exec(/到$/u.test(word) && !/^到/u.test(after) ? `到${after}` : after)?.[1]?.trim();
  return between !== undefined && (/^(?:之前|以前|先前|此前)$/u.test(between) || isDate(between));
}
/** A purpose or a topic before the word (打成包好迁移, 关于部署, 跟压缩有关), or what is to be spared (省得再算一遍, 免得重启, 别回头又要重装, 不然一重启就没了). */
const ZH_PURPOSE_OR_TOPIC = /(?:好|以便|为了|方便|便于|关于|跟|和|与)\s*$|(?:省得|免得|以免|省去|别回头|以防|不然|否则|要不然)[^，。；！？,;!?]{0,4}$/u;
const ZH_TOPIC_AFTER = /^[^，。；！？,;!?]{0,6}?(?:有关|相关|无关)/u;
/** A noun after the operation word names an account of it (部署记录, 提交说明, 重启次数, 排查结论, 读权限). */
const ZH_NOUN_HEAD = /^(?:记录|历史|日志|状态|进度|时间|次数|结果|结论|说明|信息|列表|窗口|流程|报告|情况|失败|成功|耗时|速度|操作|内容|权限|规范)/u;
/** A noun after a change done to one kind of thing names a plan, a rule or an event of it (备份策略, 部署事故, 发布计划, 备份任务): the change says whose, as before a record. */
const ZH_PLAN_HEAD = /^(?:策略|事故|故障|方案|计划|预案|复盘|经验|教训|任务|周期|频率|机制|规则|规范|流程)/u;
/** A determiner, classifier or quantifier before the operation word makes it a noun (最近的提交, 那份备份, 几次提交, 所有通知). */
const ZH_NOUN_BEFORE = /(?:的|[这那哪每某各该此上下几一两三四五六七八九十\d]+\s*[个次份条笔回]|所有|全部|这些|那些|哪些|某些|一些|其他|其它)\s*$/u;
/** In progress, or happening again and again (在反复重启, 一直在跑, 正在部署): a state, not a request. */
const ZH_PROGRESSIVE = /(?:正在|在|反复|一直|老是|总是|频繁|不停)\s*$/u;

/** Words after which an -ed or -ing form is still asked for (please stop, and then restarting); after a pronoun it is what happened (we just downloaded). */
const EN_VERB_POSITION = new Set([
  "to",
  "please",
  "pls",
  "and",
  "or",
  "can",
  "could",
  "would",
  "will",
  "must",
  "should",
  "need",
  "let",
  "help",
  "go",
  "try",
  "keep",
]);
const EN_NEGATION = new Set(["not", "never", "without", "dont", "don", "no", "nor", "doesn", "didn", "won"]);
const EN_DETERMINER = new Set([
  "the",
  "a",
  "an",
  "this",
  "these",
  "those",
  "my",
  "our",
  "your",
  "his",
  "her",
  "its",
  "their",
  "last",
  "latest",
  "recent",
  "previous",
  "next",
  "first",
  "every",
  "each",
  "any",
  "some",
  "no",
  "all",
  "of",
  "for",
  "new",
  "old",
  "whose",
  "many",
  "few",
  "several",
  "which",
  "what",
  "local",
  "remote",
  "current",
  "existing",
  "whole",
  "same",
  "other",
]);
const EN_SUBORDINATE = new Set(["before", "after", "while", "when", "until", "once", "since", "because", "if", "unless", "whether"]);
/** Endings that make a noun of a verb (deployment, rotation, extension, clearance, renewal). */
const EN_NOUN_SUFFIX = /[a-z]{3}(?:ment|tion|sion|ance|al)s?$/;
/** A relative clause starts after the noun it describes (the pipeline run that is building). */
const EN_RELATIVE = new Set(["that", "which", "who", "whose", "where"]);
export const EN_PREPOSITION: ReadonlySet<string> = new Set(["from", "to", "for", "of", "in", "on", "at", "by", "with", "into", "onto", "via", "under", "over"]);

interface Context {
  readonly analysis: Analysis;
  /** Where an operation word asked for ends (filled in text order): a change right after one is its object. */
  readonly actEnds: Set<number>;
  /** Where a `run` asked for ends: what it carries out may follow (run certbot renew). */
  readonly runEnds: Set<number>;
  /** The spans an object sense is read on (`start:end`): a word there names a thing as well as what it may do (tag, release). */
  readonly thingSpans: ReadonlySet<string>;
  /** What is not intent (values): skipped when looking at the words around an English word. */
  readonly exclude: SpanMask | undefined;
  /** The class of the sense at each offset (the first found), for what lies between words. */
  readonly classAt: ReadonlyArray<SenseClass | undefined>;
  /** Where each operation word starting at an offset ends. */
  readonly operationEnds: ReadonlyMap<number, number>;
}

/** How the words around an operation word read it: a use, or a qualifier of the noun after it (读权限, 查询记录), which is a thing spoken of but never asked for. */
type Reading = Use | "qualifier";

/**
 * `exclude` masks what is not intent (values, quoted text, the stretches a
 * typo candidate reads anew): an operation word inside a commit message is not
 * an operation asked for.
 */
export function frameOf(analysis: Analysis, lexicon: Lexicon, exclude?: SpanMask): Frame {
  const classAt: Array<SenseClass | undefined> = new Array(analysis.text.length);
  const operationEnds = new Map<number, number>();
  const thingSpans = new Set<string>();
  for (const term of analysis.terms) {
    const sense = term.kind === "concept" ? lexicon.senses.get(term.key.slice(2)) : undefined;
    if (sense !== undefined) for (let i = term.start; i < term.end; i++) classAt[i] ??= sense.class;
    if (sense?.class === "object") thingSpans.add(`${term.start}:${term.end}`);
    if (sense?.class === "operation" && !exclude?.covers(term.start, term.end)) operationEnds.set(term.start, term.end);
  }
  const context: Context = { analysis, exclude, classAt, operationEnds, thingSpans, actEnds: new Set(), runEnds: new Set() };
  const instances = instanceOperations(lexicon);
  const changesToo = (word: { start: number; end: number }) =>
    analysis.terms.some((t) => t.kind === "concept" && t.start === word.start && t.end === word.end && lexicon.senses.get(t.key.slice(2))?.effect === "change");
  const objects = new Set<string>();
  const thingsNamed: { id: string; start: number; end: number }[] = [];
  const uses: OperationUse[] = [];
  for (const term of analysis.terms) {
    if (term.kind !== "concept" || exclude?.covers(term.start, term.end)) continue;
    const id = term.key.slice(2);
    const sense = lexicon.senses.get(id);
    if (sense === undefined) continue;
    if (sense.class === "object") thingsNamed.push({ id, start: term.start, end: term.end });
    if (sense.class !== "operation") continue;
    // A word right before an arrow (checkout -> 12 replicas, backup → /srv/dumps) is a name: what is set to, or moved to, what follows.
    const reading =
      (instances.has(id) && INSTANCE_NUMBER.test(analysis.text.slice(term.end))) ||
      coordinatedWithThing(context, term.end) ||
      ARROW_AHEAD.test(analysis.text.slice(term.end))
        ? "noun"
        : isHan(analysis.text[term.start]!)
          ? chineseUse(context, term.start, term.end, sense.effect === "change" && sense.general !== true)
          : englishUse(context, term.start, term.end, sense.effect === "change" && sense.general !== true);
    // Reading, listing, comparing asked for as a noun (列表, 差异, the contents) is still what the request wants done; qualifying a noun (读权限), it is not; nor a word that changes too, whose noun is what the change makes (last night's dump: a backup).
    const use: Use = reading === "qualifier" ? "noun" : reading === "noun" && sense.effect === "read" && !changesToo(term) ? "act" : reading;
    uses.push({ sense: id, surface: term.surface, start: term.start, end: term.end, use });
    // Only a verb takes an object: a reading asked for as a noun (内容, 列表) leaves the change after it a verb (记忆的内容改一下).
    if (use === "act" && reading === "act") context.actEnds.add(term.end);
    if (use === "act" && reading === "act" && id === RUN) context.runEnds.add(term.end);
    // A reading that qualifies a noun (扫描结果, 读权限) names no thing of its own: the noun does.
    if (use === "noun" && !(reading === "qualifier" && sense.effect === "read")) objects.add(id);
  }
  // An English verb with a determiner after it has its object in what follows: the word is what is done, not also a thing it names
  // (change the title: no change, what was changed, is spoken of; request a review: no HTTP request). docs/matching.md, section 3.
  const verbSpans = new Set(
    uses.filter((u) => u.use === "act" && context.actEnds.has(u.end) && objectFollows(analysis, u.end)).map((u) => `${u.start}:${u.end}`),
  );
  for (const thing of thingsNamed) if (!verbSpans.has(`${thing.start}:${thing.end}`)) objects.add(thing.id);
  // What the request asks to make and to find is known only once every word is read (see isPurposeOfMade, asksWhetherAnySays).
  for (const [i, u] of uses.entries()) {
    if (isPurposeOfMade(u, uses, objects, lexicon, analysis.text)) uses[i] = { ...u, use: "purpose" };
    else if (asksWhetherAnySays(u, analysis.text)) uses[i] = { ...u, sense: SEARCHING };
    else if (isSought(u, uses, analysis.text)) uses[i] = { ...u, use: "sought" };
  }
  return { acts: new Set(uses.filter((u) => u.use === "act").map((u) => u.sense)), objects, uses };
}

/** 有没有 / 有无 / 是否有, then what something says about what (讲, 聊过, 提到, 写了 …) and the 的 of the thing that says it. */
const ZH_ANY_THAT_SAYS = /^\s*[^，。；！？,;!?]{0,8}?(?:讲|聊|说|写|提|谈|记)(?:过|了|到)?[^，。；！？,;!?的]{1,16}的/u;

/**
 * Whether an existence question asks for things by what they say (人格体库里有没有讲部署规范的模块,
 * 记忆里有没有跟冰朔聊过证书的事): finding the things that say it is a search,
 * not a check of one thing.
 */
function asksWhetherAnySays(u: OperationUse, text: string): boolean {
  return u.use === "act" && u.sense === CHECKING && /^(?:有没有|有无|是否有)$/u.test(u.surface) && ZH_ANY_THAT_SAYS.test(text.slice(u.end));
}

/** Before a search verb, what asks to be searched, not where: a polite word or nothing. */
const NOTHING_NAMED = /^[\s请帮我忙麻烦给你先再please]*$/u;
/** After an operation word, to its clause's end: only a particle, so the word ends the clause as its verb does (进程杀掉, kill it). */
const ENDS_CLAUSE = /^\s*(?:[掉了吧下一呢啊]|一下|it|them|now|please)*\s*$/u;

/**
 * Whether an operation word is part of what a search looks for: after a
 * search verb that has the place searched named before it (memory search
 * nginx reload failed, 在日志里搜一下 restart failed), in the same clause with
 * no step between, and not ending the clause as its verb (在 /proc 里找到占用
 * 8080 的进程杀掉 kills). The words looked for are spoken of, not asked for.
 */
function isSought(u: OperationUse, uses: readonly OperationUse[], text: string): boolean {
  if (u.use !== "act") return false;
  const search = uses.find((s) => s.use === "act" && s.sense === SEARCHING && s.end <= u.start);
  if (search === undefined) return false;
  const between = text.slice(search.end, u.start);
  const { before } = clauseOf(text, search.start, search.end);
  const { after } = clauseOf(text, u.start, u.end);
  // In a 把 clause the verb comes after its object: a search word before it is in the object (把 search 服务扩到 10 个副本);
  // and a Chinese search word with a Han character right after it may be the first of a noun (搜索页, 搜索框).
  if (/把/u.test(before) || isHan(text[search.end] ?? "")) return false;
  return (
    !CLAUSE_BREAK.test(between) && !STEP_BETWEEN.test(between) && !/\band\b|并|后/u.test(between) && !NOTHING_NAMED.test(before) && !ENDS_CLAUSE.test(after)
  );
}

/** A next step (开个 PR 然后合了, open a PR and then merge it): asked for in turn, not what the thing is for. */
const NEXT_STEP = /再|然后|接着|之后|\bthen\b/u;

/**
 * Whether an operation asked for is what a thing the request asks to make is
 * made for (开个 PR，dev 合到 master; 发个合并请求把 dev 合到 main: a pull
 * request is made to be merged, lexicon.ts `madeFor`): it says what the thing
 * is for, and is no operation of its own (nor evidence for a tool that does
 * it, request.ts), unless said as a next step.
 */
function isPurposeOfMade(u: OperationUse, uses: readonly OperationUse[], objects: ReadonlySet<string>, lexicon: Lexicon, text: string): boolean {
  if (u.use !== "act" || ![...objects].some((o) => lexicon.senses.get(o)?.madeFor === u.sense)) return false;
  return uses.some(
    (making) =>
      making.use === "act" &&
      making.end <= u.start &&
      (making.sense === MAKING || lexicon.senses.get(making.sense)?.light === true) &&
      !NEXT_STEP.test(text.slice(making.end, u.start)),
  );
}

/** Whether the English word right after `end`, in the same stretch of text, is a determiner: what it opens is the object of the word before. */
function objectFollows(analysis: Analysis, end: number): boolean {
  const next = analysis.englishWords.find((w) => w.start >= end);
  return next !== undefined && EN_DETERMINER.has(next.surface) && /^\s+$/u.test(analysis.text.slice(end, next.start));
}

/** The sense of making a command or job run, which may carry out another operation (run certbot renew). */
const RUN = "run";

/**
 * A number right after an operation word that names a thing too (a
 * pipeline's run, a repository's commit: an object `includes` it) says which
 * one: `run 4521`, `run id 7720`, `in run 77` speak of that run. A count
 * (`3 pods`, `两个`) is followed by what it counts, a plural or a classifier.
 */
const INSTANCE_NUMBER = /^\s*(?:id\s*|#\s*|no\.?\s*)?\d+(?![\d.:/-])(?!\s*(?:[a-z]+s\b|[个台条次份只件项副遍回]))/u;

const instancesByLexicon = new WeakMap<Lexicon, ReadonlySet<string>>();

/** The operations some object includes as its things (a pipeline's runs, a repository's commits). */
function instanceOperations(lexicon: Lexicon): ReadonlySet<string> {
  let instances = instancesByLexicon.get(lexicon);
  if (instances === undefined) {
    const all = [...lexicon.senses.values()];
    instances = new Set(all.filter((s) => s.class === "object").flatMap((s) => [...s.includes].filter((i) => lexicon.senses.get(i)?.class === "operation")));
    instancesByLexicon.set(lexicon, instances);
  }
  return instances;
}

/** And, or, versus between two words (release 和 main, release vs main). */
const COORDINATOR = /^\s*(?:和|与|跟|及|同|and|or|vs\.?|versus|&)\s*/u;

/**
 * Whether an operation word is joined by and / 和 to an object word that
 * follows (release 和 main 两个分支, backup and config files): a thing beside a
 * thing. (Read the other way, `X and save it` joins two verbs as often.)
 */
function coordinatedWithThing(context: Context, end: number): boolean {
  const joined = COORDINATOR.exec(context.analysis.text.slice(end));
  return joined !== null && joined[0].trim() !== "" && context.classAt[end + joined[0].length] === "object";
}

function clauseOf(text: string, start: number, end: number): { before: string; after: string } {
  let from = start;
  while (from > 0 && !CLAUSE_BREAK.test(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && !CLAUSE_BREAK.test(text[to]!)) to++;
  return { before: text.slice(from, start), after: text.slice(end, to).replace(/^\s+/, "") };
}

/** How the words before and after an operation word (of either script) say it is used, by the Chinese around it. */
function chineseSays(context: Context, start: number, end: number, particular = false): Reading | undefined {
  const { before, after } = clauseOf(context.analysis.text, start, end);
  if (ZH_NEGATION.test(before)) return "negated";
  if (ZH_INSTRUMENT.test(before)) return "noun";
  if (
    ZH_PASSIVE.test(before) ||
    ZH_PROGRESSIVE.test(before) ||
    ZH_DONE.test(after) ||
    (ZH_TIME.test(after) && !backToEarlier(context.analysis.text.slice(start, end), after)) ||
    ZH_PURPOSE_OR_TOPIC.test(before) ||
    ZH_TOPIC_AFTER.test(after)
  )
    return "described";
  if (describesWhatFollows(context, start, end, after)) return "described";
  // The subject of a state (构建又挂了, 部署失败了, 备份成功没): the thing in that state, not a request.
  if (stateFollows(context, end)) return "noun";
  // 是谁改的, 啥时候改的, 哪次提交改的: what was done, asked about.
  if (/是|谁|什么时候|啥时候|何时|哪次|哪个|哪天|几点|怎么/u.test(before) && /^[^，。；！？,;!?]*的[？?。]?\s*$/u.test(after)) return "described";
  // 一结束就…: as soon as it happens.
  if (/一\s*$/u.test(before) && /^就/u.test(after)) return "described";
  if (ZH_NOUN_HEAD.test(after) || (particular && ZH_PLAN_HEAD.test(after))) return "qualifier";
  // The subject of 是 / 叫 is what is named or asked about (label 是 bug 的, 备份是哪天的): a thing.
  if (/^(?:是|叫)(?![吧吗呀啊])/u.test(after)) return "noun";
  // 把 + its object + the verb: an operation word inside the object is a thing (把备份目录里的旧包删了), and so is a Latin word right after 把 (把 checkout 加到 10 个); one with a complement (导出来, 删掉) is a verb.
  if (
    /把/u.test(before) &&
    !/^[来去掉]/u.test(after) &&
    (laterActIn(context, end, after) || (/把\s*$/u.test(before) && !isHan(context.analysis.text[start]!) && verbAt(context, end) !== undefined))
  )
    return "noun";
  // Right before a verb that carries its result, an operation word is that verb's object: 备份删掉, 日志备份清掉.
  if (resultVerbAt(context, end)) return "noun";
  // 改了配置 is done; 把它删了吧 and 把压缩包删了 are asked for.
  // 可以推到线上了, 能部署了: with a modal before it, 了 says it is time to, not that it is done.
  if (/^了/u.test(after) && !/把/u.test(before) && !/^了\s*[吧啊呀]/u.test(after) && !/(?:可以|能|该)\s*$/u.test(before)) return "described";
  // A word that carries its result (那条删掉, 那条 delete 掉) is the verb of its clause, whatever counts or points before it; so is the last word of a 把 clause (把 vim 这些常用的装上).
  if (
    ZH_NOUN_BEFORE.test(before) &&
    !carriesResult(context, start, end, after) &&
    !(/把/u.test(before) && /^[上下掉走好完起出进回来去了吧啊呀\s]*$/u.test(after))
  )
    return "noun";
  // Right after an operation asked for, a change is its object: 解压归档, 删除备份, 撤销提交.
  if (context.actEnds.has(start)) return "noun";
  return undefined;
}

/**
 * Before a 的 that a noun follows, the operation describes that noun when
 * nothing but stop words and a quantity lie between (正在执行的任务, 跑了两小时的
 * 查询, 分给我的问题), or a place or destination (运行在这台机器上的进程, 发布到
 * 生产的版本, 发给冰朔的通知). Anything else between belongs to the noun: 查看最近的提交 asks to
 * view, 删掉服务器上的日志 to delete.
 */
function describesWhatFollows(context: Context, start: number, end: number, after: string): boolean {
  const at = after.indexOf("的");
  if (at === -1 || after.slice(at + 1).trim() === "") return false;
  const between = after.slice(0, at);
  // 发给冰朔的那条通知: the one it is given to may be inside the word (发给, 分给) as well as after it; not in a 把 clause, whose verb it is (把公钥加给 deploy 用户的…).
  const towards = /给$/u.test(context.analysis.text.slice(start, end)) && !/把/u.test(clauseOf(context.analysis.text, start, end).before);
  if (backToEarlier(context.analysis.text.slice(start, end), after)) return false;
  if (/^在[^的]*[上里中内]$/u.test(between) || /^[到给往]/u.test(between) || (towards && between.trim() !== "")) return true;
  const offset = pastSpaces(context.analysis.text, end);
  for (let i = 0; i < between.length; i++) {
    if (/[\s\d.]/u.test(between[i]!) || context.analysis.hanStops.has(offset + i)) continue;
    if (!/[了过着完好掉错得一二两三四五六七八九十百半几多个小时分钟天秒周月年次]/u.test(between[i]!)) return false;
  }
  return true;
}

/** Whether another operation word follows in the rest of the clause, apart from this one (发起合入申请 is one act and its object). */
function laterActIn(context: Context, end: number, after: string): boolean {
  const offset = pastSpaces(context.analysis.text, end);
  for (let i = 1; i < after.length; i++) if (context.classAt[offset + i] === "operation" && context.classAt[offset + i - 1] !== "operation") return true;
  return false;
}

/** The end of the operation word that starts right at `end` (spaces between), if one does. */
function verbAt(context: Context, end: number): number | undefined {
  const text = context.analysis.text;
  const at = pastSpaces(text, end);
  return context.operationEnds.get(at);
}

/** A verb with a direction or a destination in it (推上去, 拉下来, 推到远程, 发到线上): a verb form, never a thing. */
const MOVED_TO = /^[^\s]+(?:[上下出进回过起][来去]|到[^\s]*)$/u;

/** Whether the operation word right at `end` carries its result (删掉, 删了, 清掉, 停掉) and ends its clause. */
function resultVerbAt(context: Context, end: number): boolean {
  const wordEnd = verbAt(context, end);
  if (wordEnd === undefined) return false;
  const text = context.analysis.text;
  // The direction may follow the word as its complement (灌回 + 去, 拉 + 下来: 备份灌回去).
  const verbEnd = wordEnd + (DIRECTION_COMPLEMENT.exec(text.slice(wordEnd))?.[0].length ?? 0);
  const { after } = clauseOf(text, verbEnd, verbEnd);
  return (/[掉了完光]$/u.test(text.slice(end, verbEnd)) || MOVED_TO.test(text.slice(end, verbEnd).trim())) && /^(?:[吧啊呀吗]|:.*)?$/u.test(after.trim());
}

/** A direction complement right after a verb: 去 after 灌回, 下来 after 拉, 进去 after 塞. */
const DIRECTION_COMPLEMENT = /^(?:[上下出进回过起]?[来去])/u;

/** Whether the operation word ends in, or is followed by, a result complement (删掉, delete 掉, 清光) that ends its clause. */
function carriesResult(context: Context, start: number, end: number, after: string): boolean {
  return /[掉光]$/u.test(context.analysis.text.slice(start, end)) ? /^(?:[吧啊呀]|:.*)?$/u.test(after) : /^[掉光]\s*[吧啊呀]?$/u.test(after);
}

function chineseUse(context: Context, start: number, end: number, particular: boolean): Reading {
  return chineseSays(context, start, end, particular) ?? "act";
}

/** `particular`: the word's sense is a change done to one kind of thing (commit, deploy, backup), whose record it may name wherever it stands. */
function englishUse(context: Context, start: number, end: number, particular = false): Reading {
  const { analysis } = context;
  const words = analysis.englishWords.filter((w) => !context.exclude?.covers(w.start, w.end));
  const at = words.findIndex((w) => w.start === start);
  if (at === -1) return "act";
  const first = words[at]!;
  // A value's own punctuation (v2.0.0, a/b.txt) breaks no clause: the words around it are read as if it were a word.
  const text =
    context.exclude === undefined
      ? analysis.text
      : analysis.text.replace(/[,.;:!?，。；！？]/gu, (c, i: number) => (context.exclude!.covers(i, i + 1) ? "_" : c));
  // In a mixed request the Chinese around an English word says as much (不用 clone, 最近 10 个 commit, checkout 服务).
  const hanBefore = /\p{Script=Han}\s*$/u.test(text.slice(0, start));
  const hanAfter = /^\s*\p{Script=Han}/u.test(text.slice(end));
  if (hanBefore || hanAfter) {
    const said = chineseSays(context, start, end, particular);
    if (said !== undefined) return said;
    const next = pastSpaces(text, end);
    if (hanAfter && context.classAt[next] === "object") return "noun";
  }
  const previous = clauseNeighbour(text, words, at);
  for (let back = at, n = 0; n < 3; n++, back--) {
    const word = clauseNeighbour(text, words, back);
    if (word === undefined) break;
    if (EN_NEGATION.has(word.surface)) return "negated";
  }
  for (let back = at; ; back--) {
    const word = clauseNeighbour(text, words, back);
    if (word === undefined) break;
    if (EN_SUBORDINATE.has(word.surface)) return "described";
  }
  // What run carries out is a command line: the operation word in it is its subcommand, asked for (run certbot renew, execute git gc).
  if (runBefore(context, text, words, at)) return "act";
  // Right after an English verb asked for, a word that names a thing too (tag, release) is its object: diff tag v1 v2, delete release v3.
  if (previous !== undefined && context.actEnds.has(previous.end) && !context.runEnds.has(previous.end) && context.thingSpans.has(`${start}:${end}`))
    return "noun";
  const verbPosition = previous === undefined || EN_VERB_POSITION.has(previous.surface);
  const last = words.findLast((w) => w.end === end) ?? first;
  // get it renewed, get the certs refreshed: what is to be done is the -ed form; get only says it is to be got done.
  if (CAUSATIVE.has(first.surface) && causedAfter(text, words, words.indexOf(last)) !== undefined) return "qualifier";
  if (/ed$/.test(first.surface) && first.surface !== first.stem && causedBy(text, words, at)) return "act";
  // Before a word for its record (commit log, rollout status), out of a verb's place, it says whose record: 看下 commit log, kubectl rollout status.
  const record = words[words.indexOf(last) + 1];
  if (
    record !== undefined &&
    EN_RECORD.has(record.stem) &&
    clauseNeighbour(text, words, words.indexOf(last) + 1) === last &&
    (particular || !inVerbPlace(text, start, previous))
  )
    return "qualifier";
  // A noun made of the verb (deployment, rotation, renewal) names the thing, or the act as a thing: it is not asked for.
  if (first === last && EN_NOUN_SUFFIX.test(first.surface)) return "noun";
  if (!verbPosition && /(?:ed|ing)$/.test(first.surface) && first.surface !== first.stem) return "described";
  // An -ed form right before the thing it describes (installed packages, failed jobs, deleted files) is no verb, wherever it stands.
  const following = words[words.indexOf(last) + 1];
  if (
    /ed$/.test(first.surface) &&
    first.surface !== first.stem &&
    following !== undefined &&
    context.classAt[following.start] === "object" &&
    clauseNeighbour(text, words, words.indexOf(last) + 1) !== undefined
  )
    return "described";
  // An -s form (slow queries, the backups, it restarts) is no request: a plural names things, and a verb with -s says what something does.
  if (first === last && isSForm(first)) return "noun";
  // After a determiner or a possessive (last night's dump, the team's backup) it is a thing.
  if (previous !== undefined && (EN_DETERMINER.has(previous.surface) || /[a-z]['’]s\s*$|s['’]\s*$/u.test(text.slice(0, start)))) return "noun";
  // Right after a preposition (at tag v1.0, in run 77, from backup) it is a thing; after `to` it is still a verb (to restart).
  if (previous !== undefined && previous.surface !== "to" && EN_PREPOSITION.has(previous.surface)) return "noun";
  // a compound noun, the last word of its phrase: the db dump from …, the pipeline run for main
  const next = words[words.indexOf(last) + 1];
  const phraseEnds =
    next === undefined ||
    clauseNeighbour(text, words, words.indexOf(last) + 1) === undefined ||
    EN_PREPOSITION.has(next.surface) ||
    EN_RELATIVE.has(next.surface);
  // A value right after it is its object (docker restart mq-consumer): it is the verb, not the last word of a compound noun.
  const valueAt = pastSpaces(text, end);
  const takesValue = context.exclude?.covers(valueAt, valueAt + 1) === true;
  if (!verbPosition && context.classAt[previous!.start] === "object" && phraseEnds && !takesValue) return "noun";
  // A word that names a thing too, with its value and 的 after it, is whose (release v1.0 的附件: the release's files), not the verb.
  if (takesValue && context.thingSpans.has(`${start}:${end}`)) {
    let valueEnd = valueAt;
    while (valueEnd < text.length && context.exclude!.covers(valueEnd, valueEnd + 1)) valueEnd++;
    if (/^\s*的/u.test(text.slice(valueEnd))) return "noun";
  }
  if (!verbPosition && /[^s]s$/.test(last.surface) && last.surface !== last.stem) return "noun";
  return "act";
}

/** Whether `run` asked for stands up to three words before `words[at]` in its clause, no preposition between (run certbot renew, not run it for renewal). */
function runBefore(context: Context, text: string, words: readonly WordToken[], at: number): boolean {
  for (let back = at, n = 0; n < 3; n++, back--) {
    const word = clauseNeighbour(text, words, back);
    if (word === undefined || EN_PREPOSITION.has(word.surface)) return false;
    if (context.runEnds.has(word.end)) return true;
  }
  return false;
}

/** English words for the record of an operation (commit log, rollout status, deploy history), as ZH_NOUN_HEAD's are (stems). */
const EN_RECORD = new Set([
  "log",
  "history",
  "status",
  "state",
  "progress",
  "record",
  "result",
  "report",
  "time",
  "count",
  "window",
  "output",
  "info",
  "detail",
  "failure",
  "permission",
]);
/** Chinese that puts the word after it in a verb's place (帮我, 请, 先, 去). */
const ZH_VERB_INTRODUCER = /(?:请|帮我|帮忙|麻烦|替我|给我|去|先|再|要|想|得)\s*$/u;

/**
 * Whether an English word stands where a verb does: first in its clause, or
 * after a word that leaves the place to a verb (please, to, can) or Chinese
 * that does (帮我, 先); after anything else (a name, an object word, another
 * verb: kubectl rollout status, 看下 commit log) it does not.
 */
function inVerbPlace(text: string, start: number, previous: WordToken | undefined): boolean {
  const { before } = clauseOf(text, start, start);
  if (before.trim() === "") return true;
  if (previous !== undefined && previous.end === before.trimEnd().length + (start - before.length)) return EN_VERB_POSITION.has(previous.surface);
  return ZH_VERB_INTRODUCER.test(before);
}

/** Verbs that have something done (get it renewed). */
const CAUSATIVE = new Set(["get", "got", "getting"]);

/** The -ed form that a causative at `at` has done to its object (get [it] renewed, get [the certs] refreshed): one to three words on, in the same clause. */
function causedAfter(text: string, words: readonly WordToken[], at: number): WordToken | undefined {
  for (let next = at + 2; next <= at + 4 && next < words.length; next++) {
    if (clauseNeighbour(text, words, next) === undefined) return undefined;
    const word = words[next]!;
    if (/ed$/.test(word.surface) && word.surface !== word.stem) return word;
  }
  return undefined;
}

/** Whether the -ed form at `at` is what a causative before it has done (get it renewed). */
function causedBy(text: string, words: readonly WordToken[], at: number): boolean {
  for (let back = at - 2; back >= at - 4 && back >= 0; back--) {
    if (clauseNeighbour(text, words, back + 1) === undefined) return false;
    if (CAUSATIVE.has(words[back]!.surface)) return causedAfter(text, words, back) === words[at];
  }
  return false;
}

/** The word before `words[at]` in the same clause, or undefined at a clause start. */
function clauseNeighbour(text: string, words: readonly WordToken[], at: number): WordToken | undefined {
  const previous = words[at - 1];
  if (previous === undefined) return undefined;
  const between = text.slice(previous.end, words[at]!.start);
  return /[,.;:!?，。；！？\p{Script=Han}]/u.test(between) ? undefined : previous;
}

/**
 * Whether a tool that does `acts` serves a request for `operation`: it does
 * the same, or one that serves it (the thesaurus's `serves`), or — for a
 * general operation that only reads (view, list, search) — any operation that
 * reads and is not said to fall short of it (`notFor`: getting one value does
 * not list many), except that a particular reading (computing a checksum,
 * tracing a line) enumerates nothing and so serves no listing. A particular
 * reading (summarize, translate, compute) needs a tool that does it.
 */
export function servesOperation(acts: ReadonlySet<string>, operation: string, lexicon: Lexicon): boolean {
  if (acts.has(operation)) return true;
  const wanted = lexicon.senses.get(operation);
  const reads = wanted?.effect === "read" && wanted.general;
  // A light verb (搞, 打个, 开个, apply) asks for some change, and leaves which to its object.
  if (wanted?.light === true) return [...acts].some((act) => lexicon.senses.get(act)?.effect === "change");
  for (const act of acts) {
    const sense = lexicon.senses.get(act);
    if (sense === undefined) continue;
    if (sense.serves.includes(operation) || (reads && sense.effect === "read" && !sense.notFor.includes(operation) && (sense.general || operation !== LISTING)))
      return true;
  }
  return false;
}

/** A destination: where something is put (到 /backup, into a file, to s3://…). */
const DESTINATION = /^(?:[^，。；！？,;!?]*?\s)?(?:到|进|into|to)\s*\S/u;

/** What joins two steps done in turn (确认下再通知, 翻译完然后发出去, check it and then restart), or puts them side by side, clause after clause (下载下来，核对一下 md5). */
const STEP_BETWEEN = /再|然后|接着|\bthen\b|[，,；;]/u;

/** Between a light verb and the operation that is its object: nothing, or a short modifier (做个相似度检索, do a rollout restart, do a quick backup). */
const LIGHT_OBJECT_GAP = /^\s*(?:[\p{Script=Han}]{0,3}|[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*$/u;

/**
 * The operations a request's frame holds the tools to: the change operations
 * it asks for when there are any (看一下, 删掉那个 is a request to delete), else
 * the reading ones; but every step of a request of steps done in turn
 * (看一下再删掉, 翻成英文再发出去, 下载下来，核对一下), whichever a tool does. A word that both reads and changes (打开 opens a file to
 * read, or turns a switch on) is read by the rest of the request: where the
 * other operations asked for only read (打开 x.conf 瞧瞧写了啥), it reads too.
 * A light verb asked for (打个, 发个, 开个) is a change its object says more of:
 * any tool that changes the object serves it (see `servesOperation`); when
 * its object is an operation (来个总结, 做个相似度检索), it asks for that one, as
 * does a verb that makes its object its result (压成一段摘要).
 */
export function requiredOperations(frame: Frame, lexicon: Lexicon, text: string): string[] {
  const changes = (senses: readonly string[]) => senses.filter((a) => lexicon.senses.get(a)?.effect === "change");
  const isLight = (sense: string) => lexicon.senses.get(sense)?.light === true;
  // A light verb whose object is an operation (来个总结, 做个相似度检索, 来个 TL;DR) asks for that operation.
  const objectOf = (u: OperationUse) =>
    frame.uses.find((v) => v.use === "act" && v.start >= u.end && !isLight(v.sense) && LIGHT_OBJECT_GAP.test(text.slice(u.end, v.start)));
  // So does a verb that makes its object its result (压成几个要点, 翻成英文): the result says what is done.
  const named = frame.uses.filter((u) => u.use === "act" && (isLight(u.sense) || u.surface.endsWith("成")) && objectOf(u) !== undefined);
  const bySpan = new Map<string, string[]>();
  for (const u of frame.uses)
    if (u.use === "act" && !named.some((n) => n.start === u.start && n.end === u.end))
      bySpan.set(`${u.start}:${u.end}`, [...(bySpan.get(`${u.start}:${u.end}`) ?? []), u.sense]);
  const spoken = new Set([...frame.uses.filter((u) => u.use === "act").map((u) => u.sense)]);
  const words = [...bySpan.values(), ...[...frame.acts].filter((a) => !spoken.has(a)).map((a) => [a])];
  const mixed = words.filter((senses) => changes(senses).length > 0 && changes(senses).length < senses.length);
  const mixedWords = frame.uses.filter((u) => mixed.some((senses) => bySpan.get(`${u.start}:${u.end}`) === senses));
  const plain = words.filter((senses) => !mixed.includes(senses));
  const readsOnly = plain.length > 0 && plain.every((senses) => changes(senses).length === 0);
  const unasked = new Set(readsOnly ? mixed.flatMap(changes).filter((a) => !plain.some((senses) => senses.includes(a))) : []);
  const asked = [...new Set(words.flat())].filter((a) => !unasked.has(a));
  // Steps done in turn (确认下再通知, 翻成英文再发给, check it and then restart) are each asked for: a tool that does any one serves, the agent doing them one by one.
  const acted = frame.uses.filter((u) => u.use === "act");
  const steps = acted.some((u) => acted.some((v) => v.start >= u.end && STEP_BETWEEN.test(text.slice(u.end, v.start))));
  // A word that both reads and changes, with no other word to say which (dump the env vars, 打开 x), may mean either; not with a destination after it, which nothing read is put in (dump 到 /backup, dump it into a file).
  const either = plain.length === 0 && !mixedWords.some((u) => DESTINATION.test(clauseOf(text, u.start, u.end).after));
  const required = changes(asked).length > 0 && !steps && !either ? changes(asked) : asked;
  // A light verb's word keeps the other senses it has as alternatives, a reading among them (打一下 a health URL calls it).
  const lightWords = [...bySpan.values()].filter((senses) => senses.some(isLight));
  return [...new Set([...required, ...lightWords.flat()])];
}
