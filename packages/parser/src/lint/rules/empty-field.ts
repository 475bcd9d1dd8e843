import { FIELDS } from "../../catalogue/fields.ts";
import { scalarOf } from "../../model/values.ts";
import type { Rule } from "../rule.ts";

/** Prose fields: present but empty says nothing to the agent or the next author. */
const PROSE = FIELDS.filter((f) => f.type === "string" || f.type === "text").map((f) => f.name);

export const emptyField: Rule = {
  id: "empty-field",
  severity: "warning",
  summary: "`display`, `intent`, `author` or `why` is present but empty.",
  check(tool, report) {
    for (const name of PROSE) {
      const entry = tool.fields.get(name);
      if (!entry) continue;
      const scalar = scalarOf(entry.value);
      if (entry.value !== null && (!scalar || scalar.value.trim() !== "")) continue;
      const why = name === "why" ? " (the heart of HLDP: say why the tool exists)" : name === "intent" ? " (intent matching reads it first)" : "";
      report({ message: `\`${name}\` is empty${why}.`, field: name, range: scalar?.range ?? entry.key.range });
    }
  },
};
