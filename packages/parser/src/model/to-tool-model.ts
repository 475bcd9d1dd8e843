/**
 * From a document that lints without errors to its `ToolModel`: every value
 * read as its catalogue field says, constraints' defaults applied.
 */
import { CONSTRAINT_KEYS } from "../catalogue/fields.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { ToolFacts, ParamFacts } from "../lint/facts.ts";
import { type LintOptions, lintDocument } from "../lint/lint.ts";
import type { ToolDocument } from "../syntax/document.ts";
import { parse, type ParseResult } from "../syntax/parse.ts";
import type { ConstraintsModel, JsonValue, ParamModel, ToolModel, ValueSchema } from "./tool-model.ts";
import { readBoolean, readDate, readInteger, readParamValue, readString } from "./values.ts";

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
  const read = (name: string) => {
    const spec = CONSTRAINT_KEYS.find((k) => k.name === name)!;
    const node = present.get(name)?.value;
    return (spec.type === "boolean" ? readBoolean(node) : readInteger(node)) ?? spec.default!;
  };
  return { timeout_ms: read("timeout_ms") as number, max_output_bytes: read("max_output_bytes") as number, require_confirm: read("require_confirm") as boolean };
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

const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === "error");

/** The typed meaning of a document, or undefined when its lint has errors. */
export function toToolModel(parsed: ToolDocument | ParseResult, options?: LintOptions): ToolModel | undefined {
  const { tool, diagnostics } = lintDocument(parsed, options);
  return hasErrors(diagnostics) ? undefined : buildModel(tool);
}

export interface LoadedTool {
  readonly document: ToolDocument;
  readonly diagnostics: Diagnostic[];
  /** Present when the file lints without errors (warnings allowed). */
  readonly model?: ToolModel;
}

/** What the runtime calls for each TOOL.hdlp: parse, lint, and the model when clean. */
export function loadTool(text: string, options?: LintOptions): LoadedTool {
  const parsed = parse(text);
  const { document } = parsed;
  const { tool, diagnostics } = lintDocument(parsed, options);
  return hasErrors(diagnostics) ? { document, diagnostics } : { document, diagnostics, model: buildModel(tool) };
}
