/**
 * Keys at the wrong depth: a constraint written at the top level, a param or
 * a param's key that lost its indentation, a top-level field nested under
 * another. Each would leave the tool running without what its author wrote
 * (a limit at its default, a param missing), so `misplaced-key` reports them
 * as errors with where they belong, and the rules that would otherwise call
 * the same key unknown or missing stand down (as they do for misspellings,
 * ./misspelt.ts).
 *
 * Worked out once per file: the rules ask `misplacementOf(tool, entry)`.
 */
import { FIELDS } from "../catalogue/fields.ts";
import type { ParamFacts, ToolFacts } from "../semantic/tool-facts.ts";
import type { Entry, MapNode, Value } from "../syntax/ast.ts";
import { CONSTRAINT_NAMES, FIELD_NAMES, PARAM_KEY_NAMES } from "./misspelt.ts";

/** Where a misplaced key belongs. */
export type Destination =
  | { readonly kind: "top" }
  | { readonly kind: "constraints" }
  | { readonly kind: "params" }
  | { readonly kind: "param"; readonly param: ParamFacts };

export interface Misplacement {
  readonly entry: Entry;
  /** The map that holds it now. */
  readonly map: MapNode;
  /** Where it is, in words: `at the top level`, `inside \`constraints\``. */
  readonly where: string;
  /** What it is, in words: `a constraint`, `a top-level field`, `a param`. */
  readonly what: string;
  readonly destination: Destination;
}

/**
 * A file with no key at the wrong depth (most files) gets the one shared
 * empty answer: a WeakMap keeps its values through young-generation
 * collections whatever becomes of their keys, so a map of its own for every
 * file linted would be copied and promoted by the collector for nothing.
 */
const computed = new WeakMap<ToolFacts, ReadonlyMap<Entry, Misplacement>>();
const NONE: ReadonlyMap<Entry, Misplacement> = new Map();

/** The misplacement of `entry`, when it is one. */
export function misplacementOf(tool: ToolFacts, entry: Entry): Misplacement | undefined {
  return misplacements(tool).get(entry);
}

export function misplacements(tool: ToolFacts): ReadonlyMap<Entry, Misplacement> {
  let found = computed.get(tool);
  if (!found) computed.set(tool, (found = find(tool)));
  return found;
}

/**
 * Whether a key the file lacks at `kind` (the top level, `constraints`, a
 * param) is written elsewhere and belongs there: the missing-key rules stand
 * down, misplaced-key's fix moves it.
 */
export function misplacedInto(tool: ToolFacts, kind: Destination["kind"], key: string, param?: ParamFacts): boolean {
  for (const m of misplacements(tool).values()) {
    if (m.entry.key.text !== key || m.destination.kind !== kind) continue;
    if (m.destination.kind !== "param" || m.destination.param === param) return true;
  }
  return false;
}

/** A map whose keys are a param's (`type` among them): what a param's value looks like. */
function looksLikeParam(value: Value | null): boolean {
  if (value?.kind !== "map" || value.entries.length === 0) return false;
  return value.entries.some((e) => e.key.text === "type") && value.entries.every((e) => PARAM_KEY_NAMES.has(e.key.text));
}

function find(tool: ToolFacts): ReadonlyMap<Entry, Misplacement> {
  let found: Map<Entry, Misplacement> | undefined;
  const add = (entry: Entry, map: MapNode, where: string, what: string, destination: Destination) =>
    (found ??= new Map()).set(entry, { entry, map, where, what, destination });
  const params = tool.fields.get("params_schema")?.value;

  for (const entry of tool.root.entries) {
    const key = entry.key.text;
    if (FIELD_NAMES.has(key)) continue;
    if (CONSTRAINT_NAMES.has(key)) add(entry, tool.root, "at the top level", "a constraint", { kind: "constraints" });
    else if (looksLikeParam(entry.value)) add(entry, tool.root, "at the top level", "a param", { kind: "params" });
    else if (PARAM_KEY_NAMES.has(key) && entry.value?.kind !== "map") {
      const last = tool.params.at(-1);
      // Right after a param written as a block, the key most likely lost that param's indentation.
      if (last?.map?.style === "block" && params?.kind === "map" && params.style === "block")
        add(entry, tool.root, "at the top level", `a key of the param \`${last.name}\``, { kind: "param", param: last });
    }
  }

  for (const entry of tool.constraints?.entries ?? []) {
    if (!CONSTRAINT_NAMES.has(entry.key.text) && FIELD_NAMES.has(entry.key.text))
      add(entry, tool.constraints!, "inside `constraints`", "a top-level field", { kind: "top" });
  }

  if (params?.kind === "map") {
    let previous: ParamFacts | undefined;
    for (const param of tool.params) {
      const { entry } = param;
      const key = entry.key.text;
      if (FIELD_NAMES.has(key) && !looksLikeParam(entry.value)) add(entry, params, "inside `params_schema`", "a top-level field", { kind: "top" });
      else if (PARAM_KEY_NAMES.has(key) && entry.value?.kind !== "map" && previous?.map?.style === "block") {
        add(entry, params, "inside `params_schema`", `a key of the param \`${previous.name}\``, { kind: "param", param: previous });
      }
      previous = param;
      if (param.map?.style !== "block") continue;
      for (const inner of param.map.entries) {
        const innerKey = inner.key.text;
        if (PARAM_KEY_NAMES.has(innerKey)) continue;
        const where = `inside the param \`${param.name}\``;
        if (FIELD_NAMES.has(innerKey)) add(inner, param.map, where, "a top-level field", { kind: "top" });
        else if (CONSTRAINT_NAMES.has(innerKey)) add(inner, param.map, where, "a constraint", { kind: "constraints" });
      }
    }
  }
  return found ?? NONE;
}

/** The canonical order of the keys of a destination, for inserting `key` at the right place. */
export function destinationOrder(tool: ToolFacts, destination: Destination, key: string): readonly string[] {
  switch (destination.kind) {
    case "top":
      return FIELDS.map((f) => f.name);
    case "constraints":
      return [...CONSTRAINT_NAMES];
    case "params":
      // After every param already there.
      return [...tool.params.map((p) => p.name), key];
    case "param":
      return [...PARAM_KEY_NAMES];
  }
}
