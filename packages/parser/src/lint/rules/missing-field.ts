import { CONSTRAINT_KEYS, FIELDS, fieldSpec, REQUIRED_FIELDS, TOOL_NAME_PATTERN } from "../../catalogue/fields.ts";
import { didYouMean } from "../did-you-mean.ts";
import { eol, insertEntry } from "../edits.ts";
import type { ToolFacts } from "../facts.ts";
import type { Rule } from "../rule.ts";

const ORDER = FIELDS.map((f) => f.name);

/** The folder of `tools/<name>/TOOL.hdlp`, when it makes a valid name. */
function nameFromPath(path: string | undefined): string | undefined {
  const parts = (path ?? "").split(/[\\/]/);
  const folder = parts.at(-1) === "TOOL.hdlp" ? parts.at(-2) : parts.at(-1)?.replace(/\.hdlp$/, "");
  return folder && TOOL_NAME_PATTERN.test(folder) ? folder : undefined;
}

/** What the fix writes: a value that parses, for the author to replace where it says TODO. */
function placeholder(tool: ToolFacts, field: string): string {
  const newline = eol(tool.source);
  switch (fieldSpec(field)?.type) {
    case "identifier":
      return nameFromPath(tool.options.path) ?? "TODO";
    case "executor":
    case "method":
      return fieldSpec(field)!.example;
    case "date":
      return tool.options.today ?? new Date().toISOString().slice(0, 10);
    case "params":
      return "{}";
    case "constraints":
      return CONSTRAINT_KEYS.map((k) => `${newline}  ${k.name}: ${String(k.default)}`).join("");
    default:
      return "TODO";
  }
}

export const missingField: Rule = {
  id: "missing-field",
  severity: "error",
  summary: "One of the ten fields every TOOL.hdlp must have (§7) is missing.",
  check(tool, report) {
    const firstKey = tool.root.entries[0]?.key.range;
    const start = tool.source.positionAt(0);
    for (const field of REQUIRED_FIELDS) {
      if (tool.fields.has(field)) continue;
      // A misspelt field is fixed by renaming it (unknown-field's fix), not by adding another.
      const misspelt = [...tool.fields.keys()].find((key) => !fieldSpec(key) && didYouMean(key, [field]) === field);
      if (misspelt) {
        report({ message: `The required field \`${field}\` is missing; is \`${misspelt}\` meant to be it?`, range: tool.fields.get(misspelt)!.key.range });
        continue;
      }
      const value = placeholder(tool, field);
      report({
        message: `The required field \`${field}\` is missing.`,
        range: firstKey ?? { start, end: start },
        fix: { title: `Add \`${field}\``, edits: [insertEntry(tool.source, { map: tool.root }, field, value, ORDER)] },
      });
    }
  },
};
