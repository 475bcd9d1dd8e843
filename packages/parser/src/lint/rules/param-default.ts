import { readParamValue } from "../../semantic/values.ts";
import type { ParamType } from "../../catalogue/fields.ts";
import type { Rule } from "../rule.ts";

/** `a string`, `an integer`: a value of the param type, for messages (shared with param-enum). */
export function aValueOf(type: ParamType): string {
  return `${type === "integer" || type === "array" || type === "object" ? "an" : "a"} ${type}`;
}

export const paramDefault: Rule = {
  id: "param-default",
  severity: "error",
  summary: "A param's `default` is not a value of the param's own `type`.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("default");
    if (!entry || !param.type || readParamValue(entry.value, param.type) !== undefined) return;
    report({
      message:
        entry.value === null
          ? `\`default\` is empty: write ${aValueOf(param.type)}, or remove it.`
          : `\`default\` must be ${aValueOf(param.type)}, as the param's \`type\` says.`,
      field: `params_schema.${param.name}.default`,
      range: entry.value?.range ?? entry.key.range,
    });
  },
};
