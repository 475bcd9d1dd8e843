import type { ParamType } from "../../catalogue/fields.ts";
import type { ParamFacts } from "../../semantic/tool-facts.ts";
import { readParamValue } from "../../semantic/values.ts";
import { valueShape } from "../value-shape.ts";
import type { Rule } from "../rule.ts";

/** `a string`, `an integer`: a value of the param type, for messages (shared with param-enum). */
export function aValueOf(type: ParamType): string {
  return `${type === "integer" || type === "array" || type === "object" ? "an" : "a"} ${type}`;
}

/** What a value of the param must be, for messages: "an integer, as the param's `type` says", "an array that fits the param's `items`". */
export function whatFits(param: ParamFacts, type: ParamType): string {
  const nested = param.items ? "items" : param.properties ? "properties" : undefined;
  return nested ? `${aValueOf(type)} that fits the param's \`${nested}\`` : `${aValueOf(type)}, as the param's \`type\` says`;
}

export const paramDefault: Rule = {
  id: "param-default",
  severity: "error",
  summary: "A param's `default` is not a value of the param's own `type`.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("default");
    const shape = valueShape(param);
    if (!entry || !shape || readParamValue(entry.value, shape) !== undefined) return;
    report({
      message:
        entry.value === null ? `\`default\` is empty: write ${aValueOf(shape.type)}, or remove it.` : `\`default\` must be ${whatFits(param, shape.type)}.`,
      field: `${param.path}.default`,
      range: entry.value?.range ?? entry.key.range,
    });
  },
};
