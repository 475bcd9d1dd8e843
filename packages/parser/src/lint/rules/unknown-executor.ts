import { EXECUTOR_NAMES } from "../../catalogue/executors.ts";
import { isBlank, scalarOf } from "../../semantic/values.ts";
import { didYouMean } from "../did-you-mean.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";

export const unknownExecutor: Rule = {
  id: "unknown-executor",
  severity: "error",
  summary: `\`executor\` is not exactly one of ${EXECUTOR_NAMES.join(", ")}.`,
  check(tool, report) {
    const scalar = scalarOf(tool.fields.get("executor")?.value);
    if (!scalar || isBlank(scalar) || tool.executor) return; // blank: empty-field; a map or list: field-shape
    const suggestion = didYouMean(scalar.value, EXECUTOR_NAMES);
    const allowed = EXECUTOR_NAMES.map((n) => `\`${n}\``).join(", ");
    report({
      message: `\`${scalar.value}\` is not an executor${suggestion ? `; did you mean \`${suggestion}\`?` : `: use one of ${allowed}.`}`,
      field: "executor",
      range: scalar.range,
      ...(suggestion && { fix: { title: `Replace with \`${suggestion}\``, edits: [replace(scalar.range, suggestion)] } }),
    });
  },
};
