/**
 * The maps nested inside a param: `items` (what an array holds) and
 * `properties` (an object's fields). An `items` map describes a value, so it
 * takes the keys of a param that describe a value and none that describe a
 * param (`required`, `default`); each of `properties` is written as a param is.
 */
import { fieldSpec, type KeySpec, PARAM_KEYS, type ParamKeyName } from "./fields.ts";

/** The keys of an `items` map, in canonical order: only `type` is required. */
export const ITEM_KEYS: readonly KeySpec<ParamKeyName>[] = PARAM_KEYS.filter((key) => key.name !== "required" && key.name !== "default").map((key) =>
  key.type === "param-type" ? key : { ...key, required: false },
);

/** What a map inside `params_schema` describes: a param (or an object's field, written the same way), or an array's items. */
export type ValueSpecKind = "param" | "items";

export function keysOf(kind: ValueSpecKind): readonly KeySpec<ParamKeyName>[] {
  return kind === "param" ? PARAM_KEYS : ITEM_KEYS;
}

/**
 * The kind of the map at a field path: `["params_schema", "hosts"]` is a
 * param, `[…, "items"]` its items, `[…, "items", "properties", "port"]` a
 * field of them; undefined when the path names no such map.
 */
export function valueSpecAt(path: readonly (string | number)[]): ValueSpecKind | undefined {
  if (path.length < 2 || typeof path[0] !== "string" || fieldSpec(path[0])?.type !== "params" || typeof path[1] !== "string") return undefined;
  let kind: ValueSpecKind = "param";
  for (let i = 2; i < path.length; i++) {
    if (path[i] === "items") kind = "items";
    else if (path[i] === "properties" && typeof path[i + 1] === "string") {
      kind = "param";
      i++;
    } else return undefined;
  }
  return kind;
}
