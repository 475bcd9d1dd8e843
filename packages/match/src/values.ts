/**
 * The parts of a request that are parameters, not intent — and what kind of
 * parameter each one is. A path points to tools with a path param, a port to
 * tools with a port, `#42` to issue tools, `v2.3.1` to deploy and rollback, a
 * cron line to the cron tools: the kind of a value is evidence of the tool
 * (docs/matching.md, "Values").
 *
 * The same classifier reads the examples in param descriptions (`标签名，如
 * v1.4.0`), so a request value and a param's example of the same kind meet.
 */

export type ValueKind =
  | "quote" // "…": a title, a message, file content: the payload
  | "command" // `…`: a command or code
  | "content" // what follows 就说, saying, or a colon after an operation: the content to write, send or remember
  | "sql"
  | "promql" // rate(http_requests_total{job="api"}[5m]): a metric selector, a label matcher or a range
  | "cron"
  | "url" // http, https, ftp
  | "uri" // any other scheme (hldp://…): only its shape says what takes it
  | "method" // GET, PUT: an HTTP method, written in capitals
  | "email"
  | "path"
  | "ip"
  | "port"
  | "range" // v1.4.0..v1.5.0, main...dev
  | "version"
  | "date"
  | "duration"
  | "ref" // #42, PR 17: an issue or pull request number
  | "repo" // owner/name
  | "commit" // a hex commit id
  | "pattern" // a glob
  | "key" // persona:zy001, session:*
  | "filename"
  | "host"
  | "id" // zy001, m-1088, web-01: letters and digits naming one thing
  | "name" // snake_case
  | "percent"
  | "mode" // 644, 0755: file permissions
  | "privileges" // SELECT, INSERT; UPDATE on crm: what a database account is granted
  | "assignment" // app=web, db=3
  | "option" // -G sudo, --force, --since=2h: a command's flag and its argument
  | "number";

export interface Value {
  readonly kind: ValueKind;
  readonly start: number;
  readonly end: number;
}

/** Values that are content for a tool to write, send, run or remember: a quoted text, a command, what follows 就说 / saying or a colon after an operation. */
export const CONTENT_KINDS: ReadonlySet<ValueKind> = new Set(["quote", "command", "content"]);

/**
 * Kinds of value whose shape alone says what they are — a path, a version, a
 * URL, a SQL statement, an issue number — so that a tool with a param taking
 * one is given something of its own to work on (docs/matching.md, "Found or
 * not found"). A name, an id, a number, a date, a duration or a percentage
 * could fill many params; a payload or a command's flag fills none.
 */
export const TELLING_KINDS: ReadonlySet<ValueKind> = new Set([
  "sql",
  "promql",
  "cron",
  "url",
  "uri",
  "method",
  "email",
  "path",
  "ip",
  "port",
  "range",
  "version",
  "ref",
  "repo",
  "commit",
  "pattern",
  "key",
  "filename",
  "host",
  "mode",
  "privileges",
]);

/** The slot an HTTP method fills (`methodSlot` qualifies it by the method). */
export const METHOD_SLOT = "http-method";

/** The HTTP methods (values of kind `method`, written in capitals, lower-cased as a request is read). */
export const HTTP_METHODS: readonly string[] = ["get", "post", "put", "patch", "delete", "head", "options"];
const HTTP_METHOD = new RegExp(`^(?:${HTTP_METHODS.join("|").toUpperCase()})$`);

/**
 * The thesaurus senses a value of each kind fills: the matcher looks for them
 * among the senses of each tool's param names and descriptions. Payloads
 * (quote, content) fill nothing.
 */
const SLOTS: Readonly<Record<ValueKind, readonly string[]>> = {
  quote: [],
  content: [],
  command: ["command"],
  sql: ["sql", "database"],
  promql: ["metric"],
  cron: ["cron"],
  url: ["http"],
  uri: [],
  method: [METHOD_SLOT, "http"],
  email: ["email-address", "user"],
  path: ["path", "directory"],
  ip: ["ip", "host"],
  port: ["port"],
  range: ["version", "tag", "branch", "commit"],
  version: ["version", "tag", "release"],
  date: ["time"],
  duration: ["duration", "expiry"],
  ref: ["issue", "pull-request"],
  repo: ["repository"],
  commit: ["commit", "version"],
  pattern: ["pattern"],
  key: ["key"],
  filename: ["file", "path"],
  host: ["host", "domain"],
  id: ["id"],
  name: ["name", "key"],
  percent: ["percent"],
  mode: ["permission"],
  privileges: ["permission", "sql"],
  assignment: ["key", "value"],
  option: [],
  number: [],
};

/** A path whose last part has an extension of two or more letters names a file (`/etc/nginx/nginx.conf`), not a folder (`/srv/app`, `conf.d/`). */
const FILE_AT_END = /[^/.]\.[a-z0-9]{2,8}$/;
const FILE_PATH_SLOTS: readonly string[] = ["path", "file"];

/**
 * A path the shape does not tell a file from a folder by names either, and
 * fills both slots: one whose last part is hidden (`/root/.bashrc`, `~/.ssh`),
 * or one under a system folder whose files have no extension as often as not
 * (`/etc/hosts`, `/etc/default/gatekeeper`, `/var/log/syslog`; `/etc/nginx` is
 * a folder). A trailing slash says folder (`/etc/nginx/`).
 */
const EITHER_AT_END = /\/\.[a-z0-9][^/.]*$|^\/(?:etc|var\/log)\/(?:[^/]+\/)*[^/.]+$/;
const EITHER_PATH_SLOTS: readonly string[] = ["path", "file", "directory"];

/** A file whose extension says it is a script (`./scripts/migrate.sh`, `backup.py`) is a command as well as a file: what runs it takes it. */
const SCRIPT_AT_END = /[^/.]\.(?:sh|bash|zsh|py|pl|rb|ps1)$/;
const SCRIPT_PATH_SLOTS: readonly string[] = ["path", "file", "command"];

/** The slots one value fills: its kind's (SLOTS), but a path that ends in a file name fills a file's slot rather than a folder's (a script's, a command's too), and one that may be either (EITHER_AT_END) both. */
export function valueSlots(kind: ValueKind, surface: string): readonly string[] {
  if (kind !== "path") return SLOTS[kind];
  if (SCRIPT_AT_END.test(surface)) return SCRIPT_PATH_SLOTS;
  return FILE_AT_END.test(surface) ? FILE_PATH_SLOTS : EITHER_AT_END.test(surface) ? EITHER_PATH_SLOTS : SLOTS[kind];
}

/** A file on a disk: the sense whose kinds (a log, a config, an archive) a path's name can say (request.ts `fileKindSlots`). */
export const FILE = "file";
/** The kinds of thing on disk a path names, the slots where it is from qualifies (`qualifiedSlots`). */
export const ON_DISK_KINDS: readonly string[] = [FILE, "directory"];

/** Where a path is from: the root of a machine's file system (`/etc/hosts`, `~/.ssh`), or inside something that holds files (`docs/ARCH.md` in a repository). */
export const ABSOLUTE = "absolute";
export const INSIDE = "inside";

/**
 * The slots a value fills as where it is from qualifies them: a path from the
 * root fills `file@absolute` (a folder `directory@absolute`), one that is not
 * (and not from here, `./`) `file@inside`: what it is and where it is from,
 * besides the `path` every path fills. A param that says it takes an absolute
 * path, or one inside a repository, takes the same (tool-text.ts), so that
 * `/etc/nginx/nginx.conf` fits `文件的绝对路径` and `config/default.yaml`
 * fits `文件在仓库中的路径`. An HTTP method fills its method's slot
 * (`DELETE` ⇒ `http-method@delete`, `methodSlot`), which a param taking any
 * method takes and a tool named for one method takes for that one only.
 */
export function qualifiedSlots(kind: ValueKind, surface: string): readonly string[] {
  if (kind === "method") return [methodSlot(surface)];
  if (kind !== "path" || /^\.{1,2}\//.test(surface)) return [];
  const where = /^[~/]/.test(surface) ? ABSOLUTE : INSIDE;
  return valueSlots(kind, surface)
    .filter((slot) => ON_DISK_KINDS.includes(slot))
    .map((slot) => qualified(slot, where));
}

/** The method slot a method fills as which method it is (`DELETE` ⇒ `http-method@delete`): a tool named for one method takes only that one. */
export function methodSlot(method: string): string {
  return qualified(METHOD_SLOT, method.toLowerCase());
}

export function qualified(slot: string, where: string): string {
  return `${slot}@${where}`;
}

const ARCHIVE = /\.(?:tar\.gz|tgz|tar|zip|gz|bz2|xz|7z)$/;
const PATH_LIKE: ReadonlySet<ValueKind> = new Set(["path", "filename"]);

/** An operation notation asks for, and the values that say it (`a..b`; the two places of `a → b`). */
export interface ImpliedOperation {
  readonly operation: string;
  readonly start: number;
  readonly end: number;
}

/** The signs of an arrow (`a → b`, `a -> b`, `a => b`): what it points from is set to, or becomes, what follows. */
const ARROW_SIGN = "(?:->|→|=>|⇒)";
/** An arrow right at the start of a text (after a word: `checkout -> 12 replicas`). */
export const ARROW_AHEAD = new RegExp(`^\\s*${ARROW_SIGN}`, "u");
/** An arrow and nothing else (between two values: `dir → x.tar.gz`). */
const ARROW_ALONE = new RegExp(`^\\s*${ARROW_SIGN}\\s*$`, "u");

/** An address of something remote: the web's (`https://…`) or a store's own scheme (`s3://…`). */
const ADDRESS: ReadonlySet<ValueKind> = new Set(["url", "uri"]);

/**
 * What values say is to be done, by notation: `a..b` is the difference
 * between a and b; `a → b` makes b of a (a directory → `x.tar.gz` is
 * packing, `x.zip` → a directory unpacking, a path → a path moving, an
 * address → a path downloading, a path → an address uploading); a shell's
 * `>` or `>>` before a path writes that file; a percentage of users or
 * traffic something is given to switches it on (`sharesRolledOut`).
 */
export function impliedOperations(text: string, values: readonly Value[]): ImpliedOperation[] {
  const ops: ImpliedOperation[] = values.filter((v) => v.kind === "range").map((v) => ({ operation: "compare", start: v.start, end: v.end }));
  const places = values.filter((v) => PATH_LIKE.has(v.kind) || ADDRESS.has(v.kind)).sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < places.length; i++) {
    const from = places[i]!;
    const to = places[i + 1]!;
    const between = text.slice(from.end, to.start);
    const operation = ARROW_ALONE.test(between) ? arrowOperation(text, from, to) : SIDE_BY_SIDE.test(between) ? transferOperation(from, to) : undefined;
    if (operation !== undefined) ops.push({ operation, start: from.start, end: to.end });
  }
  // A shell's redirection into a file (`echo … >> /etc/x.conf`, `> out.txt`) writes it; a stream sent to nothing (/dev/null) writes no file.
  for (const place of places) {
    const from = Math.max(0, place.start - REDIRECT_REACH);
    const redirect = REDIRECT.exec(text.slice(from, place.start));
    if (redirect !== null && PATH_LIKE.has(place.kind) && !text.startsWith("/dev/", place.start))
      ops.push({ operation: "write", start: from + redirect.index + redirect[0].indexOf(">"), end: place.end });
  }
  return [...ops, ...sharesRolledOut(text, values)];
}

/** Before a percentage, what gives it a share of something (对 10% 的用户, 灰度放到 30%, roll out to 5%); after it, whose share (的用户, of the traffic). */
const SHARE_BEFORE = /(?:对|给|向|面向|(?:放|推|开|切|放量|灰度)\s*(?:到|至|给)|\b(?:roll(?:ed|ing)?\s+out|release|ship|expose|open)\b[^,.;，。；]*\bto)\s*$/u;
const SHARE_AFTER = /^\s*(?:的|of\s+(?:the\s+|our\s+)?)?\s*(?:用户|流量|客户|请求|users?|traffic|customers|requests)/u;

/**
 * A percentage of users or traffic that something is given to (对 10% 的用户放出来,
 * 灰度放到 30%, roll out to 5% of users) is a share a feature is switched on
 * for: the request asks to switch it on (toggle), whatever verb puts it.
 */
function sharesRolledOut(text: string, values: readonly Value[]): ImpliedOperation[] {
  return values
    .filter((v) => v.kind === "percent" && (SHARE_BEFORE.test(text.slice(0, v.start)) || SHARE_AFTER.test(text.slice(v.end))))
    .map((v) => ({ operation: "toggle", start: v.start, end: v.end }));
}

/** A redirection just before a place: `>` or `>>`, not an arrow's (`->`, `=>`) nor a stream's number (`2>`). */
const REDIRECT = /(?<![-=>&\d])>>?\s*$/u;
/** How far before a place a redirection is looked for: its sign, the spaces after it and the character before it. */
const REDIRECT_REACH = 8;

/** Two places with only spaces between, as a command line gives a source and then its destination (`cp s3://bucket/a.zip ./`). */
const SIDE_BY_SIDE = /^\s+$/u;

/**
 * What a remote address and a local path in that order ask for, whatever sets
 * them apart (an arrow, or only a space, as a copying command writes its
 * source and destination): from the address, a download; to it, an upload.
 * Two local paths side by side ask nothing by themselves (`cp a b` copies,
 * `mv a b` moves: the verb says which).
 */
function transferOperation(from: Value, to: Value): string | undefined {
  if (ADDRESS.has(from.kind)) return ADDRESS.has(to.kind) ? undefined : "download";
  return ADDRESS.has(to.kind) ? "upload" : undefined;
}

function arrowOperation(text: string, from: Value, to: Value): string | undefined {
  const transfer = transferOperation(from, to);
  if (transfer !== undefined || ADDRESS.has(from.kind)) return transfer;
  if (ARCHIVE.test(text.slice(to.start, to.end))) return "compress";
  return ARCHIVE.test(text.slice(from.start, from.end)) ? "extract" : "move";
}

/** The port numbers of common services: a bare 3306 or 6379 is a port more often than a count. */
const WELL_KNOWN_PORTS = new Set([
  21, 22, 25, 53, 80, 110, 143, 443, 465, 587, 993, 1433, 1521, 2181, 2379, 3000, 3306, 5000, 5432, 5672, 6379, 6443, 8000, 8080, 8443, 8888, 9000, 9090, 9092,
  9200, 11211, 15672, 27017,
]);

/** Top-level domains: `shop.example.cn` is a host, `nginx.conf` a file name. */
const TLD = /\.(?:com|cn|net|org|io|dev|app|co|uk|de|jp|local|internal|lan|cloud|ai|me|info|biz|xyz|top|site|tech)$/;

/** An HTTP method in capitals is one only where HTTP is spoken of (GET token:u42 is a Redis command, HEAD a git ref). */
const HTTP_CONTEXT = /https?:\/\/|\b(?:request|method|endpoint|api|http|url|header)s?\b|请求|方法|接口|网址/u;
const PORT_WORD = /(?:port|端口|监听|listen|listening)\s*:?\s*$/u;
const REF_AFTER = /^\s*(?:pr\b|mr\b|issue|工单|合并请求|请求|问题|需求|bug)/u;
const REF_WORD = /(?:\b(?:pr|mr|issue|ticket|bug|pull request|merge request)|工单|问题|需求)\s*$/u;

/** A flag (-G, --force, --since=2h) at the start of a word, with the plain word after it if any. */
const OPTION = /(?<=^|\s)--?[a-z][\w-]*(?:=[^\s\p{Script=Han}]+|\s+(?![-\d])[\w.@:/-]+)?(?=\s|$)/gu;

const QUOTED: ReadonlyArray<readonly [RegExp, ValueKind]> = [
  [/"[^"]*"|“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』|(?<![a-z0-9])'[^'\n]+'(?![a-z0-9])/gu, "quote"],
  [/`[^`]*`/gu, "command"],
];
const SQL = /\b(?:select\b[^。；;\n]*?\bfrom\b|insert\s+into\b|update\s+\w+\s+set\b|delete\s+from\b)[^。；;\n]*/gu;
/**
 * SQL's privileges as a grant writes them, in capitals: two or more in a list
 * (`SELECT, INSERT`), or one granted on something (`UPDATE on crm`). They are
 * what an account may do, not statements to run (docs/matching.md, "Values").
 */
const PRIVILEGE = "(?:SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|INDEX|EXECUTE|REFERENCES|TRIGGER|ALL PRIVILEGES|ALL)";
const PRIVILEGES = new RegExp(`\\b(${PRIVILEGE}(?:\\s*[,、/]\\s*${PRIVILEGE})+|${PRIVILEGE}(?=\\s+(?:on|ON)\\s))\\b`, "gu");
/** A metric selector with its labels or its range (`up{job="api"}`, `x[5m]`), and the functions around it (`rate(…)`). */
const PROMQL = /(?:[a-z_]+\s*\(\s*)*[a-z_:][a-z0-9_:]*(?:\{[^{}\n]*\}(?:\[\d+[smhdwy]\])?|\[\d+[smhdwy]\])(?:\s*\))*/gu;
const CRON = /(?<![^\s\p{Script=Han}])(?:[\d*][\d*/,-]*\s+){4}[\d*][\d*/,-]*(?![^\s\p{Script=Han}])/gu;
/** Quantities with a Chinese unit: the unit says whether it is a duration, a date or a count. */
const QUANTITY =
  /(?:\d+(?:\.\d+)?|[一二两三四五六七八九十百半几]+)\s*(个月|个小时|分钟|小时|钟头|星期|秒钟|秒|天|周|年|月|日|号|点|分|次|行|条|个|台|倍|份|位|%)/gu;
const DURATION_UNIT = /^(?:个月|个小时|分钟|小时|钟头|星期|秒钟|秒|天|周|年)$/u;
const DATE_UNIT = /^(?:月|日|号|点|分)$/u;
const ENGLISH_DURATION = /\b\d+(?:\.\d+)?\s*(?:ms|s|sec|secs|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|months?)\b/gu;
const RELATIVE_DATE =
  /昨天|昨晚|昨日|今天|今晚|今早|明天|明早|明晚|前天|后天|大前天|上周[一二三四五六日天]?|下周[一二三四五六日天]?|本周|这周|上个月|这个月|本月|下个月|去年|今年|(?:周|星期)[一二三四五六日天]|凌晨|半夜|\b(?:yesterday|today|tonight|tomorrow|(?:last|this|next) (?:week|month|year|night|morning|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gu;

/** Whether a stretch of (normalised) text is a date and nothing else (昨天, 上周五, 12 月 1 号, 2026-12-01). */
export function isDate(text: string): boolean {
  const dates = findValues(text).filter((v) => v.kind === "date");
  if (dates.length === 0) return false;
  for (let i = 0; i < text.length; i++) if (text[i] !== " " && !dates.some((v) => v.start <= i && i < v.end)) return false;
  return true;
}

/**
 * The values of a text, each with its kind. `text` is normalised (see
 * normalize.ts); `folded` is the same text before lower-casing, when it has
 * the same length, so that upper-case codes (ZY001) can be told from words.
 * Values may overlap (a quote holding a path): each says what it is. (Content
 * after a colon is the matcher's to find: whether a colon introduces content
 * depends on the word before it, see request.ts.)
 */
export function findValues(text: string, folded?: string): Value[] {
  const values: Value[] = [];
  const push = (kind: ValueKind, start: number, end: number): void => void values.push({ kind, start, end });
  for (const [pattern, kind] of QUOTED) for (const m of text.matchAll(pattern)) push(kind, m.index, m.index + m[0].length);
  for (const m of text.matchAll(SQL)) push("sql", m.index, m.index + m[0].trimEnd().length);
  if (folded !== undefined) for (const m of folded.matchAll(PRIVILEGES)) push("privileges", m.index, m.index + m[1]!.length);
  for (const m of text.matchAll(PROMQL)) push("promql", m.index, m.index + m[0].length);
  for (const m of text.matchAll(CRON)) push("cron", m.index, m.index + m[0].length);
  for (const m of text.matchAll(QUANTITY)) {
    const unit = m[1]!;
    const end = m.index + m[0].length;
    // 5 号 PR, 12 号工单: a number, not a day
    const kind =
      unit === "号" && REF_AFTER.test(text.slice(end))
        ? "ref"
        : unit === "%"
          ? "percent"
          : DURATION_UNIT.test(unit)
            ? "duration"
            : DATE_UNIT.test(unit)
              ? "date"
              : "number";
    push(kind, m.index, end);
  }
  for (const m of text.matchAll(ENGLISH_DURATION)) push("duration", m.index, m.index + m[0].length);
  for (const m of text.matchAll(RELATIVE_DATE)) push("date", m.index, m.index + m[0].length);
  const quantities = values.map((v) => [v.start, v.end] as const);
  for (const token of tokens(text)) {
    // 600 in `600 行` is a count, told by its unit
    if (quantities.some(([s, e]) => s <= token.start && token.end <= e)) continue;
    const inRepository = repositoryParts(token);
    if (inRepository.length > 0) {
      values.push(...inRepository);
      continue;
    }
    const kind = tokenKind(token.text, text.slice(0, token.start), folded?.slice(token.start, token.end), text);
    if (kind !== undefined) push(kind, token.start, token.end);
    // host:port, 10.0.0.1:3128
    const port = /:(\d{2,5})$/.exec(token.text);
    if (port !== null && kind !== "key" && kind !== "url" && kind !== "date" && Number(port[1]) <= 65535) push("port", token.end - port[1]!.length, token.end);
  }
  // A command written out after 执行 / 运行 (在 /opt/app 下执行 make clean) is one, as in backquotes: the Latin text up to the next Chinese or clause break.
  for (const m of text.matchAll(/(?:执行|运行)(?:一下|下)?\s+([a-z][^\p{Script=Han}，。；！？,;!?\n]*[^\s\p{Script=Han}，。；！？,;!?\n])/gu)) {
    const at = m.index + m[0].length - m[1]!.length;
    push("command", at, at + m[1]!.length);
  }
  // A command's flag and its argument (useradd -G sudo, usermod -L testuser, --since=2h) say how, not what.
  for (const m of text.matchAll(OPTION)) push("option", m.index, m.index + m[0].length);
  // What follows a word that introduces what to say is the content to write or send (`就说明天上线`, `saying it is fixed`).
  // What a name starts or ends with (以 user: 打头, lock: 开头, 前缀是 tmp_, starting with tmp_, prefix cart:) is a pattern to look for.
  for (const m of text.matchAll(
    /(?:以\s*)?([^\s\p{Script=Han}]+)\s*(?=打头|开头|结尾|为前缀|为后缀|前缀|后缀)|(?:前缀|后缀)(?:是|为)?\s*([^\s\p{Script=Han}]+)|\b(?:starting|beginning|ending) with\s+([^\s]+)|\bprefix(?:ed)?(?: with)?\s+([^\s]+)/gu,
  )) {
    const found = m[1] ?? m[2] ?? m[3] ?? m[4]!;
    const at = m.index + m[0].lastIndexOf(found);
    push("pattern", at, at + found.length);
  }
  // What a file is said to hold (配置文件里写了 redis_password, 文件中写着 8443, a file mentioning X) is a pattern to look for in it.
  for (const m of text.matchAll(WRITTEN_IN)) {
    const at = m.index + m[0].length - m[1]!.length;
    push("pattern", at, at + m[1]!.length);
  }
  // Text quoted by what follows it (listen 8080 这句, ERROR 字样) is the text itself.
  for (const m of text.matchAll(/(?<=^|[\s\p{Script=Han}])([^\s\p{Script=Han}][^\p{Script=Han}]*?)\s*(?=这句|这行|这段话|这个词|这几个字|字样)/gu))
    push("quote", m.index, m.index + m[1]!.length);
  // So does what follows a text field named for it (标题写, 说明就写, 备注是, titled, with the description), unless quoted: the quote is the text;
  // and what someone is to be told (跟霜砚说一下，…; 发条警告，说…; let them know …), someone other than the one asking (跟我说 asks to be told).
  const intro =
    /就说|(?:跟|和|给|同|向)(?!我)[^\s的，。；！？,;!?:]{1,12}?(?:说|讲)(?:一下|一声|下)?(?![过了的])[,:]?|(?:^|[,;.!?])\s*说(?![明过了的一])|告诉大家|\blet (?:him|her|them|everyone|everybody|[a-z][\w-]*) know(?: that)?\b|\btell (?:him|her|them|everyone|everybody|[a-z][\w-]*) that\b|内容是|内容为|写着|(?:标题|说明|备注|描述|消息|留言|正文)(?:就|都)?(?:写成|写上|写|是|为|填)(?!\s*["'“‘`])|\bsaying\b|\bthat says\b|\b(?:titled|entitled|with (?:the |a )?(?:message|title|description|note|body))\b(?!\s*["'“‘`])/u.exec(
      text,
    );
  if (intro !== null) push("content", intro.index + intro[0].length, text.length);
  return values;
}

/**
 * A file in a repository at a ref, as code hosts write one
 * (`owner/name:docs/ARCH.md@v2.0.0`, `owner/name@v1.2.0`): the repository,
 * the path inside it and the branch, tag or commit, each a value of its own
 * kind — not an email address, which the `@` and the dots after it resemble
 * (docs/matching.md, "Values"). The path holds a folder or ends in a file
 * name: `owner/image:1.25` is an image and its tag.
 */
const REPOSITORY_FILE = /^([a-z0-9][\w.-]*\/[\w.-]+)(?::([\w.-]+(?:\/[\w.-]+)+|[\w.-]*\.[a-z][a-z0-9]*))?(?:@([\w./-]+))?$/;

function repositoryParts(token: { text: string; start: number }): Value[] {
  const m = REPOSITORY_FILE.exec(token.text);
  if (m === null || (m[2] === undefined && m[3] === undefined)) return [];
  const parts: Value[] = [{ kind: "repo", start: token.start, end: token.start + m[1]!.length }];
  let at = token.start + m[1]!.length + 1;
  if (m[2] !== undefined) {
    parts.push({ kind: "path", start: at, end: at + m[2].length });
    at += m[2].length + 1;
  }
  const ref = m[3] === undefined ? undefined : tokenKind(m[3], "", undefined, "");
  if (ref !== undefined) parts.push({ kind: ref, start: at, end: at + m[3]!.length });
  return parts;
}

/** Where a file holds some text (里写了, 中写着, mentioning) and the text, up to a space or Chinese. */
const WRITTEN_IN = /(?:[里中]\s*(?:面)?\s*写(?:了|着|有)|\bmention(?:s|ing|ed)?)\s*([^\s\p{Script=Han}，。；！？,;!?]+)/gu;

/**
 * Runs of anything but space, Han, brackets, commas and sentence punctuation
 * (NFKC has made a Chinese ，；：！？ ASCII); a trailing . : ! ? is not part of one.
 */
function tokens(text: string): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  for (const m of text.matchAll(/[^\s\p{Script=Han}()[\]{}<>"'“”‘’。、,;!?]+/gu)) {
    const token = m[0].replace(/[,.:;!?]+$/, "");
    if (token !== "") out.push({ text: token, start: m.index, end: m.index + token.length });
  }
  return out;
}

/** The kind of one token, or undefined for a plain word. `before` is the text before it, `original` the token before lower-casing. */
function tokenKind(token: string, before: string, original: string | undefined, whole: string): ValueKind | undefined {
  if (/^(?:https?|ftp):\/\/\S/.test(token)) return "url";
  if (/^[a-z][a-z0-9+.-]*:\/\/\S/.test(token)) return "uri";
  if (/^[^@\s]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(token)) return "email";
  if (/^(?:~|\.{1,2})?\/./.test(token) || /^\.{1,2}\/$/.test(token)) return "path"; // ./ and ../: here, and the folder above
  if (original !== undefined && HTTP_METHOD.test(original) && HTTP_CONTEXT.test(whole)) return "method";
  // a relative path: three parts or more, or ending in a file name (tools/notify/TOOL.hdlp, native-repo/tools/)
  if (/^[\w.-]+(?:\/[\w.-]+){2,}\/?$|^[\w.-]+\/[\w.-]+\.[a-z0-9]{1,5}$|^[\w.-]+\/[\w.-]+\/$/.test(token)) return "path";
  if (/^\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?(?::\d+)?$/.test(token)) return "ip";
  if (/^[\w./-]+\.{2,3}[\w./-]+$/.test(token)) return "range";
  if (/^v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$/.test(token) || /^v\d+$/.test(token)) return "version";
  if (/^\d{4}-\d{1,2}-\d{1,2}(?:t[\d:]+z?)?$/.test(token)) return "date";
  // a time of day (02:00, 23:59:30), not a host's port
  if (/^(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/.test(token)) return "date";
  if (/^\d+(?:\.\d+)?(?:ms|s|m|h|d|w)$/.test(token)) return "duration";
  if (/^\d+(?:\.\d+)?%$/.test(token)) return "percent";
  if (/^[#!]\d+$/.test(token)) return "ref";
  if (/^\d+$/.test(token)) {
    const n = Number(token);
    if (REF_WORD.test(before)) return "ref";
    if (n > 0 && n <= 65535 && (PORT_WORD.test(before) || WELL_KNOWN_PORTS.has(n))) return "port";
    if (/^0?[0-7]{3}$/.test(token) && /[4-7]/.test(token[token.length - 3]!)) return "mode";
    return "number";
  }
  if (/[*?]/.test(token) && /[a-z0-9]/.test(token)) return "pattern";
  if (/^[\w.-]+=[\w.,*/:-]+$/.test(token)) return "assignment";
  if (/^[a-z][\w-]*:[\w*:.@-]+$/.test(token)) return "key";
  if (/^[a-z0-9][\w.-]*\/[\w.-]+$/.test(token) && !/^\d/.test(token)) return "repo";
  if (/^[0-9a-f]{7,40}$/.test(token) && /\d/.test(token) && /[a-f]/.test(token)) return "commit";
  if (/^[\w-]+(?:\.[\w-]+)+$/.test(token)) {
    if (TLD.test(token) || token.split(".").length > 3) return "host";
    return /\.[a-z][a-z0-9]{0,4}$/.test(token) ? "filename" : "name"; // nginx.conf, app.conf.bak; order.created is a name
  }
  if (/\d/.test(token) && /[a-z]/.test(token)) return "id";
  // snake_case, kebab-case (order-api, native-repo), and CamelCase names (an alert rule NodeDown, a class): product names among them are thesaurus words, taken back as words
  if (
    /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(token) ||
    /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(token) ||
    (original !== undefined && /^[A-Z]?[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(original))
  )
    return "name";
  return undefined;
}

/**
 * A value's shape, for matching a request value against a param's example:
 * letters become `a`, digits `9`, runs collapse, `-` and `_` drop, a leading
 * `v` before a digit goes (`ICE-GL-ZY001` and `zy001` are both `a9`;
 * `hldp://x/y/l4-t-003` is `a://a/a/a9a9`). Undefined for a bare word or
 * number, which says nothing.
 */
export function shapeOf(value: string): string | undefined {
  const shape = value
    .replace(/^v(?=\d)/, "")
    .replace(/[a-z]+/g, "a")
    .replace(/\d+/g, "9")
    .replace(/[-_]/g, "")
    .replace(/a+/g, "a")
    .replace(/9+/g, "9");
  return shape === "a" || shape === "9" ? undefined : shape;
}
