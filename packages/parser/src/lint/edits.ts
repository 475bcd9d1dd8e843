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
import type { DocumentSource } from "../semantic/document-source.ts";

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

export function lineStartAt(source: DocumentSource, offset: number): number {
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
export function indentationOf(source: DocumentSource, offset: number): string {
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

/** Where keys go in a map: by their rank in a list (the catalogue's order), or after every entry (`"last"`). */
export type Order = readonly string[] | "last";

/** Per map and order, the last entry of each rank: worked out once, however many keys are inserted. */
const lastOfRank = new WeakMap<MapNode, Map<Order, (Entry | undefined)[]>>();

/** The entry a key of rank `rank` goes after: the last entry whose key comes before it in `order`. */
function entryBefore(map: MapNode, order: Order, rank: number): Entry | undefined {
  if (order === "last") return map.entries.at(-1);
  let byOrder = lastOfRank.get(map);
  if (!byOrder) lastOfRank.set(map, (byOrder = new Map()));
  let last = byOrder.get(order);
  if (!last) {
    last = new Array<Entry | undefined>(order.length);
    for (const entry of map.entries) {
      const r = order.indexOf(entry.key.text);
      if (r >= 0) last[r] = entry;
    }
    byOrder.set(order, last);
  }
  let after: Entry | undefined;
  for (let r = 0; r < rank; r++) {
    const entry = last[r];
    if (entry && (!after || entry.range.start.offset > after.range.start.offset)) after = entry;
  }
  return after;
}

/**
 * Insert `key: value` into a map, after the last entry whose key comes before
 * it in `order`, else first. A block `value` (starting with a line break) is
 * written as the entry's nested lines.
 */
export function insertEntry(source: DocumentSource, target: InsertTarget, key: string, value: string, order: Order): TextEdit {
  const { map, owner } = target;
  const entries = map?.entries ?? [];
  const after = map ? entryBefore(map, order, order === "last" ? 0 : order.indexOf(key)) : undefined;

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
  if (map.style === "block") return removeEntryLines(source, entry);
  const previous = map.entries[index - 1];
  const next = map.entries[index + 1];
  const from = previous ? previous.range.end.offset : entry.range.start.offset;
  const to = previous ? entry.range.end.offset : next ? next.range.start.offset : entry.range.end.offset;
  return remove(source, from, to);
}

/** Remove an entry of a block map: its lines, the last one's break included. */
export function removeEntryLines(source: DocumentSource, entry: Entry): TextEdit {
  return remove(source, lineStartAt(source, entry.range.start.offset), nextLineStartAt(source, entry.range.end.offset));
}

/** Remove the whole line holding `offset`, its line break included. */
export function removeLine(source: DocumentSource, offset: number): TextEdit {
  return remove(source, lineStartAt(source, offset), nextLineStartAt(source, offset));
}
