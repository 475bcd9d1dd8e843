/**
 * Completion: what may come at the cursor, from the catalogue.
 *
 * Keys not yet present in their map (top-level fields with snippets for the
 * block fields, param keys, constraint keys), the values a field allows
 * (executors, the chosen executor's methods, param types, booleans, today's
 * date for `created`, the folder's name for `name`), and a whole new tool in
 * an empty file.
 */
import {
  type CompletionItem,
  type CompletionList,
  type MarkupContent,
  type Position,
  type Range,
  CompletionItemKind,
  InsertTextFormat,
  MarkupKind,
} from "vscode-languageserver-types";
import {
  type FieldSpec,
  type KeySpec,
  CONSTRAINT_KEYS,
  EXECUTORS,
  FIELDS,
  PARAM_KEYS,
  PARAM_TYPES,
  constraintKeySpec,
  fieldSpec,
  keysOf,
  valueSpecAt,
  snippetPlaceholder,
  toolSkeleton,
} from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { executorMarkdown, fieldMarkdown, keyMarkdown, keyValues, methodMarkdown, methodsOf } from "./catalogue-docs.ts";
import { completionSite } from "./completion-site.ts";
import { offsetAt } from "./position.ts";

/** Typing these may open completion: the space after `executor:`, a colon, a flow map's opening. */
export const completionTriggerCharacters = [" ", ":", "{", ","];

export interface CompletionOptions {
  /** Today, for `created` (tests pin it). */
  readonly today: Date;
}

export function complete(analysis: Analysis, position: Position, options: CompletionOptions): CompletionList {
  const context = completionSite(analysis, offsetAt(analysis, position));
  const executor = analysis.document.fieldText("executor");
  const today = isoDate(options.today);
  let items: CompletionItem[] = [];
  switch (context.kind) {
    case "empty":
      items = [skeleton(context.replace, today, analysis.folder), ...FIELDS.map((field, i) => fieldItem(field, i, context.replace, today, executor))];
      break;
    case "key":
      items = keyItems(context.parent, context.present, context.replace, today, executor);
      break;
    case "value":
      items = valueItems(context.path, context.replace, context.space ? " " : "", today, executor, analysis.folder);
      break;
    case "none":
      break;
  }
  return { isIncomplete: false, items };
}

function keyItems(parent: readonly string[], present: ReadonlySet<string>, replace: Range, today: string, executor: string | undefined): CompletionItem[] {
  if (parent.length === 0) {
    return FIELDS.flatMap((field, i) => (present.has(field.name) ? [] : [fieldItem(field, i, replace, today, executor)]));
  }
  const owner = fieldSpec(parent[0]!);
  if (owner?.type === "constraints" && parent.length === 1) {
    return CONSTRAINT_KEYS.flatMap((key, i) => (present.has(key.name) ? [] : [keyItem(key, i, "constraints", replace)]));
  }
  // A new param, or a new field in an object's `properties`.
  if (owner?.type === "params" && (parent.length === 1 || (parent.at(-1) === "properties" && valueSpecAt(parent.slice(0, -1)) !== undefined)))
    return [newParamItem(replace)];
  const kind = valueSpecAt(parent);
  if (!kind) return [];
  return keysOf(kind).flatMap((key, i) => (present.has(key.name) ? [] : [keyItem(key, i, parent.join("."), replace)]));
}

function valueItems(
  path: readonly string[],
  replace: Range,
  space: string,
  today: string,
  executor: string | undefined,
  folder: string | undefined,
): CompletionItem[] {
  const owner = fieldSpec(path[0]!);
  if (!owner) return [];
  if (path.length === 1) {
    switch (owner.type) {
      case "executor":
        return EXECUTORS.map((spec, i) => valueItem(spec.name, i, CompletionItemKind.EnumMember, executorMarkdown(spec), replace, space));
      case "method":
        return methodsOf(executor).map((method, i) => valueItem(method.name, i, CompletionItemKind.Method, methodMarkdown(method, executor), replace, space));
      case "date":
        return [valueItem(today, 0, CompletionItemKind.Value, fieldMarkdown(owner), replace, space)];
      case "identifier":
        // A tool is named after its folder (the folder-name-mismatch rule).
        return folder === undefined ? [] : [valueItem(folder, 0, CompletionItemKind.Value, fieldMarkdown(owner), replace, space)];
      default:
        return [];
    }
  }
  const within = path.slice(0, -1);
  const spec = owner.type === "constraints" && path.length === 2 ? "constraints" : valueSpecAt(within);
  const key = spec === "constraints" ? constraintKeySpec(path[1]!) : spec && keysOf(spec).find((k) => k.name === path.at(-1));
  if (!key) return [];
  // `items: string`: the items' type, written alone.
  const values = key.type === "items" ? PARAM_TYPES : (keyValues(key) ?? (key.default !== undefined ? [String(key.default)] : []));
  const kind =
    key.type === "param-type" || key.type === "items"
      ? CompletionItemKind.TypeParameter
      : key.type === "boolean"
        ? CompletionItemKind.Keyword
        : CompletionItemKind.Value;
  return values.map((value, i) => valueItem(value, i, kind, keyMarkdown(key, within.join(".")), replace, space));
}

function markdown(value: string): MarkupContent {
  return { kind: MarkupKind.Markdown, value };
}

function sortText(rank: number): string {
  return String(rank).padStart(3, "0");
}

function valueItem(value: string, rank: number, kind: CompletionItemKind, doc: string, replace: Range, space: string): CompletionItem {
  return {
    label: value,
    kind,
    documentation: markdown(doc),
    sortText: sortText(rank),
    filterText: value,
    textEdit: { range: replace, newText: space + value },
  };
}

function fieldItem(field: FieldSpec, rank: number, replace: Range, today: string, executor: string | undefined): CompletionItem {
  return {
    label: field.name,
    kind: CompletionItemKind.Field,
    detail: `${field.type}${field.required ? " · required" : " · optional"}`,
    documentation: markdown(fieldMarkdown(field, executor)),
    // Required fields first, each group in the catalogue's order.
    sortText: sortText(rank + (field.required ? 0 : 100)),
    filterText: field.name,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: replace, newText: fieldSnippet(field, 1, today, executor).text },
  };
}

function keyItem(key: KeySpec, rank: number, within: string, replace: Range): CompletionItem {
  return {
    label: key.name,
    kind: CompletionItemKind.Property,
    detail: `${key.type}${key.required ? " · required" : " · optional"}`,
    documentation: markdown(keyMarkdown(key, within)),
    sortText: sortText(rank),
    filterText: key.name,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: replace, newText: `${key.name}: ${keySnippet(key, 1).text}` },
  };
}

function newParamItem(replace: Range): CompletionItem {
  return {
    label: "new param",
    kind: CompletionItemKind.Snippet,
    documentation: markdown(fieldMarkdown(fieldSpec("params_schema")!)),
    filterText: "param",
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: replace, newText: paramSnippet(1).text },
  };
}

/** The whole tool (the catalogue's skeleton), each value a tab stop. */
function skeleton(replace: Range, today: string, name: string | undefined): CompletionItem {
  return {
    label: "new tool",
    kind: CompletionItemKind.Snippet,
    detail: "TOOL.hdlp skeleton · 新工具骨架",
    documentation: markdown(
      FIELDS.filter((f) => f.required)
        .map((f) => `- \`${f.name}\` — ${f.doc.zh} · ${f.doc.en}`)
        .join("\n"),
    ),
    sortText: "!",
    filterText: "new tool",
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: replace, newText: toolSkeleton({ name: name ?? fieldSpec("name")!.example, created: today }, snippetPlaceholder) },
  };
}

interface Snippet {
  readonly text: string;
  /** The next free tab stop number. */
  readonly next: number;
}

function choice(stop: number, values: readonly string[]): string {
  return `\${${stop}|${values.map(escapeChoice).join(",")}|}`;
}

function placeholder(stop: number, text: string): string {
  return `\${${stop}:${escapePlaceholder(text)}}`;
}

function fieldSnippet(field: FieldSpec, stop: number, today: string, executor: string | undefined): Snippet {
  switch (field.type) {
    case "params": {
      const param = paramSnippet(stop);
      return { text: `${field.name}:\n  ${param.text}`, next: param.next };
    }
    case "constraints": {
      let next = stop;
      const lines = CONSTRAINT_KEYS.map((key) => {
        const value = keySnippet(key, next);
        next = value.next;
        return `  ${key.name}: ${value.text}`;
      });
      return { text: `${field.name}:\n${lines.join("\n")}`, next };
    }
    case "executor":
      return {
        text: `${field.name}: ${choice(
          stop,
          EXECUTORS.map((e) => e.name),
        )}`,
        next: stop + 1,
      };
    case "method": {
      const methods = methodsOf(executor).map((m) => m.name);
      const value = executor !== undefined && methods.length > 0 ? choice(stop, methods) : placeholder(stop, field.example);
      return { text: `${field.name}: ${value}`, next: stop + 1 };
    }
    case "date":
      return { text: `${field.name}: ${placeholder(stop, today)}`, next: stop + 1 };
    default:
      return { text: `${field.name}: ${placeholder(stop, field.example)}`, next: stop + 1 };
  }
}

/** `name: { type: …, required: …, description: "…" }`, from the required param keys. */
function paramSnippet(stop: number): Snippet {
  let next = stop + 1;
  const keys = PARAM_KEYS.filter((k) => k.required).map((key) => {
    const value = keySnippet(key, next);
    next = value.next;
    return `${key.name}: ${value.text}`;
  });
  return { text: `${placeholder(stop, "param")}: { ${keys.join(", ")} }`, next };
}

function keySnippet(key: KeySpec, stop: number): Snippet {
  if (key.type === "param-type") return { text: choice(stop, PARAM_TYPES), next: stop + 1 };
  if (key.type === "boolean") {
    const first = String(key.default ?? key.example);
    return { text: choice(stop, [first, first === "true" ? "false" : "true"]), next: stop + 1 };
  }
  if (key.type === "string") return { text: `"${placeholder(stop, "")}"`, next: stop + 1 };
  return { text: placeholder(stop, String(key.default ?? key.example)), next: stop + 1 };
}

function escapePlaceholder(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

function escapeChoice(text: string): string {
  return text.replace(/[$}\\,|]/g, (c) => `\\${c}`);
}

/** YYYY-MM-DD in the local calendar: the date the author sees. */
function isoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
