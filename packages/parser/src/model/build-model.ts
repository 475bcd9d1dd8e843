/**
 * From the facts of a document that lints without errors to its `ToolModel`:
 * every value read as its catalogue field says, constraints' defaults applied.
 * Whether the document is clean is the linter's to say (../load.ts asks it).
 */
import { CONSTRAINT, type FieldName } from "../catalogue/fields.ts";
import type { ToolFacts, ParamFacts } from "../semantic/tool-facts.ts";
import type { ConstraintsModel, JsonValue, ParamModel, ToolModel } from "./tool-model.ts";
import { readBoolean, readDate, readInteger, readParamValue, readString } from "../semantic/values.ts";

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
  return {
    timeout_ms: readInteger(present.get("timeout_ms")?.value) ?? CONSTRAINT.timeout_ms.default,
    max_output_bytes: readInteger(present.get("max_output_bytes")?.value) ?? CONSTRAINT.max_output_bytes.default,
    require_confirm: readBoolean(present.get("require_confirm")?.value) ?? CONSTRAINT.require_confirm.default,
  };
}

/** The model of facts whose lint found no error. */
export function buildModel(tool: ToolFacts): ToolModel {
  const text = (name: FieldName) => readString(tool.fields.get(name)?.value) ?? "";
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
