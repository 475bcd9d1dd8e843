/**
 * A param's declaration as far as it types values (its type, its items, its
 * fields), for the rules that read its `default` and `enum` the way the
 * model will.
 */
import type { NamedShape, ValueShape } from "../semantic/values.ts";
import type { ParamFacts } from "../semantic/tool-facts.ts";

/** undefined when the type is not one of the six; nested declarations whose type is unknown leave their values untyped. */
export function valueShape(param: ParamFacts): NamedShape | undefined {
  if (!param.type) return undefined;
  const items: ValueShape | undefined = param.items && valueShape(param.items);
  const properties = param.properties?.map(valueShape);
  return {
    name: param.name,
    type: param.type,
    required: param.required,
    items,
    // A field whose type is unknown cannot type its values: the object is read untyped.
    properties: properties?.every((field) => field !== undefined) ? (properties as NamedShape[]) : undefined,
  };
}
