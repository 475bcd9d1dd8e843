import { EXECUTORS, executorSpec } from "../../catalogue/executors.ts";
import { readString } from "../../semantic/values.ts";
import type { Rule } from "../rule.ts";

const TEMPLATE_FIELDS = ["command", "endpoint"] as const;

export const fieldNotForExecutor: Rule = {
  id: "field-not-for-executor",
  severity: "error",
  summary: "`command` or `endpoint` on an executor that never reads it (`command`: shell, gatekeeper `exec`; `endpoint`: hlpd-api).",
  check(tool, report) {
    if (!tool.executor) return;
    for (const field of TEMPLATE_FIELDS) {
      const entry = tool.fields.get(field);
      if (!entry) continue;
      if (!executorSpec(tool.executor)!.accepts?.includes(field)) {
        const readers = EXECUTORS.filter((e) => e.accepts?.includes(field)).map((e) => `\`${e.name}\``);
        report({
          message: `\`${field}\` is read only by ${readers.join(" and ")}, not by ${tool.executor}; it would be ignored.`,
          field,
          range: entry.key.range,
        });
      } else if (field === "command" && tool.executor === "gatekeeper" && readString(tool.fields.get("method")?.value) !== "exec") {
        report({ message: "A gatekeeper tool's `command` becomes the `cmd` of method `exec`, so `method` must be `exec`.", field, range: entry.key.range });
      }
    }
  },
};
