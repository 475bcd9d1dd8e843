/**
 * Optimal string alignment distance (Levenshtein plus adjacent transposition),
 * abandoned as soon as it must exceed `max`: typo look-ups only ever ask
 * "within 1 or 2?", so most comparisons stop after a row or two.
 */
export function withinDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length]! <= max;
}

/** How far a word of this length may be from a known word and still count as a typo of it. */
export function typoBudget(length: number): number {
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}
