import { readParamValue } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";
import { aValueOf } from "./param-default.ts";

export const paramEnum: Rule = {
  id: "param-enum",
  severity: "error",
  summary: "A param's `enum` is not a list of values of its `type`.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("enum");
    if (!entry) return;
    const field = `params_schema.${param.name}.enum`;
    if (entry.value?.kind !== "list") {
      report({ message: "`enum` must be a list of the allowed values, like `[a, b]`.", field, range: entry.value?.range ?? entry.key.range });
      return;
    }
    if (!param.type) return;
    for (const item of entry.value.items) {
      if (readParamValue(item, param.type) !== undefined) continue;
      report({ message: `Every \`enum\` value must be ${aValueOf(param.type)}, as the param's \`type\` says.`, field, range: item.range });
    }
  },
};
