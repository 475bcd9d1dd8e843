import { reservedParams } from "../../catalogue/executors.ts";
import { readString } from "../../semantic/values.ts";
import { commandPlaceholders } from "../../templates/command.ts";
import type { Rule } from "../rule.ts";

export const unusedParam: Rule = {
  id: "unused-param",
  severity: "warning",
  summary: "A tool with a `command` template declares a param the template never uses, so its value goes nowhere.",
  check(tool, report) {
    if (!tool.command) return;
    const used = new Set(commandPlaceholders(tool.command.parse.template).map((p) => p.param));
    // The working directory (`cwd` of exec) is used as such, not through the template.
    const reserved = tool.executor && reservedParams(tool.executor, readString(tool.fields.get("method")?.value) ?? "");
    if (reserved) used.add(reserved.workingDirectory);
    for (const param of tool.params) {
      if (used.has(param.name)) continue;
      report({
        message: `The param \`${param.name}\` appears nowhere in \`command\`, so its value is never passed; use \`{${param.name}}\` or remove the param.`,
        field: `params_schema.${param.name}`,
        range: param.entry.key.range,
      });
    }
  },
};
