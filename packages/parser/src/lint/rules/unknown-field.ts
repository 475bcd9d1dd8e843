import { TOOL_FILE_NAME } from "../../catalogue/layout.ts";
import type { MapNode } from "../../syntax/ast.ts";
import type { ToolFacts } from "../../semantic/tool-facts.ts";
import { misplacementOf } from "../misplaced.ts";
import { replace } from "../edits.ts";
import { CONSTRAINT_NAMES, FIELD_NAMES, KEY_NAMES, misspellings, type Present } from "../misspelt.ts";
import type { Report, Rule } from "../rule.ts";

/**
 * `present`: the map's entries by key (the facts'); `path`: the field path of
 * the map (built only when something is reported).
 */
function reportUnknown(
  tool: ToolFacts,
  map: MapNode | undefined,
  present: Present,
  known: ReadonlySet<string>,
  where: string,
  path: () => string,
  report: Report,
): void {
  if (!map) return;
  const { suggestions } = misspellings(present, known);
  if (suggestions.size === 0) return;
  // Renaming to a key the map has (or that an earlier misspelling is renamed to) would write it twice.
  const claimed = new Set<string>();
  for (const entry of map.entries) {
    const key = entry.key.text;
    if (known.has(key) || misplacementOf(tool, entry)) continue; // a key at the wrong depth: misplaced-key says where it belongs
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
    reportUnknown(tool, tool.root, tool.fields, FIELD_NAMES, TOOL_FILE_NAME, () => "", report);
    reportUnknown(tool, tool.constraints, tool.constraintEntries, CONSTRAINT_NAMES, "`constraints`", () => "constraints", report);
  },
  checkParam(param, tool, report) {
    reportUnknown(tool, param.map, param.keys, KEY_NAMES[param.kind], param.kind === "items" ? "`items`" : "a param", () => param.path, report);
  },
};
