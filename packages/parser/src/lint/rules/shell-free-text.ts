import type { Rule } from "../rule.ts";

export const shellFreeText: Rule = {
  id: "shell-free-text",
  severity: "warning",
  summary: "A shell tool without `command` runs its `cmd` param through /bin/sh -c, and nobody confirms it.",
  check(tool, report) {
    const cmd = tool.paramsByName.get("cmd");
    if (tool.executor !== "shell" || tool.fields.has("command") || !cmd || tool.requireConfirm === true) return;
    report({
      message: "This tool runs the text of its `cmd` param through /bin/sh -c, so the agent can run anything; set `require_confirm: true`, or declare a `command` template.",
      field: "params_schema.cmd",
      range: cmd.entry.key.range,
    });
  },
};
