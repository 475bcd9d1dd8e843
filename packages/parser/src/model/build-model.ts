/**
 * From the facts of a document that lints without errors to its `ToolModel`:
 * every value read as its catalogue field says, constraints' defaults applied.
 * Whether the document is clean is the linter's to say (../load.ts asks it).
 */
import { CONSTRAINT, type FieldName } from "../catalogue/fields.ts";
import type { ToolFacts, ParamFacts } from "../semantic/tool-facts.ts";
import type { ConstraintsModel, JsonValue, ParamModel, ToolModel, ValueSchema } from "./tool-model.ts";
import { readAbsolutePaths, readBoolean, readDate, readInteger, readParamValue, readString } from "../semantic/values.ts";

/** What a value is, read from a param's (or an `items` map's) facts: type, description, enum, items, properties. */
function valueSchema(spec: ParamFacts): ValueSchema {
  const type = spec.type!;
  const items = spec.items && valueSchema(spec.items);
  const properties = spec.properties?.map(paramModel);
  const description = readString(spec.keys.get("description")?.value);
  const shape = { type, items, properties };
  const enumNode = spec.keys.get("enum")?.value;
  const enumValues = enumNode?.kind === "list" ? enumNode.items.map((item) => readParamValue(item, shape) as JsonValue) : undefined;
  return {
    type,
    ...(description !== undefined && { description }),
    ...(enumValues && { enum: enumValues }),
    ...(items && { items }),
    ...(properties && { properties }),
  };
}

function paramModel(param: ParamFacts): ParamModel {
  const { type, description, enum: enumValues, items, properties } = valueSchema(param);
  const defaultValue = readParamValue(param.keys.get("default")?.value, { type, items, properties });
  return {
    name: param.name,
    type,
    required: param.required!,
    description: description ?? "",
    ...(defaultValue !== undefined && { default: defaultValue }),
    ...(enumValues && { enum: enumValues }),
    ...(items && { items }),
    ...(properties && { properties }),
  };
}

function constraintsModel(tool: ToolFacts): ConstraintsModel {
  const present = tool.constraintEntries;
  return {
    timeout_ms: readInteger(present.get("timeout_ms")?.value) ?? CONSTRAINT.timeout_ms.default,
    max_output_bytes: readInteger(present.get("max_output_bytes")?.value) ?? CONSTRAINT.max_output_bytes.default,
    require_confirm: readBoolean(present.get("require_confirm")?.value) ?? CONSTRAINT.require_confirm.default,
    network: readBoolean(present.get("network")?.value) ?? CONSTRAINT.network.default,
    write: readAbsolutePaths(present.get("write")?.value) ?? [],
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
