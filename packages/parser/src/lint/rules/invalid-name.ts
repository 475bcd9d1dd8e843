import { TOOL_NAME_PATTERN } from "../../catalogue/fields.ts";
import { isBlank, scalarOf } from "../../semantic/values.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";

export const invalidName: Rule = {
  id: "invalid-name",
  severity: "error",
  summary: "`name` is not English, or has a space: it is how callers and the folder name the tool.",
  check(tool, report) {
    const scalar = scalarOf(tool.fields.get("name")?.value);
    // Blank: empty-field; a map or list: field-shape.
    if (!scalar || isBlank(scalar) || TOOL_NAME_PATTERN.test(scalar.value)) return;
    const name = scalar.value;
    if (/\s/.test(name)) {
      const dashed = name.trim().replace(/\s+/g, "-");
      report({
        message: `\`name\` must not contain spaces: \`${name}\`.`,
        field: "name",
        range: scalar.range,
        ...(TOOL_NAME_PATTERN.test(dashed) && { fix: { title: `Replace with \`${dashed}\``, edits: [replace(scalar.range, dashed)] } }),
      });
      return;
    }
    const foreign = [...name].find((c) => !/[A-Za-z0-9._-]/.test(c));
    report({
      message: foreign
        ? `\`name\` must be English (letters, digits, \`-\`, \`_\`, \`.\`), but has \`${foreign}\`; put the Chinese name in \`display\`.`
        : `\`name\` must start with a letter or digit: \`${name}\`.`,
      field: "name",
      range: scalar.range,
    });
  },
};
