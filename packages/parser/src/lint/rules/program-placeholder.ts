import { templateRange } from "../../semantic/tool-facts.ts";
import type { Rule } from "../rule.ts";

/**
 * What runs is written in the file, never taken from a param (docs/spec.md,
 * templates): the program, the first word of a `command`, is literal text. A
 * placeholder in it (`{prog} --version`, `/usr/bin/{p}`), or an optional group
 * in its place (`[…] ls`, where a param's presence picks the first word), would
 * let whoever calls the tool choose what runs.
 */
export const programPlaceholder: Rule = {
  id: "program-placeholder",
  severity: "error",
  summary: "The program of `command` (its first word) holds a `{placeholder}`, or is an optional group: a param would choose what runs.",
  check(tool, report) {
    const command = tool.command;
    const first = command?.parse.template.items[0];
    if (!command || !first) return;
    if (first.kind === "group") {
      report({
        message:
          "The program, the first word of `command`, cannot be an optional group: whether a param is given would choose what runs. Write the program first.",
        field: "command",
        range: templateRange(command, first.range),
      });
      return;
    }
    const placeholder = first.parts.find((part) => part.kind === "placeholder");
    if (!placeholder) return;
    report({
      message: `The program, the first word of \`command\`, must be written out: \`{${placeholder.param}}\` would let a param choose what runs.`,
      field: "command",
      range: templateRange(command, placeholder.range),
    });
  },
};
