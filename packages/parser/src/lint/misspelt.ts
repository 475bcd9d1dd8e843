/**
 * The keys each kind of map may hold, and the misspellings of them. A missing
 * key that is only misspelt must be fixed one way: renamed (unknown-field's
 * fix keeps the author's value). So the rules for missing keys (missing-field,
 * missing-constraint, param-missing-key) ask `misspeltAs` first, and stand
 * down from inserting a second copy when it finds one.
 *
 * What unknown-field suggests for each unknown key of a map is worked out once
 * per map and shared by those rules: asked again for each missing key, a file
 * of many unknown keys cost ten did-you-means a key.
 */
import { CONSTRAINT_KEYS, FIELDS, PARAM_KEYS } from "../catalogue/fields.ts";
import { ITEM_KEYS, type ValueSpecKind } from "../catalogue/value-keys.ts";
import type { Entry } from "../syntax/ast.ts";
import { didYouMean } from "./did-you-mean.ts";

export const FIELD_NAMES: ReadonlySet<string> = new Set(FIELDS.map((f) => f.name));
export const PARAM_KEY_NAMES: ReadonlySet<string> = new Set(PARAM_KEYS.map((k) => k.name));
export const CONSTRAINT_NAMES: ReadonlySet<string> = new Set(CONSTRAINT_KEYS.map((k) => k.name));

/** A map's keys as the facts hold them (the facts' `fields`, `constraintEntries`, a param's `keys`): each name once, with its first entry. */
export type Present = Iterable<[string, Entry]> & { has(key: string): boolean; keys(): IterableIterator<string> };

/** A map's unknown keys (first occurrence of each, in order), each with its did-you-mean. */
export interface Misspellings {
  /** The suggestion for each unknown key (undefined: none near). */
  readonly suggestions: ReadonlyMap<string, string | undefined>;
  /** The first unknown key's entry suggesting each known name. */
  readonly byWanted: ReadonlyMap<string, Entry>;
}

const NONE: Misspellings = { suggestions: new Map(), byWanted: new Map() };

/**
 * Only maps with an unknown key are kept here: most maps have none, and a
 * WeakMap keeps its values through young-generation collections whatever
 * becomes of their keys, so an entry for each map of every file linted would
 * be copied and promoted by the collector for nothing.
 */
const cache = new WeakMap<Present, Misspellings>();

function allKnown(present: Present, known: ReadonlySet<string>): boolean {
  for (const key of present.keys()) if (!known.has(key)) return false;
  return true;
}

/** The misspellings among `present`. */
export function misspellings(present: Present, known: ReadonlySet<string>): Misspellings {
  if (allKnown(present, known)) return NONE;
  let found = cache.get(present);
  if (!found) {
    const suggestions = new Map<string, string | undefined>();
    const byWanted = new Map<string, Entry>();
    for (const [key, entry] of present) {
      if (known.has(key)) continue;
      const suggestion = didYouMean(key, known);
      suggestions.set(key, suggestion);
      if (suggestion !== undefined && !byWanted.has(suggestion)) byWanted.set(suggestion, entry);
    }
    found = { suggestions, byWanted };
    cache.set(present, found);
  }
  return found;
}

/** The keys of each kind of map in `params_schema`: a param (or an object's field), an array's `items`. */
export const KEY_NAMES: Readonly<Record<ValueSpecKind, ReadonlySet<string>>> = { param: PARAM_KEY_NAMES, items: new Set(ITEM_KEYS.map((k) => k.name)) };

/**
 * The entry among `present` whose key unknown-field would rename to `wanted`
 * (an unknown key whose did-you-mean is `wanted`), when there is one.
 */
export function misspeltAs(wanted: string, present: Present, known: ReadonlySet<string>): Entry | undefined {
  return misspellings(present, known).byWanted.get(wanted);
}
