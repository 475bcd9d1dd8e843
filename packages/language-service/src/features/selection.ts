/**
 * Selection ranges: from the word under the cursor outwards through the
 * value, its entry, the enclosing map, up to the whole document.
 */
import type { Position, Range, SelectionRange } from "vscode-languageserver-types";
import type { Analysis } from "../analysis.ts";
import { cursorAt } from "../cursor.ts";
import { toLspRange } from "../convert.ts";
import { offsetAt } from "./position.ts";

export function selectionRanges(analysis: Analysis, positions: readonly Position[]): SelectionRange[] {
  return positions.map((position) => selectionAt(analysis, position));
}

function selectionAt(analysis: Analysis, position: Position): SelectionRange {
  const whole: SelectionRange = { range: wholeText(analysis) };
  let parent = whole;
  for (const node of cursorAt(analysis.document, offsetAt(analysis, position)).nodes) {
    const range = toLspRange(node.range);
    if (sameRange(range, parent.range)) continue;
    parent = { range, parent };
  }
  return parent === whole ? { range: { start: position, end: position }, parent: whole } : parent;
}

function wholeText(analysis: Analysis): Range {
  const end = analysis.document.positionAt(analysis.text.length);
  return { start: { line: 0, character: 0 }, end: { line: end.line, character: end.character } };
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
