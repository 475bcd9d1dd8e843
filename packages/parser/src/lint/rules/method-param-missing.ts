import { executorSpec } from "../../catalogue/executors.ts";
import { readString, scalarOf } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";

export const methodParamMissing: Rule = {
  id: "method-param-missing",
  severity: "warning",
  summary: "The method needs a param the tool does not declare (params the config may supply, like git-forgejo's `repo`, excepted).",
  check(tool, report) {
    const methodEntry = tool.fields.get("method");
    const method = readString(methodEntry?.value);
    if (!tool.executor || method === undefined) return;
    if (tool.command) return; // a command template builds the method's input itself
    const methods = executorSpec(tool.executor)!.methods;
    const spec = (methods.kind === "fixed" ? methods.list : methods.suggested).find((m) => m.name === method);
    for (const param of spec?.params ?? []) {
      if (param.need !== "required" || tool.paramsByName.has(param.name)) continue;
      report({
        message: `The method \`${method}\` needs the param \`${param.name}\` (${param.doc.en.toLowerCase()}); declare it in \`params_schema\`.`,
        field: "params_schema",
        range: scalarOf(methodEntry!.value)!.range,
      });
    }
  },
};
