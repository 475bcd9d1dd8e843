/**
 * `hdlp lint --fix`: apply the fixes of a set of diagnostics to the text.
 * Edits that overlap an edit already taken are left for the next round (the
 * caller lints again and repeats until nothing changes).
 */
import type { Diagnostic, TextEdit } from "../diagnostics.ts";

export interface FixResult {
  readonly text: string;
  /** How many fixes were applied whole. */
  readonly applied: number;
}

export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): FixResult {
  const taken: TextEdit[] = [];
  let applied = 0;
  const overlaps = (a: TextEdit, b: TextEdit) =>
    a.range.start.offset < b.range.end.offset && b.range.start.offset < a.range.end.offset ||
    // two edits touching the same point would depend on their order unless both insert there
    (a.range.start.offset === b.range.start.offset && (a.range.end.offset !== a.range.start.offset || b.range.end.offset !== b.range.start.offset));
  for (const diagnostic of diagnostics) {
    const edits = diagnostic.fix?.edits;
    if (!edits || edits.some((edit) => taken.some((other) => overlaps(edit, other)))) continue;
    taken.push(...edits);
    applied++;
  }
  // From the end backwards, so earlier offsets stay valid; insertions at one point keep their order.
  const ordered = taken.map((edit, index) => ({ edit, index })).sort((a, b) => b.edit.range.start.offset - a.edit.range.start.offset || b.index - a.index);
  let result = text;
  for (const { edit } of ordered) result = result.slice(0, edit.range.start.offset) + edit.newText + result.slice(edit.range.end.offset);
  return { text: result, applied };
}
