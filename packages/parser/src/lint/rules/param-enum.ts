import { readParamValue } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";
import { valueShape } from "../value-shape.ts";
import { whatFits } from "./param-default.ts";

export const paramEnum: Rule = {
  id: "param-enum",
  severity: "error",
  summary: "A param's `enum` is not a list of values of its `type`.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("enum");
    if (!entry) return;
    const field = `${param.path}.enum`;
    if (entry.value?.kind !== "list") {
      report({ message: "`enum` must be a list of the allowed values, like `[a, b]`.", field, range: entry.value?.range ?? entry.key.range });
      return;
    }
    const shape = valueShape(param);
    if (!shape) return;
    for (const item of entry.value.items) {
      if (readParamValue(item, shape) !== undefined) continue;
      report({ message: `Every \`enum\` value must be ${whatFits(param, shape.type)}.`, field, range: item.range });
    }
  },
};
