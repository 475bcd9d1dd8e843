/**
 * Building the edits of safe fixes: insert an entry into a map (block or flow,
 * at its canonical place), replace a node, remove an entry. The edits are
 * exact `TextEdit`s in the document, so the language server can offer them
 * unchanged as quick fixes.
 */
import type { TextEdit } from "../diagnostics.ts";
import type { Entry, MapNode, Range } from "../syntax/ast.ts";
import type { DocumentSource } from "../semantic/document-source.ts";

export function replace(range: Range, newText: string): TextEdit {
  return { range, newText };
}

function insertAt(source: DocumentSource, offset: number, newText: string): TextEdit {
  const position = source.positionAt(offset);
  return { range: { start: position, end: position }, newText };
}

/** The line break the file uses (CRLF files keep CRLF). */
export function eol(source: DocumentSource): string {
  const first = source.text.indexOf("\n");
  return first > 0 && source.text[first - 1] === "\r" ? "\r\n" : "\n";
}

/** Offset of the start of the line after the one holding `offset` (or the end of the text). */
function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  return newline < 0 ? text.length : newline + 1;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

export interface InsertTarget {
  /** The map to insert into; absent or null when the owner has no value yet (`constraints:`). */
  readonly map?: MapNode;
  /** The entry owning the map (absent for the top level). */
  readonly owner?: Entry;
}

/**
 * Insert `key: value` into a map, after the last entry whose key comes before
 * it in `order` (the catalogue's order), else first. A block `value` (starting
 * with a line break) is written as the entry's nested lines.
 */
export function insertEntry(source: DocumentSource, target: InsertTarget, key: string, value: string, order: readonly string[]): TextEdit {
  const { map, owner } = target;
  const rank = order.indexOf(key);
  const entries = map?.entries ?? [];
  let after: Entry | undefined;
  for (const entry of entries) {
    const r = order.indexOf(entry.key.text);
    if (r >= 0 && r < rank) after = entry;
  }
  const newline = eol(source);
  const text = source.text;

  if (map?.style === "flow") {
    if (after) return insertAt(source, after.range.end.offset, `, ${key}: ${value}`);
    const first = entries[0];
    if (first) return insertAt(source, first.range.start.offset, `${key}: ${value}, `);
    return replace({ start: map.range.start, end: map.range.end }, `{ ${key}: ${value} }`);
  }

  // Block map (or none yet): a new line at the entries' indentation.
  const ownerIndent = owner ? owner.key.range.start.character : -2;
  const indent = entries[0] ? entries[0].key.range.start.character : ownerIndent + 2;
  const line = `${" ".repeat(indent)}${key}:${value.startsWith("\n") || value.startsWith("\r\n") ? "" : " "}${value}`;
  if (after || (!entries[0] && owner)) {
    const end = (after ?? owner)!.range.end.offset;
    const at = nextLineStart(text, end);
    const needsBreak = at === text.length && !text.endsWith("\n") && text.length > 0;
    return insertAt(source, at, needsBreak ? `${newline}${line}` : `${line}${newline}`);
  }
  const first = entries[0];
  return insertAt(source, first ? lineStart(text, first.range.start.offset) : bomLength(text), `${line}${newline}`);
}

/**
 * Give a blank entry (`constraints:`, `name: ""`) its value. A one-line value
 * goes after the colon; a block value (starting with a line break) goes at the
 * end of the key's line, so a comment there stays on it.
 */
export function fillBlank(source: DocumentSource, entry: Entry, value: string): TextEdit {
  const text = source.text;
  const colon = text.indexOf(":", entry.key.range.end.offset) + 1;
  const block = value.startsWith("\n") || value.startsWith("\r\n");
  if (entry.value === null && block) {
    const lineEnd = nextLineStart(text, colon);
    const end = lineEnd > 0 && text[lineEnd - 1] === "\n" ? lineEnd - (text[lineEnd - 2] === "\r" ? 2 : 1) : lineEnd;
    return insertAt(source, end, value);
  }
  const end = entry.value ? entry.value.range.end.offset : colon;
  return replace({ start: source.positionAt(colon), end: source.positionAt(end) }, block ? value : ` ${value}`);
}

function bomLength(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/** Remove an entry whole: its lines in a block map, its `, key: value` in a flow map. */
export function removeEntry(source: DocumentSource, map: MapNode, entry: Entry): TextEdit {
  const text = source.text;
  if (map.style === "flow") {
    const index = map.entries.indexOf(entry);
    const previous = map.entries[index - 1];
    const next = map.entries[index + 1];
    const from = previous ? previous.range.end.offset : entry.range.start.offset;
    const to = previous ? entry.range.end.offset : next ? next.range.start.offset : entry.range.end.offset;
    return replace({ start: source.positionAt(from), end: source.positionAt(to) }, "");
  }
  const from = lineStart(text, entry.range.start.offset);
  const to = nextLineStart(text, entry.range.end.offset);
  return replace({ start: source.positionAt(from), end: source.positionAt(to) }, "");
}

/** Remove the whole line holding `offset`, its line break included. */
export function removeLine(source: DocumentSource, offset: number): TextEdit {
  const from = lineStart(source.text, offset);
  return replace({ start: source.positionAt(from), end: source.positionAt(nextLineStart(source.text, offset)) }, "");
}
