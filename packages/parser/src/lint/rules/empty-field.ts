import { CONSTRAINT_KEYS, type Doc, FIELDS } from "../../catalogue/fields.ts";
import { keysOf } from "../../catalogue/value-keys.ts";
import { isBlank } from "../../semantic/values.ts";
import type { Entry, Range } from "../../syntax/ast.ts";
import { fillBlank, isBlockValue } from "../edits.ts";
import { derivedValue } from "../field-values.ts";
import type { Rule } from "../rule.ts";

/** The catalogue's English doc as a sentence of its own. */
function sentence(doc: Doc): string {
  return /[.?!]$/.test(doc.en) ? doc.en : `${doc.en}.`;
}

/** The blank value when it has a width to underline (`""`), else the key. */
function blankRange(entry: Entry): Range {
  const value = entry.value;
  return value && value.range.end.offset > value.range.start.offset ? value.range : entry.key.range;
}

/**
 * One rule owns "written with no value", everywhere a value is required: the
 * other rules skip a blank value, so a blank field is reported once, as what
 * it is, and never as an odd value (`\`\` is not an executor`).
 */
export const emptyField: Rule = {
  id: "empty-field",
  severity: "error",
  summary: 'A field, param key or constraint is written with no value (`executor:`, `why: ""`): as good as missing.',
  check(tool, report) {
    for (const field of FIELDS) {
      const entry = tool.fields.get(field.name);
      if (!entry || !isBlank(entry.value)) continue;
      const value = derivedValue(tool, field.name);
      report({
        message: field.required
          ? `\`${field.name}\` is empty; a required field with no value is as good as missing. ${sentence(field.doc)}`
          : `\`${field.name}\` is empty: give it a value or remove it.`,
        field: field.name,
        range: blankRange(entry),
        ...(value !== undefined && {
          fix: { title: isBlockValue(value) ? "Write the catalogue's defaults" : `Write \`${value}\``, edits: [fillBlank(tool.source, entry, value)] },
        }),
      });
    }
    for (const key of CONSTRAINT_KEYS) {
      const entry = tool.constraintEntries.get(key.name);
      if (!entry || !isBlank(entry.value)) continue;
      const value = String(key.default);
      report({
        message: `\`${key.name}\` is empty; write the limit, even as the default \`${value}\`, so it is visible.`,
        field: `constraints.${key.name}`,
        range: blankRange(entry),
        fix: { title: `Write \`${value}\``, edits: [fillBlank(tool.source, entry, value)] },
      });
    }
  },
  checkParam(param, _tool, report) {
    for (const key of keysOf(param.kind)) {
      const entry = param.keys.get(key.name);
      if (!key.required || !entry || !isBlank(entry.value)) continue;
      report({
        message: `${param.label} has an empty \`${key.name}\`; ${param.kind === "items" ? "items need one" : "every param needs one"}. ${sentence(key.doc)}`,
        field: `${param.path}.${key.name}`,
        range: blankRange(entry),
      });
    }
  },
};
