import type { Placeholder } from "../../templates/template.ts";
import { commandPlaceholders } from "../../templates/command.ts";
import { didYouMean } from "../did-you-mean.ts";
import { replace } from "../edits.ts";
import { templateRange, type TemplateFacts, type ToolFacts } from "../../semantic/tool-facts.ts";
import type { Report, Rule } from "../rule.ts";

function check(tool: ToolFacts, field: string, template: TemplateFacts<unknown>, placeholders: readonly Placeholder[], report: Report): void {
  for (const placeholder of placeholders) {
    if (tool.paramsByName.has(placeholder.param)) continue;
    const suggestion = didYouMean(placeholder.param, tool.paramsByName.keys());
    const range = templateRange(template, placeholder.range);
    report({
      message: `\`{${placeholder.param}}\` names no param of \`params_schema\`${suggestion ? `; did you mean \`{${suggestion}}\`?` : "."}`,
      field,
      range,
      ...(suggestion && template.exact && { fix: { title: `Replace with \`{${suggestion}}\``, edits: [replace(range, `{${suggestion}}`)] } }),
    });
  }
}

export const unknownPlaceholder: Rule = {
  id: "unknown-placeholder",
  severity: "error",
  summary: "A `{placeholder}` in `command` or `endpoint` names no declared param.",
  check(tool, report) {
    if (tool.command) check(tool, "command", tool.command, commandPlaceholders(tool.command.parse.template), report);
    if (tool.endpoint?.parse.template) check(tool, "endpoint", tool.endpoint, tool.endpoint.parse.template.placeholders, report);
  },
};
