import { PARAM_NAME_PATTERN } from "../../catalogue/fields.ts";
import type { Rule } from "../rule.ts";

export const paramName: Rule = {
  id: "param-name",
  severity: "warning",
  summary: "A param name that `{placeholders}` and `hdlp call key=value` cannot spell.",
  checkParam(param, tool, report) {
    // Only a param is named by templates and `key=value`; an object's fields are not.
    if (tool.paramsByName.get(param.name) !== param || PARAM_NAME_PATTERN.test(param.name)) return;
    report({
      message: `The param name \`${param.name}\` should be letters, digits, \`_\` and \`-\`, starting with a letter or \`_\`, so templates and \`key=value\` can name it.`,
      field: param.path,
      range: param.entry.key.range,
    });
  },
};
