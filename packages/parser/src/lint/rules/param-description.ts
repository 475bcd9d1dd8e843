import { scalarOf } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";
import { describeKind } from "../walk.ts";

export const paramDescription: Rule = {
  id: "param-description",
  severity: "error",
  summary: "A param's `description` is not one piece of text.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("description");
    if (!entry || entry.value === null || scalarOf(entry.value) || entry.value.kind === "error") return; // blank: empty-field
    report({ message: `\`description\` must be text, not ${describeKind(entry.value)}.`, field: `params_schema.${param.name}.description`, range: entry.value.range });
  },
};
