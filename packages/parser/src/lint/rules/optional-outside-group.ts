import { templateRange } from "../../semantic/tool-facts.ts";
import type { Rule } from "../rule.ts";

export const optionalOutsideGroup: Rule = {
  id: "optional-outside-group",
  severity: "error",
  summary: "An optional param is used in `command` outside an `[optional group]`, so its absence would leave a hole in the command.",
  check(tool, report) {
    const command = tool.command;
    if (!command) return;
    for (const item of command.parse.template.items) {
      if (item.kind !== "arg") continue;
      for (const part of item.parts) {
        if (part.kind !== "placeholder" || tool.paramsByName.get(part.param)?.required !== false) continue;
        const range = templateRange(command, part.range);
        report({
          message: `The param \`${part.param}\` is optional, so \`{${part.param}}\` must sit inside an optional group, like \`[--${part.param} {${part.param}}]\`.`,
          field: "command",
          range,
        });
      }
    }
  },
};
