/**
 * A corpus of realistic, varied TOOL.hdlp files for the benchmarks.
 *
 * `generateTool(i)` is deterministic (a seeded generator per index), so every
 * benchmark measures the same text. The files use every construct of the
 * format the way authors do: the seed's canonical layout most of the time,
 * params as block maps or multi-line `{ … }`, `|`/`>` block text, comments,
 * quoted strings with escapes, lists, CRLF and a BOM now and then. Field names,
 * executors and methods come from the catalogue, and every file is meant to
 * lint clean, so a lint benchmark measures the clean path. They are also
 * valid YAML (no `: ` inside plain values, which YAML forbids and we allow),
 * so the YAML parsers in the comparison read exactly the same files.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EXECUTORS, FIELDS, type ExecutorSpec, type MethodSpec } from "../packages/parser/src/index.ts";

/** A small, fast, seeded PRNG (mulberry32): the same index always gives the same file. */
function random(seed: number): () => number {
  let a = (seed * 0x9e3779b1 + 0x6d2b79f5) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ["read", "list", "sync", "check", "fetch", "build", "deploy", "scan", "clean", "backup", "restart", "report", "watch", "index", "search"];
const NOUNS = ["logs", "cache", "repo", "module", "disk", "service", "config", "commits", "release", "issue", "metrics", "backup", "queue", "user", "cert"];
const ZH_ACTIONS = ["读取", "列出", "同步", "检查", "获取", "构建", "部署", "扫描", "清理", "备份", "重启", "汇报", "监视", "索引", "搜索"];
const ZH_OBJECTS = ["日志", "缓存", "仓库", "模块", "磁盘", "服务", "配置", "提交记录", "发布", "工单", "指标", "备份", "队列", "用户", "证书"];
const REASONS = [
  "铸渊需要在不登录服务器的情况下完成这一步",
  "人工操作容易出错，而且没有回执",
  "这是每日巡检的一部分：结果要原样返回给铸渊",
  "冰朔要求所有变更都可追溯",
  "旧脚本散落在各处，统一成一个工具",
];
const AUTHORS = ["ICE-GL-ZY001", "TCS-0002", "ICE-GL-ZY002", "BS-SG-001"];
const PARAM_NAMES = ["path", "count", "since", "branch", "query", "limit", "target", "format", "verbose", "timeout", "pattern", "mode"];
const PARAM_TYPES = ["string", "integer", "boolean", "string", "number", "string"] as const;

// Fields by position: the seed's ten in the catalogue's order (0–9), then the optional ones (10 `command`, 11 `endpoint`).
const FIELD_NAMES = [...FIELDS.filter((field) => field.required), ...FIELDS.filter((field) => !field.required)].map((field) => field.name);
const fieldName = (index: number): string => FIELD_NAMES[index]!;
const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

interface Param {
  readonly name: string;
  readonly type: (typeof PARAM_TYPES)[number];
  readonly required: boolean;
  readonly description: string;
  readonly enumValues?: readonly string[];
  readonly defaultValue?: string;
}

function paramsFor(next: () => number, executor: ExecutorSpec, method: MethodSpec): Param[] {
  if (executor.methods.kind === "fixed" && executor.name === "git-forgejo") {
    return method.params.map((p) => ({ name: p.name, type: "string", required: p.need === "required", description: p.doc.zh }));
  }
  if (executor.name === "gatekeeper" && method.name === "exec") {
    const params: Param[] = [{ name: "cmd", type: "string", required: true, description: "要执行的shell命令" }];
    if (next() < 0.5) params.push({ name: "cwd", type: "string", required: false, description: "工作目录" });
    return params;
  }
  const count = Math.floor(next() * 5);
  const names = new Set<string>();
  while (names.size < count) names.add(pick(next, PARAM_NAMES));
  return [...names].map((name, i) => {
    const type = pick(next, PARAM_TYPES);
    const required = i === 0 || next() < 0.4;
    const param: Param = { name, type, required, description: `${pick(next, ZH_OBJECTS)}的${name}` };
    if (!required && type === "integer" && next() < 0.5) return { ...param, defaultValue: String(1 + Math.floor(next() * 100)) };
    if (type === "string" && next() < 0.2) return { ...param, enumValues: ["short", "full", "json"] };
    return param;
  });
}

function paramFlow(p: Param): string {
  const extra = (p.defaultValue ? `, default: ${p.defaultValue}` : "") + (p.enumValues ? `, enum: [${p.enumValues.join(", ")}]` : "");
  return `{ type: ${p.type}, required: ${p.required}, description: "${p.description}"${extra} }`;
}

function paramsText(next: () => number, params: readonly Param[], eol: string): string {
  const key = fieldName(5);
  if (params.length === 0) return `${key}: {}${eol}`;
  const style = next();
  let out = `${key}:${eol}`;
  for (const p of params) {
    if (style < 0.7) {
      out += `  ${p.name}: ${paramFlow(p)}${eol}`;
    } else if (style < 0.9) {
      out += `  ${p.name}:${eol}    type: ${p.type}${eol}    required: ${p.required}${eol}    description: ${p.description}${eol}`;
      if (p.defaultValue) out += `    default: ${p.defaultValue}   # 缺省${eol}`;
      if (p.enumValues) out += `    enum:${eol}${p.enumValues.map((v) => `      - ${v}${eol}`).join("")}`;
    } else {
      out += `  ${p.name}: {${eol}    type: ${p.type},${eol}    required: ${p.required},${eol}    description: '${p.description}' }${eol}`;
    }
  }
  return out;
}

function templateFor(executor: ExecutorSpec, params: readonly Param[], verb: string, noun: string): string | undefined {
  const required = params.filter((p) => p.required).map((p) => `{${p.name}}`);
  const optional = params.filter((p) => !p.required).map((p) => `[--${p.name} {${p.name}}]`);
  if (executor.name === "shell") return [`${noun}ctl`, verb, ...required, ...optional].join(" ");
  if (executor.name === "hlpd-api") return `GET /${noun}/${required.length > 0 ? required[0] : "all"}`;
  return undefined;
}

/** The first draws of the i-th file: what its name depends on. */
function basics(i: number) {
  const next = random(i + 1);
  const eol = next() < 0.05 ? "\r\n" : "\n";
  const executor = pick(next, EXECUTORS);
  const methods = executor.methods.kind === "fixed" ? executor.methods.list : executor.methods.suggested;
  const method = pick(next, methods);
  const verbIndex = Math.floor(next() * VERBS.length);
  const nounIndex = Math.floor(next() * NOUNS.length);
  return { next, eol, executor, method, verbIndex, nounIndex, verb: VERBS[verbIndex] as string, noun: NOUNS[nounIndex] as string };
}

/** The tool (and folder) name of the i-th generated file. */
export function toolName(i: number): string {
  const { verb, noun } = basics(i);
  return `${verb}-${noun}-${i}`;
}

/** The text of the i-th generated TOOL.hdlp; its tool name is `toolName(i)`. */
export function generateTool(i: number): string {
  const { next, eol, executor, method, verbIndex, nounIndex, verb, noun } = basics(i);
  const params = paramsFor(next, executor, method);
  const reason = pick(next, REASONS);
  const lines: string[] = [];
  const field = (index: number, value: string): void => void lines.push(`${fieldName(index)}: ${value}${eol}`);

  if (next() < 0.3) lines.push(`# ${ZH_ACTIONS[verbIndex]}${ZH_OBJECTS[nounIndex]} · 由 ${pick(next, AUTHORS)} 维护${eol}`);
  field(0, toolName(i));
  field(1, `${ZH_OBJECTS[nounIndex]}${ZH_ACTIONS[verbIndex]}`);
  field(
    2,
    next() < 0.2
      ? `"${ZH_ACTIONS[verbIndex]}${ZH_OBJECTS[nounIndex]}并返回结果: 原样返回\\n不加工"`
      : `${ZH_ACTIONS[verbIndex]}服务器上的${ZH_OBJECTS[nounIndex]}，结果原样返回`,
  );
  field(3, method.name);
  field(4, next() < 0.1 ? `${executor.name}   # ${executor.doc.zh.slice(0, 12)}` : executor.name);
  const template = templateFor(executor, params, verb, noun);
  if (template !== undefined) field(executor.name === "shell" ? 10 : 11, template);
  lines.push(paramsText(next, params, eol));
  const timeout = [5000, 10000, 30000, 60000, 120000][Math.floor(next() * 5)] as number;
  lines.push(
    `${fieldName(6)}:${eol}  timeout_ms: ${timeout}${eol}  max_output_bytes: ${[4096, 65536, 1048576][Math.floor(next() * 3)]}${eol}  require_confirm: ${next() < 0.2}${eol}`,
  );
  field(7, pick(next, AUTHORS));
  field(8, `2026-${String(1 + Math.floor(next() * 12)).padStart(2, "0")}-${String(1 + Math.floor(next() * 28)).padStart(2, "0")}`);
  const whyStyle = next();
  if (whyStyle < 0.6) field(9, `${reason}。这是${ZH_OBJECTS[nounIndex]}相关操作的基础工具。`);
  else {
    const header = whyStyle < 0.85 ? "|" : ">-";
    lines.push(
      `${fieldName(9)}: ${header}${eol}  ${reason}。${eol}  ${ZH_ACTIONS[verbIndex]}${ZH_OBJECTS[nounIndex]}以前要登录服务器手工完成，${eol}  现在通过 ${executor.name} 执行，结果原样返回。${eol}`,
    );
  }
  const text = lines.join("");
  return i % 97 === 0 ? `\uFEFF${text}` : text;
}

/** Write `n` tool folders (`<dir>/<name>/TOOL.hdlp`); returns the file paths and total bytes. */
export async function writeCorpus(dir: string, n: number): Promise<{ files: string[]; bytes: number }> {
  const files: string[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const folder = join(dir, toolName(i));
    await mkdir(folder, { recursive: true });
    const file = join(folder, "TOOL.hdlp");
    const text = generateTool(i);
    await writeFile(file, text);
    bytes += Buffer.byteLength(text);
    files.push(file);
  }
  return { files, bytes };
}

/** Requests the matching benchmarks time, Chinese and English, some served by the corpus and some not. */
export const MATCH_INTENTS = [
  "查看最近的提交记录",
  "重启服务",
  "清理磁盘缓存",
  "备份配置",
  "查一下 nginx 的 error log",
  "list the open issues",
  "sync the repo",
  "读取服务器上的日志",
  "检查证书是否过期",
  "deploy the release",
  "搜索模块",
  "汇报指标",
  "帮我订一张去上海的机票",
  "watch the queue metrics",
  "扫描用户",
  "fetch commits since monday",
];

/** A tool that runs `/bin/true`: what the call-overhead benchmarks time against a bare spawn. */
export const TRUE_TOOL = [
  "name: true-tool",
  "display: 空操作",
  "intent: 什么也不做",
  "method: exec",
  "executor: shell",
  "command: /bin/true",
  "params_schema: {}",
  "constraints:",
  "  timeout_ms: 30000",
  "  max_output_bytes: 65536",
  "  require_confirm: false",
  "author: ICE-GL-ZY001",
  "created: 2026-05-31",
  "why: 基准测试。",
].join("\n");
