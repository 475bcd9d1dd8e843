import { CONSTRAINT_KEYS } from "../../catalogue/fields.ts";
import { insertEntry } from "../edits.ts";
import { CONSTRAINT_NAMES, misspeltAs } from "../misspelt.ts";
import { misplacedInto } from "../misplaced.ts";
import type { Rule } from "../rule.ts";

const ORDER = CONSTRAINT_KEYS.map((k) => k.name);

export const missingConstraint: Rule = {
  id: "missing-constraint",
  severity: "error",
  summary: "`constraints` lacks `timeout_ms`, `max_output_bytes` or `require_confirm`.",
  check(tool, report) {
    const entry = tool.fields.get("constraints");
    if (!entry || !tool.constraints) return; // blank: empty-field; not a map: field-shape
    const present = tool.constraintEntries;
    for (const key of CONSTRAINT_KEYS) {
      if (!key.required || present.has(key.name) || misplacedInto(tool, "constraints", key.name)) continue;
      // A misspelt key is fixed by renaming it (unknown-field's fix), not by adding another.
      const misspelt = misspeltAs(key.name, present, CONSTRAINT_NAMES);
      if (misspelt) {
        report({
          message: `\`constraints\` has no \`${key.name}\`; is \`${misspelt.key.text}\` meant to be it?`,
          field: "constraints",
          range: misspelt.key.range,
        });
        continue;
      }
      const value = String(key.default);
      report({
        message: `\`constraints\` has no \`${key.name}\`; write it, even as the default \`${value}\`, so the limit is visible.`,
        field: "constraints",
        range: entry.key.range,
        fix: {
          title: `Add \`${key.name}: ${value}\``,
          edits: [insertEntry(tool.source, { map: tool.constraints, owner: entry }, key.name, value, ORDER)],
        },
      });
    }
  },
};
