/**
 * Text normalisation shared by tools and requests: one canonical form so that
 * full-width letters, upper case, compatibility characters and traditional
 * Chinese characters never decide a match.
 */
import simplifiedData from "./data/simplified.json" with { type: "json" };

/**
 * NFKC folds full-width forms (ｎｇｉｎｘ, ：) into their plain counterparts;
 * then lower case, and a traditional character that simplified input methods
 * do not type to its simplified form (開個 → 开个, 滾 → 滚): a user of a
 * traditional input method means the same words. One character for one, so
 * offsets hold. The table is generated from Unihan; see
 * scripts/build-simplified.mjs.
 */
export function normalizeText(text: string): string {
  return toSimplified(text.normalize("NFKC").toLowerCase());
}

let traditionalChars: { readonly pattern: RegExp; readonly simplified: ReadonlyMap<string, string> } | undefined;

function toSimplified(text: string): string {
  if (traditionalChars === undefined) {
    const { traditional, simplified } = simplifiedData as { traditional: string; simplified: string };
    traditionalChars = { pattern: new RegExp(`[${traditional}]`, "gu"), simplified: new Map([...traditional].map((char, i) => [char, simplified[i]!])) };
  }
  const { pattern, simplified } = traditionalChars;
  return text.replace(pattern, (char) => simplified.get(char)!);
}

/** Where the text goes on after any spaces at `at`: the next word or sign. */
export function pastSpaces(text: string, at: number): number {
  const rest = text.slice(at);
  return at + (rest.length - rest.trimStart().length);
}

const HAN = /\p{Script=Han}/u;

export function isHan(char: string): boolean {
  return HAN.test(char);
}

/** A stretch of the normalised text in one script, with its offset. */
export interface Run {
  readonly kind: "han" | "other";
  readonly text: string;
  readonly start: number;
}

/** Splits text into alternating runs of Han characters and everything else. */
export function splitRuns(text: string): Run[] {
  const runs: Run[] = [];
  const pattern = /(\p{Script=Han}+)|([^\p{Script=Han}]+)/gu;
  for (const m of text.matchAll(pattern)) {
    runs.push({ kind: m[1] !== undefined ? "han" : "other", text: m[0], start: m.index });
  }
  return runs;
}

/**
 * Offsets covered by any of the spans, as a mask: asking whether a stretch lies
 * in a value costs its length, not the number of values (a request of 10,000
 * paths stays linear).
 */
export class SpanMask {
  private readonly marked: Uint8Array;

  constructor(length: number, spans: Iterable<readonly [number, number]> = []) {
    this.marked = new Uint8Array(length);
    for (const [start, end] of spans) this.mark(start, end);
  }

  mark(start: number, end: number): void {
    this.marked.fill(1, Math.max(0, start), Math.max(0, end));
  }

  /** True when every offset of [start, end) is covered (and the stretch is not empty). */
  covers(start: number, end: number): boolean {
    if (end <= start || start < 0) return false;
    for (let i = start; i < end; i++) if (this.marked[i] !== 1) return false;
    return true;
  }

  /** True when some offset of [start, end) is covered. */
  touches(start: number, end: number): boolean {
    for (let i = Math.max(0, start); i < end; i++) if (this.marked[i] === 1) return true;
    return false;
  }
}

/** The hits of forward maximum matching, in text order: the longest at the leftmost place, then none that overlaps it. One sorted sweep, so a long request stays linear. */
export function leftmostLongest<T extends { start: number; end: number }>(hits: readonly T[]): T[] {
  const sorted = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: T[] = [];
  let reached = -1;
  for (const hit of sorted) {
    if (hit.start < reached) continue;
    kept.push(hit);
    reached = hit.end;
  }
  return kept;
}
