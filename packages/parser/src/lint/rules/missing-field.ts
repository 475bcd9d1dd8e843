import { FIELDS, REQUIRED_FIELDS } from "../../catalogue/fields.ts";
import { insertEntry } from "../edits.ts";
import { placeholderValue } from "../field-values.ts";
import { misplacedInto } from "../misplaced.ts";
import { FIELD_NAMES, misspeltAs } from "../misspelt.ts";
import type { Rule } from "../rule.ts";

const ORDER = FIELDS.map((f) => f.name);

export const missingField: Rule = {
  id: "missing-field",
  severity: "error",
  summary: "One of the ten fields every TOOL.hdlp must have (`hdlp schema`, docs/linter.md) is missing.",
  check(tool, report) {
    for (const field of REQUIRED_FIELDS) {
      if (tool.fields.has(field) || misplacedInto(tool, "top", field)) continue;
      // A misspelt field is fixed by renaming it (unknown-field's fix), not by adding another.
      const misspelt = misspeltAs(field, tool.fields, FIELD_NAMES);
      if (misspelt) {
        report({ message: `The required field \`${field}\` is missing; is \`${misspelt.key.text}\` meant to be it?`, range: misspelt.key.range });
        continue;
      }
      const value = placeholderValue(tool, field);
      report({
        message: `The required field \`${field}\` is missing.`,
        range: tool.root.entries[0]?.key.range ?? { start: tool.source.positionAt(0), end: tool.source.positionAt(0) },
        fix: { title: `Add \`${field}\``, edits: [insertEntry(tool.source, { map: tool.root }, field, value, ORDER)] },
      });
    }
  },
};
