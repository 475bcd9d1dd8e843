import { fieldSpec } from "../../catalogue/fields.ts";
import { isBlank } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";
import { misplacementOf } from "../misplaced.ts";
import { describeKind } from "../walk.ts";

/** The node kind each catalogue field type needs. */
function expectedKind(type: string): "scalar" | "map" {
  return type === "params" || type === "constraints" ? "map" : "scalar";
}

export const fieldShape: Rule = {
  id: "field-shape",
  severity: "error",
  summary: "A known field holds the wrong kind of value: a map where one value belongs, a value where a map belongs.",
  check(tool, report) {
    for (const [name, entry] of tool.fields) {
      const spec = fieldSpec(name);
      if (!spec) continue;
      const expected = expectedKind(spec.type);
      const value = entry.value;
      if (value?.kind === expected || value?.kind === "error") continue;
      if (isBlank(value)) continue; // empty-field says so
      const hint = spec.type === "params" ? " (write `{}` for a tool without params)" : "";
      report({
        message:
          expected === "map"
            ? `\`${name}\` must be a map${hint}, not ${describeKind(value)}.`
            : `\`${name}\` must be a single value, not ${describeKind(value)}.`,
        field: name,
        range: value!.range,
      });
    }
  },
  checkParam(param, tool, report) {
    const value = param.entry.value;
    // `items` may also be a bare type name; param-items checks what else it is.
    if (value?.kind === "map" || value?.kind === "error" || param.kind === "items" || misplacementOf(tool, param.entry)) return;
    report({
      message: `${param.label} must be a map \`{ type, required, description }\`, not ${describeKind(value)}.`,
      field: param.path,
      range: value?.range ?? param.entry.key.range,
    });
  },
};
