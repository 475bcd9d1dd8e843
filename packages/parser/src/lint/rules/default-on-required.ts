import type { Rule } from "../rule.ts";

export const defaultOnRequired: Rule = {
  id: "default-on-required",
  severity: "warning",
  summary: "A required param has a `default`, which can never apply.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("default");
    if (!entry || param.required !== true) return;
    report({
      message: `${param.label} is required, so its \`default\` never applies; make it \`required: false\` or drop the default.`,
      field: `${param.path}.default`,
      range: entry.key.range,
    });
  },
};
