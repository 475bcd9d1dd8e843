/**
 * The snippets of the `hdlp` language, built from the catalogue: a whole new
 * tool (the shared skeleton, every value a tab stop) and one param (its keys,
 * with the catalogue's param types and booleans as choices).
 */
import { CONSTRAINT_KEYS, EXECUTOR_NAMES, PARAM_KEYS, PARAM_TYPES, snippetPlaceholder, toolSkeleton, type SkeletonSlot } from "@hdlp/parser";

export interface Snippet {
  readonly prefix: string | string[];
  readonly description: string;
  readonly body: string[];
}

/** VS Code fills these in when the snippet is inserted: today's date. */
const TODAY = "${CURRENT_YEAR}-${CURRENT_MONTH}-${CURRENT_DATE}";

const BOOLEANS = ["true", "false"];

/** The closed set of values a key of the skeleton takes, offered as a snippet choice. */
function choicesOf(key: string): readonly string[] | undefined {
  if (key === "executor") return EXECUTOR_NAMES;
  const spec = [...PARAM_KEYS, ...CONSTRAINT_KEYS].find((k) => k.name === key);
  if (spec?.type === "param-type") return PARAM_TYPES;
  if (spec?.type === "boolean") return BOOLEANS;
  return undefined;
}

/** `${1|a,b|}`, the skeleton's own value first. */
function choice(index: number, values: readonly string[], first = values[0]): string {
  const ordered = first === undefined ? values : [first, ...values.filter((v) => v !== first)];
  return `\${${index}|${ordered.join(",")}|}`;
}

function toolSlot(slot: SkeletonSlot): string {
  if (slot.key === "created") return `\${${slot.index}:${TODAY}}`;
  const choices = choicesOf(slot.key);
  return choices ? choice(slot.index, choices, slot.text) : snippetPlaceholder(slot);
}

export function buildSnippets(): Record<string, Snippet> {
  const paramKeys = PARAM_KEYS.filter((k) => k.required).map((key, i) => {
    const choices = choicesOf(key.name);
    return `${key.name}: ${choices ? choice(i + 2, choices) : `"\${${i + 2}}"`}`;
  });
  return {
    "New tool": {
      prefix: ["tool", "hdlp"],
      description: "A new TOOL.hdlp: every required field, in order (the same skeleton as `HDLP: New Tool`).",
      body: toolSkeleton({ name: "my-tool", created: TODAY }, toolSlot).trimEnd().split("\n"),
    },
    Param: {
      prefix: ["param"],
      description: "One param of params_schema: { type, required, description }.",
      body: [`\${1:name}: { ${paramKeys.join(", ")} }$0`],
    },
  };
}
