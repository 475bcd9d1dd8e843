import { executorSpec, type MethodParam } from "../../catalogue/executors.ts";
import { readString } from "../../semantic/values.ts";
import type { Value } from "../../syntax/ast.ts";
import type { ToolFacts } from "../../semantic/tool-facts.ts";
import type { Report, Rule } from "../rule.ts";

/** The catalogue's entry for a param of the tool's method, when the method closes its values (pull.merge's `style`). */
function closedParam(tool: ToolFacts, name: string): MethodParam | undefined {
  const method = readString(tool.fields.get("method")?.value);
  if (!tool.executor || method === undefined) return undefined;
  const methods = executorSpec(tool.executor)!.methods;
  const spec = (methods.kind === "fixed" ? methods.list : methods.suggested).find((m) => m.name === method);
  const param = spec?.params.find((p) => p.name === name);
  return param?.values ? param : undefined;
}

function checkValue(node: Value | null, param: MethodParam, method: string, field: string, report: Report): void {
  const value = readString(node);
  if (node === null || value === undefined || param.values!.includes(value)) return;
  report({
    message: `\`${value}\` is not a \`${param.name}\` ${method} accepts: it takes ${param.values!.map((v) => `\`${v}\``).join(", ")}.`,
    field,
    range: node.range,
  });
}

export const methodParamValue: Rule = {
  id: "method-param-value",
  severity: "error",
  summary: "A param's `enum` or `default` holds a value its method does not accept (git-forgejo's `style`, `state`).",
  checkParam(param, tool, report) {
    const spec = closedParam(tool, param.name);
    if (!spec) return;
    const method = readString(tool.fields.get("method")?.value)!;
    const values = param.keys.get("enum")?.value;
    if (values?.kind === "list") for (const item of values.items) checkValue(item, spec, method, `params_schema.${param.name}.enum`, report);
    const fallback = param.keys.get("default");
    if (fallback) checkValue(fallback.value, spec, method, `params_schema.${param.name}.default`, report);
  },
};
