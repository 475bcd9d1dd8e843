/**
 * From the facts of a document that lints without errors to its `ToolModel`:
 * every value read as its catalogue field says, constraints' defaults applied.
 * Whether the document is clean is the linter's to say (../load.ts asks it).
 */
import { CONSTRAINT_KEYS } from "../catalogue/fields.ts";
import type { ToolFacts, ParamFacts } from "../semantic/tool-facts.ts";
import type { ConstraintsModel, JsonValue, ParamModel, ToolModel } from "./tool-model.ts";
import { readAbsolutePaths, readBoolean, readDate, readInteger, readParamValue, readString } from "../semantic/values.ts";

function paramModel(param: ParamFacts): ParamModel {
  const type = param.type!;
  const defaultValue = readParamValue(param.keys.get("default")?.value, type);
  const enumNode = param.keys.get("enum")?.value;
  const enumValues = enumNode?.kind === "list" ? enumNode.items.map((item) => readParamValue(item, type) as JsonValue) : undefined;
  return {
    name: param.name,
    type,
    required: param.required!,
    description: readString(param.keys.get("description")?.value) ?? "",
    ...(defaultValue !== undefined && { default: defaultValue }),
    ...(enumValues && { enum: enumValues }),
  };
}

function constraintsModel(tool: ToolFacts): ConstraintsModel {
  const present = tool.constraintEntries;
  const read = (name: string) => {
    const spec = CONSTRAINT_KEYS.find((k) => k.name === name)!;
    const node = present.get(name)?.value;
    return (spec.type === "boolean" ? readBoolean(node) : readInteger(node)) ?? spec.default!;
  };
  return {
    timeout_ms: read("timeout_ms") as number,
    max_output_bytes: read("max_output_bytes") as number,
    require_confirm: read("require_confirm") as boolean,
    network: read("network") as boolean,
    write: readAbsolutePaths(present.get("write")?.value) ?? [],
  };
}

/** The model of facts whose lint found no error. */
export function buildModel(tool: ToolFacts): ToolModel {
  const text = (name: string) => readString(tool.fields.get(name)?.value) ?? "";
  return {
    name: text("name"),
    display: text("display"),
    intent: text("intent"),
    method: text("method"),
    executor: tool.executor!,
    params: tool.params.map(paramModel),
    constraints: constraintsModel(tool),
    ...(tool.command && { command: tool.command.parse.template }),
    ...(tool.endpoint?.parse.template && { endpoint: tool.endpoint.parse.template }),
    author: text("author"),
    created: readDate(tool.fields.get("created")?.value)!,
    why: text("why"),
  };
}
