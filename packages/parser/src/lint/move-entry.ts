/**
 * The fix of a misplaced key (./misplaced.ts): the entry moved where it
 * belongs, its value and comments with it. When the entry would land there by
 * its indentation alone (it lost the indentation of the block just before it,
 * or it is the last thing nested under a field), only its indentation
 * changes; otherwise it is removed and inserted at its canonical place in the
 * map it belongs to. No fix when that map is not a block or flow map the key
 * can join, or already holds the key.
 */
import type { TextEdit } from "../diagnostics.ts";
import type { DocumentSource } from "../semantic/document-source.ts";
import type { ToolFacts } from "../semantic/tool-facts.ts";
import type { Entry } from "../syntax/ast.ts";
import { type InsertTarget, insertEntry, lineStartAt, removeEntryLines, replace } from "./edits.ts";
import { type Destination, destinationOrder, type Misplacement } from "./misplaced.ts";

/** The map a destination names, with its owner entry (absent for the top level). */
function targetOf(tool: ToolFacts, destination: Destination): InsertTarget | undefined {
  switch (destination.kind) {
    case "top":
      return { map: tool.root };
    case "constraints": {
      const owner = tool.fields.get("constraints");
      return owner ? { owner, ...(tool.constraints ? { map: tool.constraints } : {}) } : undefined;
    }
    case "params": {
      const owner = tool.fields.get("params_schema");
      const map = owner?.value?.kind === "map" ? owner.value : undefined;
      return owner ? { owner, ...(map ? { map } : {}) } : undefined;
    }
    case "param":
      return destination.param.map ? { owner: destination.param.entry, map: destination.param.map } : undefined;
  }
}

const LINE_BREAK = /[\r\n]/g;

/** The offset of the end of the line holding `offset` (before its line break). */
function lineEnd(text: string, offset: number): number {
  LINE_BREAK.lastIndex = offset;
  return LINE_BREAK.exec(text)?.index ?? text.length;
}

/** Only blank lines and comments between two offsets. */
function onlyBlankOrComments(text: string, from: number, to: number): boolean {
  return text
    .slice(from, to)
    .split(/\r\n|\r|\n/)
    .every((line) => /^\s*(#.*)?$/.test(line));
}

/** Every line from `column` on moved to `to`; lines indented less (blank ones) kept as they are. */
function reindent(lines: readonly string[], column: number, to: number): string[] {
  const indent = " ".repeat(to);
  return lines.map((line, index) => (index === 0 ? line : /^ */.exec(line)![0].length >= column ? indent + line.slice(column) : line));
}

/** The column the destination's keys sit at. */
function columnOf(target: InsertTarget): number {
  const first = target.map?.entries[0];
  if (first && target.map?.style === "block") return first.key.range.start.character;
  return target.owner ? target.owner.key.range.start.character + 2 : 0;
}

/**
 * The moved entry's text from its key to the end of its last line (so a
 * trailing comment travels with it), split into lines.
 */
function entryLines(source: DocumentSource, entry: Entry): string[] {
  return source.text.slice(entry.key.range.start.offset, lineEnd(source.text, entry.range.end.offset)).split(/(?<=\r\n|\r(?!\n)|\n)/);
}

export function moveEntryFix(source: DocumentSource, tool: ToolFacts, misplaced: Misplacement): readonly TextEdit[] | undefined {
  const { entry, map, destination } = misplaced;
  const target = targetOf(tool, destination);
  if (!target || target.map?.entries.some((e) => e.key.text === entry.key.text)) return undefined;
  if (target.map && target.map.style === "flow") return undefined; // a key joins a flow map only written on one line: left to the author
  const text = source.text;
  const column = columnOf(target);
  const from = entry.key.range.start.character;
  const start = lineStartAt(source, entry.key.range.start.offset);
  const end = lineEnd(text, entry.range.end.offset);
  const lines = entryLines(source, entry);

  // In place: the entry follows the destination's block directly, and, when it moves left,
  // nothing after it is indented deeper than where it goes (which would then hang from it).
  const destinationEnd = target.map?.range.end.offset ?? target.owner?.range.end.offset ?? 0;
  const follows = destination.kind === "top" || (destinationEnd <= start && onlyBlankOrComments(text, destinationEnd, start));
  if (map.style === "block" && follows && (column > from || nothingDeeperAfter(text, end, column))) {
    return [replace(source.rangeOf(start, end), " ".repeat(column) + reindent(lines, from, column).join(""))];
  }
  if (map.style !== "block") return undefined;
  // Elsewhere: removed here, inserted there (never where the removal is, which would make the two edits touch).
  const colon = lines[0]!.indexOf(":");
  const value = reindent(lines, from, column)
    .join("")
    .slice(colon + 1);
  const insert = insertEntry(
    source,
    target,
    entry.key.text,
    value.startsWith(" ") ? value.trimStart() : value,
    destinationOrder(tool, destination, entry.key.text),
  );
  const remove = removeEntryLines(source, entry);
  const at = insert.range.start.offset;
  if (at >= remove.range.start.offset && at <= remove.range.end.offset) return undefined;
  return [remove, insert];
}

/** Every line after `offset` is blank, a comment, or starts at `column` or left of it. */
function nothingDeeperAfter(text: string, offset: number, column: number): boolean {
  for (const line of text
    .slice(offset)
    .split(/\r\n|\r|\n/)
    .slice(1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    if (/^ */.exec(line)![0].length > column) return false;
  }
  return true;
}
