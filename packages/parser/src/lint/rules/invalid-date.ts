import { isBlank, isCalendarDate, scalarOf } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";

export const invalidDate: Rule = {
  id: "invalid-date",
  severity: "error",
  summary: "`created` is not a real calendar day written YYYY-MM-DD.",
  check(tool, report) {
    const scalar = scalarOf(tool.fields.get("created")?.value);
    if (!scalar || isBlank(scalar) || isCalendarDate(scalar.value)) return; // blank: empty-field; a map or list: field-shape
    const text = scalar.value;
    report({
      message: /^\d{4}-\d{2}-\d{2}$/.test(text)
        ? `\`${text}\` is not a day of the calendar.`
        : `\`created\` must be a date written YYYY-MM-DD, like \`2026-05-31\`, not \`${text}\`.`,
      field: "created",
      range: scalar.range,
    });
  },
};
