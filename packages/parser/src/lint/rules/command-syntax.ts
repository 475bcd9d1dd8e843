import { templateRange } from "../../semantic/tool-facts.ts";
import type { Rule } from "../rule.ts";

export const commandSyntax: Rule = {
  id: "command-syntax",
  severity: "error",
  summary: "The `command` template cannot be split into arguments: an unclosed quote, brace or optional group.",
  check(tool, report) {
    const command = tool.command;
    for (const problem of command?.parse.problems ?? []) {
      report({ message: problem.message, field: "command", range: templateRange(command!, problem.range) });
    }
  },
};
