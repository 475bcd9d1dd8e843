import { mapOf } from "../../semantic/tool-facts.ts";
import type { Rule } from "../rule.ts";
import { reportRepeats } from "./duplicate-key.ts";

export const duplicateParam: Rule = {
  id: "duplicate-param",
  severity: "error",
  summary: "Two params in `params_schema` have the same name.",
  check(tool, report) {
    const params = mapOf(tool.fields.get("params_schema")?.value);
    // The facts hold one param per name: as many as entries means no name is repeated.
    if (!params || params.entries.length === tool.params.length) return;
    reportRepeats(tool, params, "params_schema", (key) => `The param \`${key}\` is declared twice`, report);
  },
};
