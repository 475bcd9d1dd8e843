/**
 * Hover: on a field, param key or constraint key (or its value), the
 * catalogue's docs in Chinese and English, its type, allowed values and
 * default; on an executor or method value, that executor's or method's docs.
 */
import { type Hover, type Position, MarkupKind } from "vscode-languageserver-types";
import { type Entry, executorSpec, fieldSpec, paramKeySpec, constraintKeySpec } from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { cursorAt } from "../cursor.ts";
import { toLspRange } from "../convert.ts";
import { entriesOf } from "../tree.ts";
import { executorMarkdown, fieldMarkdown, keyMarkdown, methodsOf, methodMarkdown } from "./catalogue-docs.ts";
import { offsetAt } from "./position.ts";

export function hover(analysis: Analysis, position: Position): Hover | null {
  const chain = cursorAt(analysis.document, offsetAt(analysis, position)).nodes;
  const entries = entriesOf(chain);
  const entry = entries[entries.length - 1];
  if (!entry) return null;
  const onKey = chain[chain.length - 1] === entry.key;
  const markdown = describe(analysis, entries, onKey);
  if (markdown === undefined) return null;
  const range = onKey || !entry.value ? entry.key.range : entry.value.range;
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, range: toLspRange(range) };
}

function describe(analysis: Analysis, entries: readonly Entry[], onKey: boolean): string | undefined {
  const [top, second, third] = entries;
  const field = fieldSpec(top!.key.text);
  if (!field) return undefined;
  const executor = analysis.document.fieldText("executor");
  if (entries.length === 1) {
    const value = top!.value?.kind === "scalar" ? top!.value.value : undefined;
    if (!onKey && value !== undefined) {
      if (field.type === "executor") {
        const spec = executorSpec(value);
        if (spec) return executorMarkdown(spec);
      }
      if (field.type === "method") {
        const method = methodsOf(executor).find((m) => m.name === value);
        if (method) return methodMarkdown(method, executor);
      }
    }
    return fieldMarkdown(field, executor);
  }
  if (field.type === "constraints" && entries.length === 2) {
    const key = constraintKeySpec(second!.key.text);
    return key ? keyMarkdown(key, "constraints") : undefined;
  }
  if (field.type === "params" && entries.length === 2) return fieldMarkdown(field, executor);
  if (field.type === "params" && entries.length === 3) {
    const key = paramKeySpec(third!.key.text);
    return key ? keyMarkdown(key, `params_schema.${second!.key.text}`) : undefined;
  }
  return undefined;
}
