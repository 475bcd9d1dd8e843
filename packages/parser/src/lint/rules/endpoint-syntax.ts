import { HTTP_VERBS } from "../../catalogue/executors.ts";
import { replace } from "../edits.ts";
import { templateRange } from "../../semantic/tool-facts.ts";
import type { Rule } from "../rule.ts";

export const endpointSyntax: Rule = {
  id: "endpoint-syntax",
  severity: "error",
  summary: `The \`endpoint\` is not \`VERB /path\`, with VERB one of ${HTTP_VERBS.join(", ")}.`,
  check(tool, report) {
    const endpoint = tool.endpoint;
    for (const problem of endpoint?.parse.problems ?? []) {
      const range = templateRange(endpoint!, problem.range);
      const fixable = problem.replacement !== undefined && endpoint!.exact;
      report({
        message: problem.message,
        field: "endpoint",
        range,
        ...(fixable && { fix: { title: `Replace with \`${problem.replacement}\``, edits: [replace(range, problem.replacement!)] } }),
      });
    }
  },
};
