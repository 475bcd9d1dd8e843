/**
 * The layout of `hdlp.config.json`, declared once as a JSON Schema (2020-12):
 * `hdlp schema --config` prints it for editors, the loader validates every
 * file against it (ajv, config/validate.ts), and docs/config.md is checked
 * against it (config.md.test.ts). A key, a type, a default or a limit is
 * changed here and nowhere else.
 *
 * A section with defaults inside has `default: {}`, so that its keys' defaults
 * apply when the section is absent (the loader fills them in with ajv's
 * useDefaults). `writeOnly` marks a secret: never quoted back, masked when shown.
 *
 * `title` on a schema with a pattern or a count says, as a noun phrase, what
 * a value must be: the loader's messages read it ("must be <title>").
 */
import { TOOL_NAME_PATTERN, TOOLS_FOLDER_NAME } from "@hdlp/parser";
import { REPO_NAME } from "../executors/git-forgejo/api.ts";
import { MIN_SECRET_LENGTH } from "../executors/http/secrets.ts";

export type Schema = { readonly [key: string]: unknown };

const doc = (en: string, zh: string) => `${en}\n${zh}`;

/** A tool name or a glob over tool names: the characters of TOOL_NAME_PATTERN, with `*` (any run) and `?` (one character). */
export const TOOL_GLOB_PATTERN = /^[A-Za-z0-9._*?-]+$/;
/** A variable name a program can read from its environment. */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ABSOLUTE_PATH = /^\//;

const token: Schema = {
  type: "string",
  minLength: MIN_SECRET_LENGTH,
  writeOnly: true,
  title: `a token of at least ${MIN_SECRET_LENGTH} characters`,
  description: doc(
    `Bearer token. Prefer the environment variable (it wins over the file). At least ${MIN_SECRET_LENGTH} characters: a shorter one cannot be masked safely.`,
    `访问令牌。建议用环境变量设置（环境变量优先于文件）。至少 ${MIN_SECRET_LENGTH} 个字符：过短的令牌无法安全地遮蔽。`,
  ),
};

const url: Schema = {
  type: "string",
  pattern: "^https?://",
  title: "an http:// or https:// URL",
  description: doc("The server's root URL; a path is kept (https://host/api + /modules/7).", "服务器的根 URL；路径会保留。"),
};

const endpointProperties = { url, token };

const endpoint = (what: Schema["description"]): Schema => ({
  type: "object",
  description: what,
  properties: endpointProperties,
  additionalProperties: false,
});

const toolGlobs = (what: string, zh: string): Schema => ({
  type: "array",
  description: doc(what, zh),
  default: [],
  items: { type: "string", pattern: TOOL_GLOB_PATTERN.source, title: "a tool name or a glob (`git-*`, `db-?`)" },
});

const absolutePaths = (what: string, zh: string): Schema => ({
  type: "array",
  description: doc(what, zh),
  default: [],
  items: { type: "string", pattern: ABSOLUTE_PATH.source, title: "an absolute path" },
});

const secretSource: Schema = {
  type: "object",
  title: 'exactly one of {"env": "NAME"} or {"file": "/path"}',
  description: doc(
    "Where the value is read when a call of the tool starts: a variable of hdlp's own environment, or a file (one trailing newline dropped).",
    "调用开始时从何处读取该值：hdlp 自身环境中的一个变量，或一个文件（去掉末尾的一个换行）。",
  ),
  properties: {
    env: {
      type: "string",
      pattern: ENV_NAME_PATTERN.source,
      title: "a variable name",
      description: doc("Read from this variable of hdlp's environment.", "从 hdlp 环境中的这个变量读取。"),
    },
    file: { type: "string", pattern: ABSOLUTE_PATH.source, title: "an absolute path", description: doc("Read from this file.", "从这个文件读取。") },
  },
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
};

export const CONFIG_SCHEMA: Schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://hdlp.dev/schemas/hdlp.config.schema.json",
  title: "hdlp.config.json",
  description: doc(
    "The operator's configuration of hdlp: executors, registry, which tools may run, ceilings, secrets, sandbox, MCP. See docs/config.md.",
    "hdlp 的运维配置：执行器、工具仓库、允许运行的工具、上限、密钥、沙箱、MCP。见 docs/config.md。",
  ),
  type: "object",
  properties: {
    $schema: { type: "string", description: doc("The schema editors check this file against (`hdlp schema --config`).", "编辑器用来校验本文件的 schema。") },
    gatekeepers: {
      type: "object",
      description: doc("Named gatekeepers (the seed's translator), e.g. BS-SG-001.", "命名的 gatekeeper（翻译器），如 BS-SG-001。"),
      additionalProperties: endpoint(doc("One gatekeeper.", "一个 gatekeeper。")),
    },
    default_gatekeeper: {
      type: "string",
      description: doc(
        "The gatekeeper a call uses when it names none (--target); default: the first listed.",
        "调用未指定 --target 时使用的 gatekeeper；默认为列出的第一个。",
      ),
    },
    api: endpoint(doc("The HLDP API (executor hlpd-api).", "HLDP API（hlpd-api 执行器）。")),
    forgejo: {
      type: "object",
      description: doc("The Forgejo server (executor git-forgejo), its root without /api/v1.", "Forgejo 服务器（git-forgejo 执行器），根地址，不含 /api/v1。"),
      properties: {
        ...endpointProperties,
        default_repo: {
          type: "string",
          pattern: REPO_NAME.source,
          title: "a repository written owner/name",
          description: doc("The repository of a call that names none, owner/name.", "调用未指定仓库时使用的仓库，写作 owner/name。"),
        },
      },
      additionalProperties: false,
    },
    registry: {
      type: "object",
      default: {},
      description: doc("Where the tools are read from.", "从哪里读取工具。"),
      properties: {
        root: {
          type: "string",
          minLength: 1,
          title: "a folder, or forgejo:OWNER/REPO[@REF][:PATH]",
          default: TOOLS_FOLDER_NAME,
          description: doc(
            "A folder (relative to this file; by default the tools/ beside it) or forgejo:OWNER/REPO[@REF][:PATH] (PATH defaults to tools).",
            "一个文件夹（相对于本文件；默认为本文件旁的 tools/），或 forgejo:OWNER/REPO[@REF][:PATH]（PATH 默认为 tools）。",
          ),
        },
      },
      additionalProperties: false,
    },
    tools: {
      type: "object",
      default: {},
      description: doc(
        "Which registered tools may run, for call, match and mcp. Deny wins over allow; an empty allow list allows every tool.",
        "哪些已注册的工具可以运行（call、match、mcp）。deny 优先于 allow；allow 为空表示允许全部。",
      ),
      properties: {
        allow: toolGlobs("Only these tools (names or globs).", "只允许这些工具（名称或通配）。"),
        deny: toolGlobs("Never these tools (names or globs).", "禁止这些工具（名称或通配）。"),
      },
      additionalProperties: false,
    },
    ceilings: {
      type: "object",
      default: {},
      description: doc(
        "The operator's maxima: a tool file or a caller asking for more gets the ceiling, and the envelope says so (ceilings_applied).",
        "运维设定的上限：工具文件或调用方要求更多时取上限，并在结果中注明（ceilings_applied）。",
      ),
      properties: {
        timeout_ms: { type: "integer", minimum: 1, description: doc("The longest a call may run, in ms.", "一次调用最长运行时间（毫秒）。") },
        max_output_bytes: { type: "integer", minimum: 1, description: doc("The most output a call may keep, in bytes.", "一次调用最多保留的输出字节数。") },
      },
      additionalProperties: false,
    },
    secrets: {
      type: "object",
      default: {},
      description: doc(
        "Tool name → (variable in that tool's environment → where its value comes from). Only that tool gets it, masked in its output and the audit log.",
        "工具名 →（该工具环境中的变量名 → 值的来源）。只有该工具能得到它，并在输出和审计日志中遮蔽。",
      ),
      propertyNames: { pattern: TOOL_NAME_PATTERN.source, title: "a tool name" },
      additionalProperties: {
        type: "object",
        propertyNames: { pattern: ENV_NAME_PATTERN.source, title: "a variable name" },
        additionalProperties: secretSource,
      },
    },
    sandbox: {
      type: "object",
      default: {},
      description: doc("The shell executor's isolation (docs/security.md).", "shell 执行器的隔离（docs/security.md）。"),
      properties: {
        mode: {
          enum: ["on", "off", "required"],
          default: "on",
          description: doc(
            "on: sandboxed where bubblewrap works, unconfined (said once) where not; required: refuse to run without it; off: never.",
            "on：在 bubblewrap 可用处隔离，否则不隔离（提示一次）；required：没有沙箱则拒绝运行；off：从不隔离。",
          ),
        },
        network: {
          type: "boolean",
          default: false,
          description: doc("Whether a tool that declares it needs the network may have it.", "声明需要网络的工具是否可以联网。"),
        },
        read: absolutePaths("Paths readable inside the sandbox, beyond what programs need to run.", "沙箱内额外可读的路径。"),
        write: absolutePaths("Paths a tool may be granted write access to, when it declares them.", "工具声明时可被授予写权限的路径。"),
      },
      additionalProperties: false,
    },
    mcp: {
      type: "object",
      default: {},
      description: doc("The MCP server (hdlp mcp).", "MCP 服务器（hdlp mcp）。"),
      properties: {
        pre_approved: {
          type: "array",
          default: [],
          description: doc(
            "Tools the MCP server may run without asking, although they require confirmation.",
            "MCP 服务器无需询问即可运行的工具（即使它们要求确认）。",
          ),
          items: { type: "string", pattern: TOOL_NAME_PATTERN.source, title: "a tool name" },
        },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};
