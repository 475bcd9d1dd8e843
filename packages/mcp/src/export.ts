/**
 * `hdlp export --format …`: the registry's tools in the tool-definition shape
 * of an agent API, for agents that load definitions themselves rather than
 * speak MCP. Each API has its own rule for names; a name it would reject is
 * mapped (characters outside the rule become `_`; a name too long keeps its
 * start and gains a short hash, so two long names stay apart), and the
 * mapping is returned for the caller to print.
 */
import { createHash } from "node:crypto";
import type { ToolModel } from "@hdlp/parser";
import { paramsJsonSchema } from "@hdlp/runtime";
import { describeTool, toolDefinition } from "./tool-definition.ts";

/**
 * `mcp`: `tools/list`'s `tools`; `openai`: Chat Completions' function tools;
 * `openai-responses`: the Responses API's, which are flat; `anthropic`: the
 * Messages API's `tools`.
 */
export const EXPORT_FORMATS = ["mcp", "openai", "openai-responses", "anthropic"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

interface NameRule {
  readonly allowed: RegExp;
  readonly maxLength: number;
}

/** MCP (2025-11-25 "Tool Names"): 1 to 128 of A-Z a-z 0-9 _ - . ; OpenAI and Anthropic: 1 to 64 of A-Z a-z 0-9 _ - . */
const NAME_RULES: Record<ExportFormat, NameRule> = {
  mcp: { allowed: /[A-Za-z0-9._-]/, maxLength: 128 },
  openai: { allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
  "openai-responses": { allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
  anthropic: { allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
};

export interface Exported {
  /** What to print: `{ "tools": [...] }`, the `tools` of that API's request. */
  readonly body: { readonly tools: readonly unknown[] };
  /** The names that had to change: the name the API sees → the tool's name. */
  readonly renamed: ReadonlyMap<string, string>;
  /** Params the API will read loosely: arrays that do not say what they hold. */
  readonly untypedArrays: readonly string[];
}

export function exportTools(tools: readonly ToolModel[], format: ExportFormat): Exported {
  const rule = NAME_RULES[format];
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  const untypedArrays: string[] = [];
  const definitions = tools.map((tool) => {
    const name = apiName(tool.name, rule, taken);
    taken.add(name);
    if (name !== tool.name) renamed.set(name, tool.name);
    if (format === "mcp") return { ...toolDefinition(tool), name };
    for (const param of tool.params) if (param.type === "array" && !param.items) untypedArrays.push(`${tool.name}.${param.name}`);
    const description = describeTool(tool);
    const parameters = withTypedArrays(paramsJsonSchema(tool.params) as unknown as Record<string, unknown>);
    switch (format) {
      case "openai":
        return { type: "function", function: { name, description, parameters } };
      case "openai-responses":
        // The schemas keep optional params optional, which strict mode does not allow.
        return { type: "function", name, description, parameters, strict: false };
      case "anthropic":
        return { name, description, input_schema: parameters };
      default:
        return format satisfies never;
    }
  });
  return { body: { tools: definitions }, renamed, untypedArrays };
}

/** The name as the rule allows it: the same when it already fits. */
function apiName(name: string, rule: NameRule, taken: ReadonlySet<string>): string {
  const cleaned = [...name].map((c) => (rule.allowed.test(c) ? c : "_")).join("");
  if (cleaned === name && name.length <= rule.maxLength && !taken.has(name)) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  const fitted = cleaned.length <= rule.maxLength && !taken.has(cleaned) ? cleaned : `${cleaned.slice(0, rule.maxLength - hash.length - 1)}_${hash}`;
  return fitted;
}

/**
 * An array param that declares no `items` is sent with `items: {}` (any
 * value): the APIs reject an array schema without `items`, and `{}` claims
 * nothing the file does not say.
 */
function withTypedArrays(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = schema["properties"] as Record<string, Record<string, unknown>>;
  const fixed = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      property["type"] === "array" && !("items" in property) ? { ...property, items: {} } : property,
    ]),
  );
  return { ...schema, properties: fixed };
}
