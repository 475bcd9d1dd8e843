import type { MapNode } from "../../syntax/ast.ts";
import { removeEntry } from "../edits.ts";
import type { Report, Rule } from "../rule.ts";
import type { ToolFacts } from "../../semantic/tool-facts.ts";
import { fieldPath, forEachMap, repeatedEntries, valueText } from "../walk.ts";

/**
 * Report each repeated key of `map`. Removing the repeat is offered only when it
 * says exactly what the first occurrence says: then nothing is lost.
 */
export function reportRepeats(tool: ToolFacts, map: MapNode, path: string, describe: (key: string) => string, report: Report): void {
  for (const { entry, first } of repeatedEntries(map)) {
    const key = entry.key.text;
    const same = valueText(tool.source.text, entry) === valueText(tool.source.text, first);
    report({
      message: `${describe(key)} (first on line ${first.key.range.start.line + 1})${same ? "" : "; keep one of them"}.`,
      field: path ? `${path}.${key}` : key,
      range: entry.key.range,
      ...(same && { fix: { title: `Remove the repeated \`${key}\``, edits: [removeEntry(tool.source, map, entry)] } }),
    });
  }
}

export const duplicateKey: Rule = {
  id: "duplicate-key",
  severity: "error",
  summary: "A key appears twice in the same map; which one counts would be a guess.",
  check(tool, report) {
    forEachMap(tool.root, (map, keys) => {
      if (keys.length === 1 && keys[0] === "params_schema") return; // the params themselves: duplicate-param
      if (repeatedEntries(map).length === 0) return;
      reportRepeats(tool, map, fieldPath(keys), (key) => `\`${key}\` is written twice`, report);
    });
  },
};
