import { CONSTRAINT } from "../../catalogue/fields.ts";
import type { Destination, Misplacement } from "../misplaced.ts";
import { misplacements } from "../misplaced.ts";
import { moveEntryFix } from "../move-entry.ts";
import type { Rule } from "../rule.ts";

function belongs(destination: Destination): string {
  switch (destination.kind) {
    case "top":
      return "to the top level";
    case "constraints":
      return "under `constraints`";
    case "params":
      return "under `params_schema`";
    case "param":
      return `into the param \`${destination.param.name}\``;
  }
}

/** What the tool would do without the key, in the author's terms. */
function consequence({ entry, destination, what }: Misplacement): string {
  const key = entry.key.text;
  if (destination.kind === "constraints" && key in CONSTRAINT) return `the tool would run with \`${key}: ${CONSTRAINT[key as keyof typeof CONSTRAINT].default}\`, the default`;
  if (destination.kind === "params") return "the tool would run without this param";
  if (destination.kind === "param") return `\`${destination.param.name}\` would lack its \`${key}\``;
  return `the tool would lack ${what === "a top-level field" ? `its \`${key}\`` : "it"}`;
}

export const misplacedKey: Rule = {
  id: "misplaced-key",
  severity: "error",
  summary: "A key at the wrong depth: a constraint at the top level, a param or a param's key that lost its indentation, a field nested under another.",
  check(tool, report) {
    for (const misplaced of misplacements(tool).values()) {
      const { entry, where, what, destination } = misplaced;
      const edits = moveEntryFix(tool.source, tool, misplaced);
      report({
        message: `\`${entry.key.text}\` is ${what}, written ${where}: ${consequence(misplaced)}. Move it ${belongs(destination)}.`,
        range: entry.key.range,
        ...(edits && { fix: { title: `Move \`${entry.key.text}\` ${belongs(destination)}`, edits } }),
      });
    }
  },
};
