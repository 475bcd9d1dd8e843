import { PARAM_KEYS } from "../../catalogue/fields.ts";
import { insertEntry } from "../edits.ts";
import type { ParamFacts } from "../../semantic/tool-facts.ts";
import { misspeltAs, PARAM_KEY_NAMES } from "../misspelt.ts";
import { misplacedInto } from "../misplaced.ts";
import type { Rule } from "../rule.ts";

const ORDER = PARAM_KEYS.map((k) => k.name);

/** What the fix writes for a missing key: a value that parses, for the author to check. */
function placeholder(param: ParamFacts, key: string): string {
  if (key === "type") return "string";
  if (key === "required") return param.keys.has("default") ? "false" : "true";
  return "TODO";
}

export const paramMissingKey: Rule = {
  id: "param-missing-key",
  severity: "error",
  summary: "A param lacks `type`, `required` or `description`.",
  checkParam(param, tool, report) {
    if (!param.map) return;
    for (const key of PARAM_KEYS) {
      if (!key.required || param.keys.has(key.name) || misplacedInto(tool, "param", key.name, param)) continue;
      // A misspelt key is fixed by renaming it (unknown-field's fix), not by adding another.
      const misspelt = misspeltAs(key.name, param.keys, PARAM_KEY_NAMES);
      if (misspelt) {
        report({
          message: `The param \`${param.name}\` has no \`${key.name}\`; is \`${misspelt.key.text}\` meant to be it?`,
          field: `params_schema.${param.name}`,
          range: misspelt.key.range,
        });
        continue;
      }
      const value = placeholder(param, key.name);
      report({
        message: `The param \`${param.name}\` has no \`${key.name}\`.`,
        field: `params_schema.${param.name}`,
        range: param.entry.key.range,
        fix: { title: `Add \`${key.name}: ${value}\``, edits: [insertEntry(tool.source, { map: param.map, owner: param.entry }, key.name, value, ORDER)] },
      });
    }
  },
};
