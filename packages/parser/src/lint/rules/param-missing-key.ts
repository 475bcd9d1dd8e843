import { keysOf } from "../../catalogue/value-keys.ts";
import { insertEntry } from "../edits.ts";
import type { ParamFacts } from "../../semantic/tool-facts.ts";
import { KEY_NAMES, misspeltAs } from "../misspelt.ts";
import { misplacedInto } from "../misplaced.ts";
import type { Rule } from "../rule.ts";

/** What the fix writes for a missing key: a value that parses, for the author to check. */
function placeholder(param: ParamFacts, key: string): string {
  if (key === "type") return param.keys.has("properties") ? "object" : param.keys.has("items") ? "array" : "string";
  if (key === "required") return param.keys.has("default") ? "false" : "true";
  return "TODO";
}

export const paramMissingKey: Rule = {
  id: "param-missing-key",
  severity: "error",
  summary: "A param (or an object's field) lacks `type`, `required` or `description`; an `items` map lacks `type`.",
  checkParam(param, tool, report) {
    if (!param.map) return;
    const keys = keysOf(param.kind);
    for (const key of keys) {
      if (!key.required || param.keys.has(key.name) || misplacedInto(tool, "param", key.name, param)) continue;
      // A misspelt key is fixed by renaming it (unknown-field's fix), not by adding another.
      const misspelt = misspeltAs(key.name, param.keys, KEY_NAMES[param.kind]);
      if (misspelt) {
        report({
          message: `${param.label} has no \`${key.name}\`; is \`${misspelt.key.text}\` meant to be it?`,
          field: param.path,
          range: misspelt.key.range,
        });
        continue;
      }
      const value = placeholder(param, key.name);
      report({
        message: `${param.label} has no \`${key.name}\`.`,
        field: param.path,
        range: param.entry.key.range,
        fix: {
          title: `Add \`${key.name}: ${value}\``,
          edits: [
            insertEntry(
              tool.source,
              { map: param.map, owner: param.entry },
              key.name,
              value,
              keys.map((k) => k.name),
            ),
          ],
        },
      });
    }
  },
};
