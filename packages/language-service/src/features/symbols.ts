/**
 * The outline: one symbol per top-level field, with the params of
 * `params_schema` and the keys of `constraints` (and of each param) beneath.
 */
import { type DocumentSymbol, SymbolKind } from "vscode-languageserver-types";
import type { Entry, Value } from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { toLspRange } from "../convert.ts";

export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  return analysis.document.root.entries.map((entry) => symbolOf(entry, 0));
}

function symbolOf(entry: Entry, depth: number): DocumentSymbol {
  const children = entry.value?.kind === "map" ? entry.value.entries.map((child) => symbolOf(child, depth + 1)) : undefined;
  const symbol: DocumentSymbol = {
    // An empty name is invalid in LSP; a key is never empty, but a broken file may make one.
    name: entry.key.text || "?",
    kind: depth === 0 ? SymbolKind.Field : entry.value?.kind === "map" ? SymbolKind.Variable : SymbolKind.Property,
    range: toLspRange(entry.range),
    selectionRange: toLspRange(entry.key.range),
  };
  const detail = oneLine(entry.value);
  if (detail !== undefined) symbol.detail = detail;
  if (children && children.length > 0) symbol.children = children;
  return symbol;
}

/** The value as the outline shows it next to the name: short scalars only. */
function oneLine(value: Value | null): string | undefined {
  if (value?.kind !== "scalar") return undefined;
  const text = value.value.split("\n", 1)[0] ?? "";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
