import type { Rule } from "../rule.ts";
import { SHELL_COMMAND_LINE } from "./shell-missing-cmd.ts";

export const shellFreeText: Rule = {
  id: "shell-free-text",
  severity: "warning",
  summary: "A shell tool without `command` runs its `cmd` param through /bin/sh -c, and nobody confirms it.",
  check(tool, report) {
    const cmd = tool.paramsByName.get(SHELL_COMMAND_LINE);
    if (tool.executor !== "shell" || tool.fields.has("command") || !cmd || tool.requireConfirm === true) return;
    report({
      message: `This tool runs the text of its \`${SHELL_COMMAND_LINE}\` param through /bin/sh -c, so the agent can run anything; set \`require_confirm: true\`, or declare a \`command\` template.`,
      field: `params_schema.${SHELL_COMMAND_LINE}`,
      range: cmd.entry.key.range,
    });
  },
};
