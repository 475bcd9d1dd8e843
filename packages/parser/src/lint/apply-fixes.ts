/**
 * `hdlp lint --fix`: apply the fixes of a set of diagnostics to the text.
 * Edits that overlap an edit already taken are left for the next round (the
 * caller lints again and repeats until nothing changes).
 *
 * Linear in the text and the edits: the edits taken are disjoint, so marking
 * the characters each one covers costs at most the text's length in all, and
 * an edit is checked against those marks over its own length only.
 */
import type { Diagnostic, TextEdit } from "../diagnostics.ts";

export interface FixResult {
  readonly text: string;
  /** How many fixes were applied whole. */
  readonly applied: number;
}

/** The characters the edits taken so far cover, and the points where they insert. */
class Taken {
  /** 1 + the index of the edit covering each character, 0 where none does. */
  readonly #cover: Int32Array;
  /** The points where a taken edit inserts text. */
  readonly #insertions: Uint8Array;
  readonly edits: TextEdit[] = [];

  constructor(length: number) {
    this.#cover = new Int32Array(length + 1);
    this.#insertions = new Uint8Array(length + 1);
  }

  /**
   * Whether `edit` overlaps one taken: they share a character, or one inserts
   * strictly inside the other, or both start at one point and one of them
   * replaces (their order would matter). Insertions at one point keep their order.
   */
  overlaps(edit: TextEdit): boolean {
    const { start, end } = span(edit, this.#cover.length - 1);
    if (start === end) return this.#cover[start] !== 0;
    for (let i = start; i < end; i++) if (this.#cover[i] !== 0 || this.#insertions[i] !== 0) return true;
    return false;
  }

  take(edit: TextEdit): void {
    const { start, end } = span(edit, this.#cover.length - 1);
    this.edits.push(edit);
    if (start === end) this.#insertions[start] = 1;
    else this.#cover.fill(this.edits.length, start, end);
  }
}

/** An edit's offsets, clamped to the text. */
function span(edit: TextEdit, length: number): { start: number; end: number } {
  const start = Math.max(0, Math.min(edit.range.start.offset, length));
  return { start, end: Math.max(start, Math.min(edit.range.end.offset, length)) };
}

export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): FixResult {
  const taken = new Taken(text.length);
  let applied = 0;
  for (const diagnostic of diagnostics) {
    const edits = diagnostic.fix?.edits;
    if (!edits || edits.some((edit) => taken.overlaps(edit))) continue;
    for (const edit of edits) taken.take(edit);
    applied++;
  }
  // In text order; insertions at one point in the order they were taken.
  const ordered = taken.edits.map((edit, index) => ({ edit, index, ...span(edit, text.length) })).sort((a, b) => a.start - b.start || a.index - b.index);
  const pieces: string[] = [];
  let done = 0;
  for (const { edit, start, end } of ordered) {
    pieces.push(text.slice(done, start), edit.newText);
    done = end;
  }
  pieces.push(text.slice(done));
  return { text: pieces.join(""), applied };
}
