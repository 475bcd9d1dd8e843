import type { Entry, MapNode, Value } from "../syntax/ast.ts";

/**
 * Every map in a tree, parents first, with the keys leading to it (list items
 * as `[i]`). The key list is reused while walking: read it (`fieldPath`) during
 * the visit, do not keep it.
 */
export function forEachMap(value: Value | null | undefined, visit: (map: MapNode, keys: readonly string[]) => void, keys: string[] = []): void {
  if (value?.kind === "map") {
    visit(value, keys);
    for (const entry of value.entries) {
      const child = entry.value;
      if (child?.kind !== "map" && child?.kind !== "list") continue;
      keys.push(entry.key.text);
      forEachMap(child, visit, keys);
      keys.pop();
    }
  } else if (value?.kind === "list") {
    value.items.forEach((item, index) => {
      keys.push(`[${index}]`);
      forEachMap(item, visit, keys);
      keys.pop();
    });
  }
}

const KIND_NAME = { scalar: "a value", map: "a map", list: "a list", error: "unreadable text" } as const;

/** What a value is, for a message saying it is the wrong kind: `a map`, `nothing`. */
export function describeKind(value: Value | null): string {
  return value ? KIND_NAME[value.kind] : "nothing";
}

/** `params_schema.cmd.type`, `steps[0].run`. */
export function fieldPath(keys: readonly string[]): string {
  return keys.reduce((path, key) => (key.startsWith("[") || path === "" ? path + key : `${path}.${key}`), "");
}

/** An entry whose key an earlier entry of its map already used: its index in the map, and that first entry. */
export interface Repeat {
  readonly entry: Entry;
  readonly index: number;
  readonly first: Entry;
}

const NONE: readonly Repeat[] = [];

/** Maps up to this size are scanned pairwise; larger ones (a generated file) get a Map, to stay linear. */
const SMALL_MAP = 16;

/**
 * Each entry whose key an earlier entry of the same map already used, with
 * that first entry. Most maps are small: a pairwise scan that allocates
 * nothing when there is no repeat beats building a Map for each of them.
 */
export function repeatedEntries(map: MapNode): readonly Repeat[] {
  const entries = map.entries;
  let repeated: Repeat[] | undefined;
  if (entries.length > SMALL_MAP) {
    const seen = new Map<string, Entry>();
    entries.forEach((entry, index) => {
      const first = seen.get(entry.key.text);
      if (first) (repeated ??= []).push({ entry, index, first });
      else seen.set(entry.key.text, entry);
    });
    return repeated ?? NONE;
  }
  for (let i = 1; i < entries.length; i++) {
    const key = entries[i]!.key.text;
    for (let j = 0; j < i; j++) {
      if (entries[j]!.key.text !== key) continue;
      (repeated ??= []).push({ entry: entries[i]!, index: i, first: entries[j]! });
      break;
    }
  }
  return repeated ?? NONE;
}

/** The source text of an entry's value, for comparing two occurrences. */
export function valueText(text: string, entry: Entry): string {
  return entry.value ? text.slice(entry.value.range.start.offset, entry.value.range.end.offset) : "";
}
