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

/** The envelope `{ok, tool, method, output, error, duration_ms, …}`: the seed's fields are always there; extras only when they say something. */
export const ENVELOPE_SCHEMA: JsonSchema = {
  $schema: JSON_SCHEMA_DIALECT,
  type: "object",
  properties: {
    ok: { type: "boolean", description: "The tool ran and succeeded." },
    tool: { type: "string", description: "The name called." },
    method: { type: "string", description: "The tool's method (empty when no tool was found)." },
    output: { type: "string", description: "Raw stdout (or HTTP body), up to the tool's max_output_bytes; never trimmed." },
    error: { type: ["string", "null"], description: "Raw error: the whole stderr, the HTTP status and body, the timeout, the refusal; null when ok." },
    duration_ms: { type: "integer", description: "Milliseconds from the call to its result." },
    found: { type: "boolean", description: "False only when no tool has that name." },
    exit_code: { type: "integer", description: "The process's exit code, when it exited." },
    truncated: { const: true, description: "Output (or stderr) was cut at max_output_bytes." },
    stderr: { type: "string", description: "Stderr of a run that succeeded, when not empty." },
    timed_out: { const: true, description: "Stopped at the timeout (the whole process group killed)." },
    refused: { enum: ["invalid-params", "not-confirmed"], description: "The tool exists but nothing ran, and why." },
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
