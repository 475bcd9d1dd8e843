/**
 * "Did you mean …?": the nearest candidate to a misspelt word.
 *
 * A case-only difference always matches (`Shell` → `shell`); otherwise the
 * optimal-string-alignment distance (a swap of two neighbours counts once,
 * so `hldp-api` → `hlpd-api` is one edit) must stay within a third of the
 * word's length, so short words are not "corrected" into unrelated ones.
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase(), limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Optimal string alignment distance; stops early (returns limit + 1) once it cannot be within `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0); // row i - 2
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j); // row i - 1
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
