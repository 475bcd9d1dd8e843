import { editDistance } from "@hdlp/parser";

/**
 * Whether `a` is within `max` edits of `b` (optimal string alignment, the
 * parser's did-you-mean distance): typo look-ups only ever ask "within 1 or
 * 2?", and the distance stops early once it must exceed `max`.
 */
export function withinDistance(a: string, b: string, max: number): boolean {
  return editDistance(a, b, max) <= max;
}

/** How far a word of this length may be from a known word and still count as a typo of it. */
export function typoBudget(length: number): number {
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}

/**
 * Whether `a` is `b` with two neighbouring letters swapped (`lsit` for `list`):
 * the one slip a short word may have, since it keeps every letter (a changed
 * letter makes another word: `mail` is not a typo of `tail`).
 */
export function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * Whether `typed` keeps every letter of `known` in order and is one slip of
 * the fingers from it: two neighbouring letters swapped (`tga`), one letter
 * dropped (`isue`) or one doubled (`tagg`). A short word changed otherwise
 * makes another word (`mail`, `tail`), and even these do (`star`, `cup`):
 * callers read them only where a word nobody knows would turn a request away.
 */
export function keepsEveryLetter(typed: string, known: string): boolean {
  if (typed.length === known.length) return isTransposition(typed, known);
  const [longer, shorter] = typed.length > known.length ? [typed, known] : [known, typed];
  if (longer.length !== shorter.length + 1) return false;
  for (let i = 0; i < longer.length; i++) {
    if (longer.slice(0, i) + longer.slice(i + 1) !== shorter) continue;
    // a letter added is one doubled (tagg), never a new one (tags is a word of its own)
    return longer === typed ? longer[i] === longer[i - 1] || longer[i] === longer[i + 1] : true;
  }
  return false;
}
