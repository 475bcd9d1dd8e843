import { mapOf } from "../facts.ts";
import type { Rule } from "../rule.ts";
import { reportRepeats } from "./duplicate-key.ts";

export const duplicateParam: Rule = {
  id: "duplicate-param",
  severity: "error",
  summary: "Two params in `params_schema` have the same name.",
  check(tool, report) {
    const params = mapOf(tool.fields.get("params_schema")?.value);
    if (params) reportRepeats(tool, params, "params_schema", (key) => `The param \`${key}\` is declared twice`, report);
  },
};
