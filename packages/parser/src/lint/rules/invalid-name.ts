import { TOOL_NAME_PATTERN } from "../../catalogue/fields.ts";
import { scalarOf } from "../../model/values.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";

export const invalidName: Rule = {
  id: "invalid-name",
  severity: "error",
  summary: "`name` is empty, not English, or has a space: it is how callers and the folder name the tool.",
  check(tool, report) {
    const entry = tool.fields.get("name");
    if (!entry) return;
    const scalar = scalarOf(entry.value);
    if (entry.value === null || scalar?.value.trim() === "") {
      report({ message: "`name` is empty: give the tool an English name without spaces, like its folder's.", field: "name", range: scalar?.range ?? entry.key.range });
      return;
    }
    if (!scalar || TOOL_NAME_PATTERN.test(scalar.value)) return;
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
