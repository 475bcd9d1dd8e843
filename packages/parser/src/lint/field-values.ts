/**
 * The values a fix writes into a top-level field: what follows from the file
 * and the catalogue (`derivedValue`: safe to write into a blank field), and,
 * for a field that is missing altogether, a stand-in the author replaces
 * (`placeholderValue`).
 */
import { CONSTRAINT_KEYS, fieldSpec, TOOL_NAME_PATTERN } from "../catalogue/fields.ts";
import { executorSpec } from "../catalogue/executors.ts";
import { toolFolder } from "../catalogue/layout.ts";
import { eol } from "./edits.ts";
import type { ToolFacts } from "../semantic/tool-facts.ts";

/** The folder of `tools/<name>/TOOL.hdlp`, when it makes a valid name. */
function nameFromPath(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const folder =
    toolFolder(path) ??
    path
      .split(/[\\/]/)
      .at(-1)
      ?.replace(/\.hdlp$/, "");
  return folder && TOOL_NAME_PATTERN.test(folder) ? folder : undefined;
}

/** The method, when the executor knows only one (`exec` of shell). */
function onlyMethod(tool: ToolFacts): string | undefined {
  const methods = tool.executor && executorSpec(tool.executor)!.methods;
  return methods && methods.kind === "fixed" && methods.list.length === 1 ? methods.list[0]!.name : undefined;
}

/**
 * A value nobody has to guess: the folder's name for `name`, the executor's
 * only method, `{}` for `params_schema`, the catalogue's defaults for
 * `constraints` (written as a block, starting with a line break).
 */
export function derivedValue(tool: ToolFacts, field: string): string | undefined {
  switch (fieldSpec(field)?.type) {
    case "identifier":
      return nameFromPath(tool.options.path);
    case "method":
      return onlyMethod(tool);
    case "params":
      return "{}";
    case "constraints":
      return CONSTRAINT_KEYS.filter((k) => k.required)
        .map((k) => `${eol(tool.source)}  ${k.name}: ${String(k.default)}`)
        .join("");
    default:
      return undefined;
  }
}

/** What a missing field is added with: the derived value, else one that parses, for the author to replace (`TODO`, today). */
export function placeholderValue(tool: ToolFacts, field: string): string {
  const derived = derivedValue(tool, field);
  if (derived !== undefined) return derived;
  switch (fieldSpec(field)?.type) {
    case "executor":
    case "method":
      return fieldSpec(field)!.example;
    case "date":
      return tool.options.today ?? new Date().toISOString().slice(0, 10);
    default:
      return "TODO";
  }
}
