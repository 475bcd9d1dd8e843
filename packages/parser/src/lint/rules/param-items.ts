import type { Entry } from "../../syntax/ast.ts";
import type { Report, Rule } from "../rule.ts";
import { describeKind } from "../walk.ts";
import { aValueOf } from "./param-default.ts";

/** Reports a key whose value is not of the kinds it takes; true when it was reported. */
function misshapen(entry: Entry, kinds: readonly string[], what: string, path: string, report: Report): boolean {
  const value = entry.value;
  if (value !== null && (kinds.includes(value.kind) || value.kind === "error")) return false;
  report({
    message:
      value === null ? `\`${entry.key.text}\` is empty: write ${what}, or remove it.` : `\`${entry.key.text}\` must be ${what}, not ${describeKind(value)}.`,
    field: `${path}.${entry.key.text}`,
    range: value?.range ?? entry.key.range,
  });
  return true;
}

/**
 * `items` says what an array holds and `properties` what fields an object
 * has: each is written where its type is, and in its own shape. What is
 * inside them is a param's business (the param rules visit those maps too).
 */
export const paramItems: Rule = {
  id: "param-items",
  severity: "error",
  summary: "`items` on a param that is not an array, `properties` on one that is not an object, or either not in its shape.",
  checkParam(param, _tool, report) {
    const items = param.keys.get("items");
    if (
      items &&
      !misshapen(items, ["map", "scalar"], "the type of what the array holds (`items: string`) or a map `{ type, description }`", param.path, report)
    ) {
      if (param.type && param.type !== "array") {
        report({
          message: `\`items\` says what an array holds, but \`${param.path}\` is ${aValueOf(param.type)}.`,
          field: `${param.path}.items`,
          range: items.key.range,
        });
      }
    }
    const properties = param.keys.get("properties");
    if (properties && !misshapen(properties, ["map"], "a map of the object's fields, `{ name: { type, required, description } }`", param.path, report)) {
      if (param.type && param.type !== "object") {
        report({
          message: `\`properties\` declares an object's fields, but \`${param.path}\` is ${aValueOf(param.type)}.`,
          field: `${param.path}.properties`,
          range: properties.key.range,
        });
      }
    }
  },
};
