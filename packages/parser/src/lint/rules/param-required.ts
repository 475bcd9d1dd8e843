import { isBlank, scalarOf } from "../../semantic/values.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";
import { describeKind } from "../walk.ts";

/** Words that plainly mean a boolean, and the boolean they mean. */
const MEANS: Record<string, boolean> = { true: true, false: false, yes: true, no: false, on: true, off: false };

/**
 * The boolean a non-boolean spelling plainly means (`True`, `"true"`, `yes`),
 * for the fix; shared with the constraint rule.
 */
export function intendedBoolean(text: string | undefined): boolean | undefined {
  return text === undefined ? undefined : MEANS[text.trim().toLowerCase()];
}

export const paramRequired: Rule = {
  id: "param-required",
  severity: "error",
  summary: "A param's `required` is not `true` or `false`.",
  checkParam(param, _tool, report) {
    const entry = param.keys.get("required");
    if (!entry || param.required !== undefined || isBlank(entry.value) || entry.value?.kind === "error") return; // blank: empty-field
    const scalar = scalarOf(entry.value);
    const meant = intendedBoolean(scalar?.value);
    report({
      message: `\`required\` must be \`true\` or \`false\`, not ${scalar ? `\`${scalar.raw}\`` : describeKind(entry.value)}.`,
      field: `params_schema.${param.name}.required`,
      range: entry.value!.range,
      ...(meant !== undefined && scalar && { fix: { title: `Replace with \`${meant}\``, edits: [replace(scalar.range, String(meant))] } }),
    });
  },
};
