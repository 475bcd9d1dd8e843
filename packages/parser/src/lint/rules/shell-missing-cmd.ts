import { reservedParams } from "../../catalogue/executors.ts";
import type { Rule } from "../rule.ts";

/** The param a shell tool without `command` runs through /bin/sh -c (`cmd`). */
export const SHELL_COMMAND_LINE = reservedParams("shell", "exec")!.commandLine;

export const shellMissingCmd: Rule = {
  id: "shell-missing-cmd",
  severity: "error",
  summary: "A shell tool has neither a `command` template nor a `cmd` param, so it has nothing to run.",
  check(tool, report) {
    const executor = tool.fields.get("executor");
    if (tool.executor !== "shell" || tool.command || tool.fields.has("command") || tool.paramsByName.has(SHELL_COMMAND_LINE)) return;
    report({
      message: `A shell tool runs either its \`command\` template or its \`${SHELL_COMMAND_LINE}\` param, and this one has neither; add a \`command\` (safer) or a \`${SHELL_COMMAND_LINE}\` param.`,
      field: "executor",
      range: executor!.value!.range,
    });
  },
};
