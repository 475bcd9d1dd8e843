/**
 * The JSON Schema of a tool's params, built from its `params_schema`, and the
 * validator compiled from it: once per tool (per ToolModel object), since a
 * registry scan keeps the same model while its file is unchanged.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { ParamModel, ToolModel, ValueSchema } from "@hdlp/parser";

export interface ParamsSchema {
  readonly type: "object";
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required: readonly string[];
  readonly additionalProperties: false;
}

/**
 * The params as one JSON Schema (2020-12) object, as deep as the file
 * declares them: an array's `items`, an object's `properties` (which, once
 * declared, are the only fields accepted, as params are). What ajv checks
 * here is what the MCP server and `hdlp export` show an agent.
 */
export function paramsJsonSchema(params: readonly ParamModel[]): ParamsSchema {
  return fieldsSchema(params);
}

function fieldsSchema(fields: readonly ParamModel[]): ParamsSchema {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const field of fields) {
    properties[field.name] = { ...valueJsonSchema(field), ...(field.default === undefined ? {} : { default: field.default }) };
  }
  return { type: "object", properties, required: fields.filter((p) => p.required).map((p) => p.name), additionalProperties: false };
}

/** One value's schema: its type, description and enum, then what an array holds or an object's fields. */
export function valueJsonSchema(value: ValueSchema): Record<string, unknown> {
  return {
    type: value.type,
    ...(value.description === undefined ? {} : { description: value.description }),
    ...(value.enum === undefined ? {} : { enum: value.enum }),
    ...(value.items === undefined ? {} : { items: valueJsonSchema(value.items) }),
    ...(value.properties === undefined ? {} : fieldsSchema(value.properties)),
  };
}

// `useDefaults` fills absent optional params with their declared default, in place.
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
const compiled = new WeakMap<ToolModel, ValidateFunction>();

export type ParamsCheck =
  | { readonly ok: true; readonly params: Record<string, unknown> }
  | { readonly ok: false; readonly problems: readonly string[]; readonly param?: string };

/** The tool's compiled validator: compiled on first use, then cached for as long as the model lives. */
export function validatorFor(tool: ToolModel): ValidateFunction {
  let validate = compiled.get(tool);
  if (!validate) {
    validate = ajv.compile(paramsJsonSchema(tool.params));
    compiled.set(tool, validate);
  }
  return validate;
}

/** Validates a copy of `params` (defaults applied to the copy), explaining every problem in terms of the tool's params. */
export function checkParams(tool: ToolModel, params: Readonly<Record<string, unknown>>): ParamsCheck {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(tool);
  } catch (error) {
    // The linter accepts only schemas ajv compiles; this guards against the two drifting apart.
    return { ok: false, problems: [`the params_schema of \`${tool.name}\` cannot be compiled: ${(error as Error).message}`] };
  }
  const copy = structuredClone(params) as Record<string, unknown>;
  if (validate(copy)) return { ok: true, params: copy };
  const errors = validate.errors ?? [];
  const problems = [...new Set(errors.map((error) => explain(error, tool, params)))];
  const first = errors[0] ? paramOf(errors[0]) : undefined;
  return first === undefined ? { ok: false, problems } : { ok: false, problems, param: first };
}

function paramOf(error: ErrorObject): string | undefined {
  if (error.keyword === "required") return (error.params as { missingProperty: string }).missingProperty;
  if (error.keyword === "additionalProperties") return (error.params as { additionalProperty: string }).additionalProperty;
  return error.instancePath.split("/")[1]?.replace(/~1/g, "/").replace(/~0/g, "~");
}

function explain(error: ErrorObject, tool: ToolModel, given: Readonly<Record<string, unknown>>): string {
  const name = paramOf(error);
  const param = tool.params.find((p) => p.name === name);
  const declared = (p: ParamModel) => `${p.type}${p.description ? `: ${p.description}` : ""}`;
  if (name === undefined) return `params ${error.message ?? "are not valid"} (got ${show(given)})`;
  if (error.instancePath.split("/").length > 2) return explainInside(error, given);
  switch (error.keyword) {
    case "required":
      return `missing required param \`${name}\` (${param ? declared(param) : "required"})`;
    case "additionalProperties": {
      const known = tool.params.map((p) => p.name);
      return `unknown param \`${name}\`; \`${tool.name}\` takes ${known.length ? known.map((k) => `\`${k}\``).join(", ") : "no params"}`;
    }
    case "enum":
      return `param \`${name}\` must be one of ${(param?.enum ?? []).map((v) => JSON.stringify(v)).join(", ")}, got ${show(given[name ?? ""])}`;
    case "type":
      return `param \`${name}\` must be ${article((error.params as { type: string }).type)}, got ${show(given[name ?? ""])}`;
    default:
      return `param \`${name}\` ${error.message ?? "is not valid"}`;
  }
}

/** A problem inside a param's value (an array's item, an object's field), named by its path: `hosts[0].port`. */
function explainInside(error: ErrorObject, given: Readonly<Record<string, unknown>>): string {
  const steps = error.instancePath
    .split("/")
    .slice(1)
    .map((step) => step.replace(/~1/g, "/").replace(/~0/g, "~"));
  const where = steps.reduce((path, step, i) => (i === 0 ? step : /^\d+$/.test(step) ? `${path}[${step}]` : `${path}.${step}`), "");
  const value = steps.reduce<unknown>((at, step) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[step] : undefined), given);
  switch (error.keyword) {
    case "required":
      return `param \`${where}\` lacks its required field \`${(error.params as { missingProperty: string }).missingProperty}\``;
    case "additionalProperties":
      return `param \`${where}\` has the field \`${(error.params as { additionalProperty: string }).additionalProperty}\`, which its \`properties\` do not declare`;
    case "enum":
      return `param \`${where}\` must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}, got ${show(value)}`;
    case "type":
      return `param \`${where}\` must be ${article((error.params as { type: string }).type)}, got ${show(value)}`;
    default:
      return `param \`${where}\` ${error.message ?? "is not valid"}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function show(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  return `${kind} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}
