/**
 * Where the next `}` (or white space) is, from a position on: searched for
 * once and reused while the position moves forward, as a template is read.
 * Searching afresh at each `{` made a template of many `{` and no `}`
 * quadratic in its length.
 */
export class Ahead {
  readonly #source: string;
  readonly #pattern: RegExp;
  /** The last index found (-1: none left), or -2 before the first search. */
  #found = -2;

  /** `pattern`: what to find, a regular expression with the `g` flag. */
  constructor(source: string, pattern: RegExp) {
    this.#source = source;
    this.#pattern = pattern;
  }

  /** The index of the first match at or after `from`, or -1. `from` never decreases between calls. */
  from(from: number): number {
    if (this.#found === -1 || this.#found >= from) return this.#found;
    this.#pattern.lastIndex = from;
    this.#found = this.#pattern.exec(this.#source)?.index ?? -1;
    return this.#found;
  }
}
