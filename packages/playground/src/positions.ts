/**
 * Between the language service's LSP positions (line, UTF-16 character) and
 * CodeMirror's offsets (UTF-16 code units into the document, lines split on
 * "\n"): the two count the same units, so a position is its line's start
 * plus its character.
 */
import type { ChangeSpec, Text } from "@codemirror/state";
import type { Position, Range, TextEdit } from "vscode-languageserver-types";

export function offsetOf(doc: Text, position: Position): number {
  if (position.line >= doc.lines) return doc.length;
  const line = doc.line(position.line + 1);
  return Math.min(line.from + position.character, line.to);
}

export function positionOf(doc: Text, offset: number): Position {
  const line = doc.lineAt(offset);
  return { line: line.number - 1, character: offset - line.from };
}

export function rangeOf(doc: Text, from: number, to: number): Range {
  return { start: positionOf(doc, from), end: positionOf(doc, to) };
}

/** LSP edits (all against the same document) as one CodeMirror change set. */
export function changesOf(doc: Text, edits: readonly TextEdit[]): ChangeSpec[] {
  return edits.map((edit) => ({ from: offsetOf(doc, edit.range.start), to: offsetOf(doc, edit.range.end), insert: edit.newText }));
}
