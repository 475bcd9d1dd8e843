import { TOOL_FILE_NAME } from "../../catalogue/layout.ts";
import type { Entry, MapNode } from "../../syntax/ast.ts";
import type { ToolFacts } from "../../semantic/tool-facts.ts";
import { didYouMean } from "../did-you-mean.ts";
import { misplacementOf } from "../misplaced.ts";
import { replace } from "../edits.ts";
import { CONSTRAINT_NAMES, FIELD_NAMES, PARAM_KEY_NAMES } from "../misspelt.ts";
import type { Report, Rule } from "../rule.ts";

/** `path` is the field path of the map (built only when something is reported). */
function reportUnknown(tool: ToolFacts, map: MapNode | undefined, known: ReadonlySet<string>, where: string, path: () => string, report: Report): void {
  let present: Set<string> | undefined; // built on the first unknown key only
  for (const entry of map?.entries ?? ([] as Entry[])) {
    const key = entry.key.text;
    if (known.has(key) || misplacementOf(tool, entry)) continue; // a key at the wrong depth: misplaced-key says where it belongs
    const suggestion = didYouMean(key, known);
    // Renaming to a key the map has (or that an earlier misspelling is renamed to) would write it twice.
    present ??= new Set(map!.entries.map((e) => e.key.text));
    const renamable = suggestion !== undefined && !present.has(suggestion);
    if (renamable) present.add(suggestion);
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
    reportUnknown(tool, tool.root, FIELD_NAMES, TOOL_FILE_NAME, () => "", report);
    reportUnknown(tool, tool.constraints, CONSTRAINT_NAMES, "`constraints`", () => "constraints", report);
  },
  checkParam(param, tool, report) {
    reportUnknown(tool, param.map, PARAM_KEY_NAMES, "a param", () => `params_schema.${param.name}`, report);
  },
};
