/**
 * Semantic tokens, typed by the field a value belongs to (the catalogue says
 * what `executor`, `type` or `timeout_ms` hold), never guessed from its look.
 */
import type { SemanticTokens, SemanticTokensLegend } from "vscode-languageserver-types";
import {
  type Entry,
  type FieldType,
  type KeySpec,
  type MapNode,
  type Node,
  type Range,
  type ValueSpecKind,
  constraintKeySpec,
  fieldSpec,
  keysOf,
} from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { childrenOf } from "../tree.ts";

const TOKEN_TYPES = ["property", "parameter", "enumMember", "method", "type", "keyword", "number", "string", "comment"] as const;
type TokenType = (typeof TOKEN_TYPES)[number];

export const semanticTokensLegend: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [] };

interface Token {
  readonly offset: number;
  readonly line: number;
  readonly character: number;
  readonly length: number;
  readonly type: TokenType;
}

export function semanticTokens(analysis: Analysis): SemanticTokens {
  const tokens: Token[] = [];
  const push = (range: Range, type: TokenType) => splitByLine(analysis.text, range, type, tokens);
  for (const entry of analysis.document.root.entries) topLevel(entry, push);
  for (const comment of analysis.document.comments) push(comment.range, "comment");
  tokens.sort((a, b) => a.offset - b.offset);
  return { data: encode(tokens) };
}

type Push = (range: Range, type: TokenType) => void;

const FIELD_TOKEN: Partial<Record<FieldType, TokenType>> = { executor: "enumMember", method: "method", date: "number" };

function topLevel(entry: Entry, push: Push): void {
  push(entry.key.range, "property");
  const field = fieldSpec(entry.key.text);
  const value = entry.value;
  if (!value) return;
  if (field?.type === "params" && value.kind === "map") {
    paramsOf(value, push);
  } else if (field?.type === "constraints" && value.kind === "map") {
    for (const key of value.entries) keyed(key, constraintKeySpec(key.key.text), push);
  } else scalars(value, FIELD_TOKEN[field?.type ?? "string"] ?? "string", push);
}

const KEY_TOKEN: Record<KeySpec["type"], TokenType> = {
  "param-type": "type",
  boolean: "keyword",
  string: "string",
  "positive-integer": "number",
  "non-negative-integer": "number",
  list: "string",
  "absolute-paths": "string",
  any: "string",
  items: "type",
  properties: "string",
};

/** Params (or an object's fields): each name, then its keys, into `items` and `properties` as deep as they go. */
function paramsOf(map: MapNode, push: Push): void {
  for (const param of map.entries) {
    push(param.key.range, "parameter");
    if (param.value?.kind === "map") valueSpecKeys(param.value, "param", push);
  }
}

function valueSpecKeys(map: MapNode, kind: ValueSpecKind, push: Push): void {
  for (const entry of map.entries) {
    const spec = keysOf(kind).find((key) => key.name === entry.key.text);
    if (spec?.type === "items" && entry.value?.kind === "map") {
      push(entry.key.range, "property");
      valueSpecKeys(entry.value, "items", push);
    } else if (spec?.type === "properties" && entry.value?.kind === "map") {
      push(entry.key.range, "property");
      paramsOf(entry.value, push);
    } else keyed(entry, spec, push);
  }
}

function keyed(entry: Entry, spec: KeySpec | undefined, push: Push): void {
  push(entry.key.range, "property");
  if (entry.value) scalars(entry.value, spec ? KEY_TOKEN[spec.type] : "string", push);
}

/** Every scalar under `node` (and the keys of nested maps), as `type`. */
function scalars(node: Node, type: TokenType, push: Push): void {
  if (node.kind === "scalar") push(node.range, type);
  else if (node.kind === "key") push(node.range, "property");
  else for (const child of childrenOf(node)) scalars(child, type, push);
}

/** LSP tokens may not span lines (without a client capability we do not rely on): one per line. */
function splitByLine(text: string, range: Range, type: TokenType, into: Token[]): void {
  let offset = range.start.offset;
  let line = range.start.line;
  let character = range.start.character;
  const lineBreak = /\r\n|\n|\r/g;
  while (offset < range.end.offset) {
    lineBreak.lastIndex = offset;
    const found = lineBreak.exec(text);
    const end = found === null || found.index >= range.end.offset ? range.end.offset : found.index;
    if (end > offset) into.push({ offset, line, character, length: end - offset, type });
    if (end === range.end.offset) return;
    offset = end + found![0].length;
    line++;
    character = 0;
  }
}

function encode(tokens: readonly Token[]): number[] {
  const data: number[] = [];
  let line = 0;
  let character = 0;
  let lastEnd = -1;
  for (const token of tokens) {
    // Overlaps (a broken file can nest oddly) are dropped: clients reject them.
    if (token.offset < lastEnd) continue;
    data.push(token.line - line, token.line === line ? token.character - character : token.character, token.length, TOKEN_TYPES.indexOf(token.type), 0);
    line = token.line;
    character = token.character;
    lastEnd = token.offset + token.length;
  }
  return data;
}
