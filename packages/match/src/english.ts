/**
 * English words: identifiers split into parts, lower case, light stemming.
 * A word is letters optionally followed by digits (`sha256`, `k8s`, `s3`).
 * The stemmer is deliberately small (plural, -ing, -ed, final -e): enough to
 * make `restarting`, `restarted` and `restarts` one word, without the
 * surprises of an aggressive stemmer on short technical words.
 */

export interface WordToken {
  readonly stem: string;
  readonly surface: string;
  readonly start: number;
  readonly end: number;
}

const KEEP_AS_IS = /(?:ss|us|is|ous)$/;

export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:sses|xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !KEEP_AS_IS.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length > 4 && !w.endsWith("eed")) w = undouble(w.slice(0, -2));
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** An -s form (queries, commits, restarts): a plural that names things, or a verb that says what something does; never a command. */
export function isSForm(word: WordToken): boolean {
  return word.surface.endsWith("s") && word.stem !== word.surface;
}

/** `stopp` → `stop`, but `kill`, `pass`, `buzz` keep their pair. */
function undouble(w: string): string {
  const last = w.at(-1);
  if (w.length > 3 && last === w.at(-2) && last !== undefined && /[b-df-hj-km-np-rtv-y]/.test(last) && !/[lsz]/.test(last)) {
    return w.slice(0, -1);
  }
  return w;
}

/** Words of a non-Han run (already normalised), with offsets relative to `base`. */
export function englishWords(text: string, base: number): WordToken[] {
  const words: WordToken[] = [];
  for (const m of text.matchAll(/[a-z][a-z0-9]*/g)) {
    words.push({ stem: stem(m[0]), surface: m[0], start: base + m.index, end: base + m.index + m[0].length });
  }
  return words;
}

/**
 * The parts of camel-case words (`cacheGet` → cache, get; `PromQL` → prom, ql),
 * read from the text before lower-casing; `folded` is the NFKC text, of the
 * same length as the normalised text its offsets refer to.
 */
export function camelCaseParts(folded: string): WordToken[] {
  const parts: WordToken[] = [];
  for (const m of folded.matchAll(/[A-Za-z][A-Za-z0-9]*/g)) {
    if (!/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(m[0])) continue;
    for (const p of m[0].matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g)) {
      const surface = p[0].toLowerCase();
      const start = m.index + p.index;
      if (/^[a-z]/.test(surface)) parts.push({ stem: stem(surface), surface, start, end: start + surface.length });
    }
  }
  return parts;
}

/** Identifiers with inner punctuation (`git-log`, `cache.get`, `forgejo_pr`) as one token each, with their offsets in `text`. */
export function identifiers(text: string): Array<{ readonly id: string; readonly index: number }> {
  // Starts only where a word starts: a match attempt inside a long word would backtrack over all of it.
  return [...text.matchAll(/(?<![a-z0-9])[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+/g)].map((m) => ({ id: m[0], index: m.index }));
}
