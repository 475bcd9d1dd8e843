/**
 * The JSON Schemas this server sends: a tool's input (its params, from the
 * catalogue through the runtime's `paramsJsonSchema`, the same schema the
 * runtime validates with) and its output (the runtime's envelope, see
 * docs/runtime.md). Dialect: JSON Schema 2020-12, stated in `$schema`; the
 * keywords used mean the same in draft-07, which ajv (the runtime's
 * validator) reads.
 */
import type { ParamModel } from "@hdlp/parser";
import { paramsJsonSchema } from "@hdlp/runtime";
import type { Tool } from "@modelcontextprotocol/server";

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** An object schema, as MCP carries `inputSchema` and `outputSchema`. */
export type JsonSchema = Tool["inputSchema"];

export function inputSchemaOf(params: readonly ParamModel[]): JsonSchema {
  // The runtime's schema holds only JSON values (it is built from a parsed file); its type just says less.
  return { $schema: JSON_SCHEMA_DIALECT, ...(paramsJsonSchema(params) as unknown as JsonSchema) };
}

/**
 * The envelope `{ok, tool, method, output, error, duration_ms, …}`: the
 * seed's fields are always there, extras only when they say something
 * (docs/runtime.md says what each means). It is sent with every tool, so it
 * says no more than a client needs to validate.
 */
export const ENVELOPE_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DIALECT,
  type: "object",
  description: "hdlp's result envelope: output raw, error whole (stderr, HTTP status and body), null when ok",
  properties: {
    ok: { type: "boolean" },
    tool: { type: "string" },
    method: { type: "string" },
    output: { type: "string" },
    error: { type: ["string", "null"] },
    duration_ms: { type: "integer" },
    found: { type: "boolean" },
    exit_code: { type: "integer" },
    truncated: { const: true },
    stderr: { type: "string" },
    timed_out: { const: true },
    refused: { enum: ["invalid-params", "not-confirmed"] },
    suggestion: { type: "string" },
    did_you_mean: { type: "array", items: { type: "string" } },
  },
  required: ["ok", "tool", "method", "output", "error", "duration_ms"],
};

/** What `match_tools` returns: `hdlp match --json`'s shape. */
export const MATCH_RESULT_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DIALECT,
  type: "object",
  properties: {
    found: { type: "boolean" },
    candidates: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string", description: "Pass it to call_tool." },
          display: { type: "string" },
          intent: { type: "string" },
          score: { type: "number" },
          matched: { type: "array", items: { type: "string" } },
        },
        required: ["name", "display", "intent", "score", "matched"],
      },
    },
    suggestion: { type: "string" },
  },
  required: ["found", "candidates"],
};
