import type { Entry, MapNode } from "../../syntax/ast.ts";
import { replace } from "../edits.ts";
import { CONSTRAINT_NAMES, FIELD_NAMES, misspellings, PARAM_KEY_NAMES } from "../misspelt.ts";
import type { Report, Rule } from "../rule.ts";

/**
 * `present`: the map's entries by key (the facts'); `path`: the field path of
 * the map (built only when something is reported).
 */
function reportUnknown(map: MapNode | undefined, present: ReadonlyMap<string, Entry>, known: ReadonlySet<string>, where: string, path: () => string, report: Report): void {
  if (!map) return;
  const { suggestions } = misspellings(present, known);
  if (suggestions.size === 0) return;
  // Renaming to a key the map has (or that an earlier misspelling is renamed to) would write it twice.
  const claimed = new Set<string>();
  for (const entry of map.entries) {
    const key = entry.key.text;
    if (known.has(key)) continue;
    const suggestion = suggestions.get(key);
    const renamable = suggestion !== undefined && !present.has(suggestion) && !claimed.has(suggestion);
    if (renamable) claimed.add(suggestion);
    report({
      message: `\`${key}\` is not a field of ${where}${suggestion ? `; did you mean \`${suggestion}\`?` : "; it is ignored."}`,
      field: path() ? `${path()}.${key}` : key,
      range: entry.key.range,
      ...(renamable && { fix: { title: `Rename to \`${suggestion}\``, edits: [replace(entry.key.range, suggestion)] } }),
    });
  }
}

export const unknownField: Rule = {
  id: "unknown-field",
  severity: "warning",
  summary: "A field (or param key, or constraint) the catalogue does not know: usually a typo.",
  check(tool, report) {
    reportUnknown(tool.root, tool.fields, FIELD_NAMES, "TOOL.hdlp", () => "", report);
    reportUnknown(tool.constraints, tool.constraintEntries, CONSTRAINT_NAMES, "`constraints`", () => "constraints", report);
  },
  checkParam(param, _tool, report) {
    reportUnknown(param.map, param.keys, PARAM_KEY_NAMES, "a param", () => `params_schema.${param.name}`, report);
  },
};
