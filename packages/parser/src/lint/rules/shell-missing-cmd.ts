import type { Rule } from "../rule.ts";

export const shellMissingCmd: Rule = {
  id: "shell-missing-cmd",
  severity: "error",
  summary: "A shell tool has neither a `command` template nor a `cmd` param, so it has nothing to run.",
  check(tool, report) {
    const executor = tool.fields.get("executor");
    if (tool.executor !== "shell" || tool.command || tool.fields.has("command") || tool.paramsByName.has("cmd")) return;
    report({
      message: "A shell tool runs either its `command` template or its `cmd` param, and this one has neither; add a `command` (safer) or a `cmd` param.",
      field: "executor",
      range: executor!.value!.range,
    });
  },
};
