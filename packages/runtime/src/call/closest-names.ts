/**
 * "Did you mean …?" for a tool name that is not registered: the names within
 * a few edits (a third of the name's length, at least 2) and the names that
 * contain it or that it contains (`shell` → `shell-exec`), nearest first.
 */
import { editDistance } from "@hdlp/parser";

const MAX_SUGGESTIONS = 3;

export function closestNames(name: string, candidates: Iterable<string>): string[] {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const near: { name: string; distance: number }[] = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const contains = wanted.length >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    const distance = editDistance(wanted, lower, limit);
    if (distance <= limit) near.push({ name: candidate, distance });
    else if (contains) near.push({ name: candidate, distance: limit + 1 });
  }
  near.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
  return near.slice(0, MAX_SUGGESTIONS).map((n) => n.name);
}
