import { PARAM_TYPES } from "../../catalogue/fields.ts";
import { isBlank, scalarOf } from "../../semantic/values.ts";
import { didYouMean } from "../did-you-mean.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";
import { describeKind } from "../walk.ts";

/** Names other languages use for the six types. */
const ALIASES: Record<string, (typeof PARAM_TYPES)[number]> = {
  str: "string",
  int: "integer",
  bool: "boolean",
  float: "number",
  list: "array",
  dict: "object",
  map: "object",
};

export const paramType: Rule = {
  id: "param-type",
  severity: "error",
  summary: "A param's `type` is not one of string, integer, number, boolean, array, object.",
  checkParam(param, _tool, report) {
    const value = param.typeValue;
    if (value === undefined || param.type || isBlank(value) || value?.kind === "error") return; // blank: empty-field
    const scalar = scalarOf(value);
    const written = scalar?.value ?? "";
    const suggestion = scalar && (ALIASES[written.toLowerCase()] ?? didYouMean(written, PARAM_TYPES));
    report({
      message: `${scalar ? `\`${written}\` is not a param type` : `\`type\` must be one type name, not ${describeKind(value)}`}${suggestion ? `; did you mean \`${suggestion}\`?` : `: use one of ${PARAM_TYPES.join(", ")}.`}`,
      field: value === param.entry.value ? param.path : `${param.path}.type`,
      range: value!.range,
      ...(suggestion && scalar && { fix: { title: `Replace with \`${suggestion}\``, edits: [replace(scalar.range, suggestion)] } }),
    });
  },
};
