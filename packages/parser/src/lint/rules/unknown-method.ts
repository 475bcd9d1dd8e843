import { executorSpec, OPEN_METHOD_PATTERN } from "../../catalogue/executors.ts";
import { isBlank, scalarOf } from "../../semantic/values.ts";
import { didYouMean } from "../did-you-mean.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";

export const unknownMethod: Rule = {
  id: "unknown-method",
  severity: "error",
  summary: "`method` is not one its executor knows: shell knows only `exec`, git-forgejo a fixed set, gatekeeper and hlpd-api a dotted name.",
  check(tool, report) {
    const scalar = scalarOf(tool.fields.get("method")?.value);
    if (!scalar || isBlank(scalar) || !tool.executor) return; // blank: empty-field; a map or list: field-shape
    const method = scalar.value;
    const range = scalar.range;
    const methods = executorSpec(tool.executor)!.methods;
    if (methods.kind === "open") {
      if (OPEN_METHOD_PATTERN.test(method)) return;
      report({
        message: `\`${method}\` is not a method name: ${tool.executor} passes a dotted name through, like \`exec\` or \`cache.get\`.`,
        field: "method",
        range,
      });
      return;
    }
    const names = methods.list.map((m) => m.name);
    if (names.includes(method)) return;
    const suggestion = didYouMean(method, names);
    const listing = names.length === 1 ? `only \`${names[0]}\`` : `one of ${names.map((n) => `\`${n}\``).join(", ")}`;
    report({
      message: `\`${method}\` is not a method of ${tool.executor}${suggestion ? `; did you mean \`${suggestion}\`?` : `: ${tool.executor} knows ${listing}.`}`,
      field: "method",
      range,
      ...(suggestion && { fix: { title: `Replace with \`${suggestion}\``, edits: [replace(scalar.range, suggestion)] } }),
    });
  },
};
