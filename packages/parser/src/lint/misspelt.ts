/**
 * The keys each kind of map may hold, and the misspellings of them. A missing
 * key that is only misspelt must be fixed one way: renamed (unknown-field's
 * fix keeps the author's value). So the rules for missing keys (missing-field,
 * missing-constraint, param-missing-key) ask `misspeltAs` first, and stand
 * down from inserting a second copy when it finds one.
 */
import { CONSTRAINT_KEYS, FIELDS, PARAM_KEYS } from "../catalogue/fields.ts";
import type { Entry } from "../syntax/ast.ts";
import { didYouMean } from "./did-you-mean.ts";

export const FIELD_NAMES: ReadonlySet<string> = new Set(FIELDS.map((f) => f.name));
export const PARAM_KEY_NAMES: ReadonlySet<string> = new Set(PARAM_KEYS.map((k) => k.name));
export const CONSTRAINT_NAMES: ReadonlySet<string> = new Set(CONSTRAINT_KEYS.map((k) => k.name));

/**
 * The entry among `present` whose key unknown-field would rename to `wanted`
 * (an unknown key whose did-you-mean is `wanted`), when there is one.
 */
export function misspeltAs(wanted: string, present: Iterable<[string, Entry]>, known: ReadonlySet<string>): Entry | undefined {
  for (const [key, entry] of present) if (!known.has(key) && didYouMean(key, known) === wanted) return entry;
  return undefined;
}
