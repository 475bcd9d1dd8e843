/**
 * The JSON Schema (2020-12) of TOOL.hdlp, generated from the catalogue, for
 * people who edit with a YAML plugin. It says what a YAML-shaped reading of the
 * file must hold; what YAML cannot see (a value typed by its field, a real
 * calendar date, templates naming declared params) only `hdlp lint` checks.
 */
import {
  ABSOLUTE_PATH,
  CONSTRAINT_KEYS,
  DATE_PATTERN,
  type Doc,
  FIELDS,
  type FieldType,
  type KeySpec,
  PARAM_KEYS,
  PARAM_NAME_PATTERN,
  PARAM_TYPES,
  TOOL_NAME_PATTERN,
} from "./fields.ts";
import { EXECUTORS, EXECUTOR_NAMES, HTTP_VERBS, OPEN_METHOD_PATTERN } from "./executors.ts";
import { ITEM_KEYS } from "./value-keys.ts";

type Schema = { [key: string]: unknown };

const describe = (doc: Doc) => `${doc.en}\n${doc.zh}`;

const FIELD_SCHEMAS: Record<FieldType, Schema> = {
  identifier: { type: "string", pattern: TOOL_NAME_PATTERN.source },
  string: { type: "string", minLength: 1 },
  text: { type: "string", minLength: 1 },
  executor: { enum: [...EXECUTOR_NAMES] },
  method: { type: "string", minLength: 1 },
  date: { type: "string", pattern: DATE_PATTERN.source },
  params: { type: "object", propertyNames: { pattern: PARAM_NAME_PATTERN.source }, additionalProperties: { $ref: "#/$defs/param" } },
  constraints: { $ref: "#/$defs/constraints" },
  command: { type: "string", minLength: 1 },
  endpoint: { type: "string", pattern: `^(${HTTP_VERBS.join("|")}) /\\S*$` },
};

function keySchema(key: KeySpec): Schema {
  const base: Schema = { description: describe(key.doc) };
  if (key.default !== undefined) base.default = key.default;
  switch (key.type) {
    case "param-type":
      return { ...base, enum: [...PARAM_TYPES] };
    case "boolean":
      return { ...base, type: "boolean" };
    case "string":
      return { ...base, type: "string" };
    case "positive-integer":
      return { ...base, type: "integer", minimum: 1 };
    case "non-negative-integer":
      return { ...base, type: "integer", minimum: 0 };
    case "list":
      return { ...base, type: "array" };
    case "absolute-paths":
      return { ...base, type: "array", items: { type: "string", pattern: ABSOLUTE_PATH.source } };
    case "any":
      return base;
    case "items":
      return { ...base, anyOf: [{ enum: [...PARAM_TYPES] }, { $ref: "#/$defs/items" }] };
    case "properties":
      return { ...base, type: "object", additionalProperties: { $ref: "#/$defs/param" } };
  }
}

function keyedObject(keys: readonly KeySpec[]): Schema {
  return {
    type: "object",
    required: keys.filter((k) => k.required).map((k) => k.name),
    properties: Object.fromEntries(keys.map((k) => [k.name, keySchema(k)])),
    additionalProperties: false,
  };
}

/** `method` per executor: a fixed set, or a dotted name passed through. */
function methodRules(): Schema[] {
  return EXECUTORS.map((executor) => ({
    if: { properties: { executor: { const: executor.name } }, required: ["executor"] },
    // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's keyword (if/then), not a thenable.
    then: {
      properties: {
        method:
          executor.methods.kind === "fixed" ? { enum: executor.methods.list.map((m) => m.name) } : { type: "string", pattern: OPEN_METHOD_PATTERN.source },
      },
    },
  }));
}

export function toJsonSchema(): Schema {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://hdlp.dev/schemas/tool.schema.json",
    title: "TOOL.hdlp",
    description: "A tool the agent may run: tools/<name>/TOOL.hdlp. Generated from the hdlp field catalogue.",
    type: "object",
    required: FIELDS.filter((f) => f.required).map((f) => f.name),
    properties: Object.fromEntries(FIELDS.map((f) => [f.name, { ...FIELD_SCHEMAS[f.type], description: describe(f.doc), examples: [f.example] }])),
    additionalProperties: false,
    allOf: methodRules(),
    $defs: {
      param: keyedObject(PARAM_KEYS),
      items: keyedObject(ITEM_KEYS),
      constraints: keyedObject(CONSTRAINT_KEYS),
    },
  };
}
