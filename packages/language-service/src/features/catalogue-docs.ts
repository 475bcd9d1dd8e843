/**
 * Markdown about fields, keys, executors and methods, for hover and for the
 * documentation of completion items. Every word comes from the catalogue.
 */
import {
  type Doc,
  type ExecutorSpec,
  type FieldSpec,
  type KeySpec,
  type MethodSpec,
  EXECUTORS,
  EXECUTOR_NAMES,
  PARAM_TYPES,
  PARAM_KEYS,
  CONSTRAINT_KEYS,
  executorSpec,
} from "@hdlp/parser";

/** The values a value may take, when the catalogue closes the set. */
export function fieldValues(field: FieldSpec, executor: string | undefined): readonly string[] | undefined {
  if (field.type === "executor") return EXECUTOR_NAMES;
  if (field.type === "method") {
    const spec = executor === undefined ? undefined : executorSpec(executor);
    if (spec?.methods.kind === "fixed") return spec.methods.list.map((m) => m.name);
  }
  return undefined;
}

export function keyValues(key: KeySpec): readonly string[] | undefined {
  if (key.type === "param-type") return PARAM_TYPES;
  if (key.type === "boolean") return ["true", "false"];
  return undefined;
}

/** The methods completion offers for an executor: its fixed list, or the suggested ones of an open executor. */
export function methodsOf(executor: string | undefined): readonly MethodSpec[] {
  const spec = executor === undefined ? undefined : executorSpec(executor);
  if (spec) return spec.methods.kind === "fixed" ? spec.methods.list : spec.methods.suggested;
  return EXECUTORS.flatMap((e) => (e.methods.kind === "fixed" ? e.methods.list : e.methods.suggested)).filter(
    (m, i, all) => all.findIndex((n) => n.name === m.name) === i,
  );
}

function docLines(doc: Doc): string[] {
  return [doc.zh, "", doc.en];
}

function values(list: readonly string[]): string {
  return list.map((v) => `\`${v}\``).join(" · ");
}

export function fieldMarkdown(field: FieldSpec, executor?: string): string {
  const lines = [`**${field.name}** · \`${field.type}\` · ${field.required ? "required · 必填" : "optional · 可选"}`, "", ...docLines(field.doc), ""];
  const allowed = fieldValues(field, executor);
  if (allowed) lines.push(`Allowed values · 可选值: ${values(allowed)}`, "");
  if (field.type === "params") lines.push(`Param keys · 参数键: ${values(PARAM_KEYS.map((k) => k.name))}`, "");
  if (field.type === "constraints") lines.push(`Keys · 键: ${values(CONSTRAINT_KEYS.map((k) => k.name))}`, "");
  lines.push("Example · 示例:", "", "```hdlp", `${field.name}: ${field.example}`, "```");
  return lines.join("\n");
}

/** `within` names the block the key belongs to: `params_schema.<param>` or `constraints`. */
export function keyMarkdown(key: KeySpec, within: string): string {
  const lines = [`**${within}.${key.name}** · \`${key.type}\` · ${key.required ? "required · 必填" : "optional · 可选"}`, "", ...docLines(key.doc), ""];
  const allowed = keyValues(key);
  if (allowed) lines.push(`Allowed values · 可选值: ${values(allowed)}`, "");
  if (key.default !== undefined) lines.push(`Default · 缺省: \`${String(key.default)}\``, "");
  lines.push(`Example · 示例: \`${key.name}: ${key.example}\``);
  return lines.join("\n");
}

export function executorMarkdown(executor: ExecutorSpec): string {
  const methods = executor.methods.kind === "fixed" ? executor.methods.list : executor.methods.suggested;
  const label = executor.methods.kind === "fixed" ? "Methods · 方法" : "Suggested methods (any dotted name is passed through) · 常用方法";
  return [`**executor: ${executor.name}**`, "", ...docLines(executor.doc), "", `${label}: ${values(methods.map((m) => m.name))}`].join("\n");
}

export function methodMarkdown(method: MethodSpec, executor: string | undefined): string {
  const lines = [`**method: ${method.name}**${executor ? ` · executor \`${executor}\`` : ""}`, "", ...docLines(method.doc)];
  if (method.params.length > 0) {
    lines.push("", "Params · 参数:", "");
    for (const param of method.params) {
      const allowed = param.values ? ` · Allowed values · 可选值: ${values(param.values)}` : "";
      lines.push(`- \`${param.name}\` (${param.need}) — ${param.doc.zh} · ${param.doc.en}${allowed}`);
    }
  }
  return lines.join("\n");
}
