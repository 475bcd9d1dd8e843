/**
 * The field catalogue: the one place that says what a TOOL.hdlp may contain.
 *
 * The linter, the formatter (field order), the JSON Schema export, the
 * language server (completion, hover) and the runtime (defaults) all read
 * these tables; nothing else declares a field name, a type or a default.
 * The tables are `as const`, so the names are types (`FieldName`,
 * `ParamKeyName`, `ConstraintKeyName`): a lookup by a misspelt name fails the
 * type check.
 */

export interface Doc {
  readonly zh: string;
  readonly en: string;
}

/** How a top-level field's value is read. */
export type FieldType =
  | "identifier" // English, no spaces: `name`
  | "string" // one line of prose
  | "text" // prose, may be a `|`/`>` block
  | "executor"
  | "method"
  | "date" // YYYY-MM-DD, a real calendar day
  | "params" // map of param name → param spec
  | "constraints"
  | "command" // argv template (shell executor)
  | "endpoint"; // `VERB /path/{param}` (hlpd-api REST)

export interface FieldSpec<Name extends string = string> {
  readonly name: Name;
  readonly type: FieldType;
  readonly required: boolean;
  readonly doc: Doc;
  /** A value that lints clean, for completion snippets and docs. */
  readonly example: string;
}

const FIELD_TABLE = [
  {
    name: "name",
    type: "identifier",
    required: true,
    doc: { zh: "工具名（英文、无空格），与所在文件夹同名。", en: "Tool name: English, no spaces; matches its folder name." },
    example: "shell-exec",
  },
  {
    name: "display",
    type: "string",
    required: true,
    doc: { zh: "显示名（中文）。", en: "Display name, usually Chinese." },
    example: "Shell命令执行",
  },
  {
    name: "intent",
    type: "string",
    required: true,
    doc: { zh: "一句话描述这个工具做什么；意图匹配以它为主。", en: "One sentence saying what the tool does; intent matching reads it first." },
    example: "在服务器上执行一条shell命令并返回结果",
  },
  {
    name: "method",
    type: "method",
    required: true,
    doc: {
      zh: "执行方法名（对应 executor 的调用方式）：shell 只有 exec；gatekeeper、hlpd-api 为远端动词（如 exec、cache.get）；git-forgejo 为固定的一组方法。",
      en: "Method name, as the executor understands it: shell knows only `exec`; gatekeeper and hlpd-api pass the remote verb through (`exec`, `cache.get`); git-forgejo has a fixed set.",
    },
    example: "exec",
  },
  {
    name: "executor",
    type: "executor",
    required: true,
    doc: { zh: "执行方式：gatekeeper | hlpd-api | git-forgejo | shell。", en: "How the tool runs: gatekeeper | hlpd-api | git-forgejo | shell." },
    example: "gatekeeper",
  },
  {
    name: "command",
    type: "command",
    required: false,
    doc: {
      zh: "shell 执行器的参数模板：`git log -n {count}`。按空白拆成参数，{参数} 在各自的参数内替换，不经过 shell；可选参数只能写在 [可选组] 中。",
      en: "Argv template for the shell executor: `git log -n {count}`. Split into arguments on whitespace; each {param} is substituted inside its own argument, never through a shell; an optional param may appear only inside an [optional group].",
    },
    example: "git log --oneline -n {count}",
  },
  {
    name: "endpoint",
    type: "endpoint",
    required: false,
    doc: {
      zh: "hlpd-api 的 REST 调用：`GET /modules/{id}`。路径参数编码后替换，其余参数作查询串（GET、DELETE）或 JSON 正文。",
      en: "REST call for hlpd-api: `GET /modules/{id}`. Path params are substituted encoded; the rest go in the query (GET, DELETE) or a JSON body.",
    },
    example: "GET /modules/{id}",
  },
  {
    name: "params_schema",
    type: "params",
    required: true,
    doc: {
      zh: "参数定义：{ 参数名: { type, required, description } }。没有参数时写 {}。",
      en: "Parameters: { name: { type, required, description } }. Write {} for none.",
    },
    example: '{ type: string, required: true, description: "要执行的shell命令" }',
  },
  {
    name: "constraints",
    type: "constraints",
    required: true,
    doc: {
      zh: "执行约束：timeout_ms、max_output_bytes、require_confirm（为 true 时需确认才执行）。",
      en: "Execution limits: timeout_ms, max_output_bytes, require_confirm (true: runs only when confirmed).",
    },
    example: "timeout_ms: 30000",
  },
  {
    name: "author",
    type: "string",
    required: true,
    doc: { zh: "谁写的（人格体编号）。", en: "Who wrote it (persona id)." },
    example: "ICE-GL-ZY001",
  },
  {
    name: "created",
    type: "date",
    required: true,
    doc: { zh: "创建日期，YYYY-MM-DD。", en: "Creation date, YYYY-MM-DD." },
    example: "2026-05-31",
  },
  {
    name: "why",
    type: "text",
    required: true,
    doc: { zh: "为什么需要这个工具（HLDP 核心——知道原因）。", en: "Why the tool exists (the heart of HLDP: know the reason)." },
    example: "铸渊需要通过gatekeeper执行服务器命令。",
  },
] as const satisfies readonly FieldSpec[];

/** The name of a top-level field the catalogue declares. */
export type FieldName = (typeof FIELD_TABLE)[number]["name"];

/**
 * Every field, in canonical order (the formatter's, the fixes', the schema's):
 * the ten of the seed's §7 in its order, with the optional `command` and
 * `endpoint` beside `executor`, since they say how the tool runs.
 */
export const FIELDS: readonly FieldSpec<FieldName>[] = FIELD_TABLE;

/** `name`: English letters, digits, `-`, `_` and `.`, starting with a letter or digit; no spaces. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A param name, as `{placeholders}` and `key=value` arguments can name it. */
export const PARAM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A path a sandbox can bind: absolute, without a NUL. */
export const ABSOLUTE_PATH = /^\/[^\0]*$/;

/** `created`: a calendar day written YYYY-MM-DD. */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const REQUIRED_FIELDS: readonly FieldName[] = FIELDS.filter((f) => f.required).map((f) => f.name);

const FIELD_BY_NAME: ReadonlyMap<string, FieldSpec<FieldName>> = new Map(FIELDS.map((f) => [f.name, f]));

/** Each field's spec by name: typed lookups (`FIELD.created`) cannot misspell it. */
export const FIELD = Object.fromEntries(FIELDS.map((f) => [f.name, f])) as { readonly [N in FieldName]: FieldSpec<N> };

/** The spec of a key as written in a file, when the catalogue declares it. */
export function fieldSpec(name: string): FieldSpec<FieldName> | undefined {
  return FIELD_BY_NAME.get(name);
}

export function isFieldName(name: string): name is FieldName {
  return FIELD_BY_NAME.has(name);
}

/** The JSON Schema types a param may declare. */
export const PARAM_TYPES = ["string", "integer", "number", "boolean", "array", "object"] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export interface KeySpec<Name extends string = string> {
  readonly name: Name;
  /**
   * `param-type`: one of PARAM_TYPES; `any`: must match the param's own type;
   * `items`: a type name or a map of ITEM_KEYS (catalogue/value-keys.ts);
   * `properties`: a map of name → a map of PARAM_KEYS.
   */
  readonly type: "param-type" | "boolean" | "string" | "positive-integer" | "non-negative-integer" | "list" | "absolute-paths" | "any" | "items" | "properties";
  readonly required: boolean;
  readonly default?: number | boolean;
  readonly doc: Doc;
  readonly example: string;
}

const PARAM_KEY_TABLE = [
  {
    name: "type",
    type: "param-type",
    required: true,
    doc: { zh: "参数类型：string、integer、number、boolean、array、object。", en: "Param type: string, integer, number, boolean, array, object." },
    example: "string",
  },
  {
    name: "required",
    type: "boolean",
    required: true,
    doc: { zh: "是否必填：true 或 false。", en: "Whether the param must be given: true or false." },
    example: "true",
  },
  {
    name: "description",
    type: "string",
    required: true,
    doc: { zh: "参数说明，意图匹配也会读它。", en: "What the param is; intent matching reads it too." },
    example: '"要执行的shell命令"',
  },
  {
    name: "default",
    type: "any",
    required: false,
    doc: { zh: "缺省值（类型须与 type 一致），仅用于非必填参数。", en: "Default value, of the param's type; only for optional params." },
    example: "10",
  },
  {
    name: "enum",
    type: "list",
    required: false,
    doc: { zh: "允许的取值列表。", en: "The values allowed." },
    example: "[a, b]",
  },
  {
    name: "items",
    type: "items",
    required: false,
    doc: {
      zh: "数组的元素（type: array 时）：写类型名 `items: string`，或写映射 `{ type, description, enum, items, properties }`；对象元素在 properties 下声明各字段，可逐层嵌套。",
      en: "What an array holds (with `type: array`): a type name, `items: string`, or a map `{ type, description, enum, items, properties }`; object elements declare their fields under `properties`, nested as deep as needed.",
    },
    example: "string",
  },
  {
    name: "properties",
    type: "properties",
    required: false,
    doc: {
      zh: "对象的字段（type: object 时）：{ 字段名: { type, required, description } }，写法与参数相同；声明后只接受这些字段。",
      en: "An object's fields (with `type: object`): { name: { type, required, description } }, written as params are; once declared, only these fields are accepted.",
    },
    example: '{ host: { type: string, required: true, description: "主机名" } }',
  },
] as const satisfies readonly KeySpec[];

/** The name of a key of a param that the catalogue declares. */
export type ParamKeyName = (typeof PARAM_KEY_TABLE)[number]["name"];

/** The keys of one param in `params_schema`, in canonical order. */
export const PARAM_KEYS: readonly KeySpec<ParamKeyName>[] = PARAM_KEY_TABLE;

const CONSTRAINT_KEY_TABLE = [
  {
    name: "timeout_ms",
    type: "positive-integer",
    required: true,
    default: 30000,
    doc: {
      zh: "超时（毫秒），缺省 30000；超时后整个进程树被终止。",
      en: "Timeout in milliseconds, 30000 when absent; on timeout the whole process tree is killed.",
    },
    example: "30000",
  },
  {
    name: "max_output_bytes",
    type: "non-negative-integer",
    required: true,
    default: 1048576,
    doc: {
      zh: "输出上限（字节），边流式读取边计数，超出部分丢弃并标记 truncated。",
      en: "Output cap in bytes, counted while streaming; the rest is dropped and the result marked truncated.",
    },
    example: "65536",
  },
  {
    name: "require_confirm",
    type: "boolean",
    required: true,
    default: false,
    doc: { zh: "为 true 时须经铸渊（或人）确认才执行。", en: "When true, the tool runs only after confirmation." },
    example: "false",
  },
  {
    name: "network",
    type: "boolean",
    required: false,
    default: false,
    doc: {
      zh: "shell 工具是否需要网络。沙箱默认没有网络；为 true 时仅在运维的沙箱策略允许联网（sandbox.network）时执行，否则拒绝并说明原因。",
      en: "Whether a shell tool needs the network. The sandbox has none by default; when true, the tool runs only where the operator's sandbox policy allows the network (sandbox.network), and is refused otherwise, saying why.",
    },
    example: "true",
  },
  {
    name: "write",
    type: "absolute-paths",
    required: false,
    doc: {
      zh: "shell 工具需要写入的绝对路径。沙箱中其余位置只读（/tmp 是私有的临时目录）；仅当这些路径都在运维允许写入的路径（sandbox.write）之内时授予，否则拒绝执行并说明缺什么。",
      en: "Absolute paths a shell tool needs to write. Everywhere else the sandbox is read-only (/tmp is a private scratch folder); they are granted only when all lie inside the paths the operator lets tools write (sandbox.write), and the call is refused otherwise, saying what is missing.",
    },
    example: "[/srv/reports]",
  },
] as const satisfies readonly KeySpec[];

/** The name of a constraint the catalogue declares. */
export type ConstraintKeyName = (typeof CONSTRAINT_KEY_TABLE)[number]["name"];

/** The keys of `constraints`, in canonical order. */
export const CONSTRAINT_KEYS: readonly KeySpec<ConstraintKeyName>[] = CONSTRAINT_KEY_TABLE;

/** Each constraint's spec by name, its literal default included: `CONSTRAINT.timeout_ms.default` is a number. */
export const CONSTRAINT = Object.fromEntries(CONSTRAINT_KEY_TABLE.map((k) => [k.name, k])) as {
  readonly [N in ConstraintKeyName]: Extract<(typeof CONSTRAINT_KEY_TABLE)[number], { readonly name: N }>;
};

/** The spec of a param key as written in a file, when the catalogue declares it. */
export function paramKeySpec(name: string): KeySpec<ParamKeyName> | undefined {
  return PARAM_KEYS.find((k) => k.name === name);
}

/** The spec of a constraint as written in a file, when the catalogue declares it. */
export function constraintKeySpec(name: string): KeySpec<ConstraintKeyName> | undefined {
  return CONSTRAINT_KEYS.find((k) => k.name === name);
}
