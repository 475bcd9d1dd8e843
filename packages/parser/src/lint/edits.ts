/**
 * Building the edits of safe fixes: insert an entry into a map (block or flow,
 * at its canonical place), replace a node, remove an entry. The edits are
 * exact `TextEdit`s in the document, so the language server can offer them
 * unchanged as quick fixes.
 *
 * Lines are the document's LineIndex (LF, CRLF and a lone CR alike), and what
 * an edit writes uses the file's own line break: a fix never reads a CR-only
 * file as one long line, and never writes an LF into it.
 */
import type { TextEdit } from "../diagnostics.ts";
import type { Entry, MapNode, Range } from "../syntax/ast.ts";
import type { DocumentSource } from "./source.ts";

export function replace(range: Range, newText: string): TextEdit {
  return { range, newText };
}

function insertAt(source: DocumentSource, offset: number, newText: string): TextEdit {
  return { range: source.rangeOf(offset, offset), newText };
}

function remove(source: DocumentSource, from: number, to: number): TextEdit {
  return { range: source.rangeOf(from, to), newText: "" };
}

/** The line break the file uses (CRLF files keep CRLF, CR files CR). */
export function eol(source: DocumentSource): string {
  return source.lines.lineBreak();
}

/** Whether a value to write starts with a line break: a block written on the lines after its key. */
export function isBlockValue(value: string): boolean {
  return value.startsWith("\n") || value.startsWith("\r");
}

function lineStartAt(source: DocumentSource, offset: number): number {
  return source.lines.lineStarts[source.lines.lineOf(offset)]!;
}

/** Offset of the start of the line after the one holding `offset` (or the end of the text). */
function nextLineStartAt(source: DocumentSource, offset: number): number {
  return source.lines.nextLineStart(source.lines.lineOf(offset));
}

/**
 * What goes before a key at `offset` on a line of its own: the whitespace its
 * line starts with (tabs kept, so the scanner reads the same column), or as
 * many spaces as the text before it (`- ` of a list item). A BOM is no column.
 */
function indentationOf(source: DocumentSource, offset: number): string {
  const lineStart = lineStartAt(source, offset);
  const from = lineStart === 0 && source.text.charCodeAt(0) === 0xfeff ? 1 : lineStart;
  const before = source.text.slice(from, offset);
  return /^[ \t]*$/.test(before) ? before : " ".repeat(before.length);
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

  if (map?.style === "flow") {
    if (after) return insertAt(source, after.range.end.offset, `, ${key}: ${value}`);
    const first = entries[0];
    if (first) return insertAt(source, first.range.start.offset, `${key}: ${value}, `);
    return replace(map.range, `{ ${key}: ${value} }`);
  }

  // Block map (or none yet): a line of its own at the entries' indentation.
  const first = entries[0];
  const indent = first ? indentationOf(source, first.key.range.start.offset) : owner ? `${indentationOf(source, owner.key.range.start.offset)}  ` : "";
  const newline = eol(source);
  const line = `${indent}${key}:${isBlockValue(value) ? "" : " "}${value}`;
  const previous = after ?? (first ? undefined : owner);
  if (previous) {
    const end = previous.range.end.offset;
    // After the last line of a file without a final line break, the break goes first.
    if (source.lines.lineOf(end) === source.lines.lineCount - 1) return insertAt(source, source.text.length, `${newline}${line}`);
    return insertAt(source, nextLineStartAt(source, end), `${line}${newline}`);
  }
  const at = first ? lineStartAt(source, first.range.start.offset) : source.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return insertAt(source, at, `${line}${newline}`);
}

/**
 * Give a blank entry (`constraints:`, `name: ""`) its value. A one-line value
 * goes after the colon; a block value (starting with a line break) goes at the
 * end of the key's line, so a comment there stays on it.
 */
export function fillBlank(source: DocumentSource, entry: Entry, value: string): TextEdit {
  const colon = source.text.indexOf(":", entry.key.range.end.offset) + 1;
  const block = isBlockValue(value);
  if (entry.value === null && block) return insertAt(source, source.lines.lineEnd(source.lines.lineOf(colon)), value);
  const end = entry.value ? entry.value.range.end.offset : colon;
  return replace(source.rangeOf(colon, end), block ? value : ` ${value}`);
}

/**
 * Remove the entry at `index` of `map` whole: its lines in a block map, the
 * entry and one comma beside it in a flow map.
 */
export function removeEntry(source: DocumentSource, map: MapNode, index: number): TextEdit {
  const entry = map.entries[index]!;
  if (map.style === "flow") {
    const previous = map.entries[index - 1];
    const next = map.entries[index + 1];
    const from = previous ? previous.range.end.offset : entry.range.start.offset;
    const to = previous ? entry.range.end.offset : next ? next.range.start.offset : entry.range.end.offset;
    return remove(source, from, to);
  }
  return remove(source, lineStartAt(source, entry.range.start.offset), nextLineStartAt(source, entry.range.end.offset));
}

/** Remove the whole line holding `offset`, its line break included. */
export function removeLine(source: DocumentSource, offset: number): TextEdit {
  return remove(source, lineStartAt(source, offset), nextLineStartAt(source, offset));
}
