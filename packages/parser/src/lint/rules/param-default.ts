import { readParamValue } from "../../model/values.ts";
import type { Rule } from "../rule.ts";

export const paramDefault: Rule = {
  id: "param-default",
  severity: "error",
  summary: "A param's `default` is not a value of the param's own `type`.",
  check(tool, report) {
    for (const param of tool.params) {
      const entry = param.keys.get("default");
      if (!entry || !param.type || readParamValue(entry.value, param.type) !== undefined) continue;
      report({
        message: `\`default\` must be ${param.type === "integer" || param.type === "array" || param.type === "object" ? "an" : "a"} ${param.type}, as the param's \`type\` says.`,
        field: `params_schema.${param.name}.default`,
        range: entry.value?.range ?? entry.key.range,
      });
    }
  },
};
