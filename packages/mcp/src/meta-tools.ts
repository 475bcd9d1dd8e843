/**
 * The tool-search pattern, for registries too large to list: two meta-tools
 * stand for all the tools. `match_tools` finds candidates for a request (the
 * runtime's matcher, as `hdlp match --json` gives them); `call_tool` calls
 * one by name, under exactly the rules of a direct call.
 */
import type { MatchResult } from "@hdlp/match";
import { ENVELOPE_SCHEMA, JSON_SCHEMA_DIALECT, MATCH_RESULT_SCHEMA } from "./schemas.ts";
import type { ToolDefinition } from "./tool-definition.ts";

export const MATCH_TOOLS = "match_tools";
export const CALL_TOOL = "call_tool";

export function metaToolDefinitions(toolCount: number): ToolDefinition[] {
  return [
    {
      name: MATCH_TOOLS,
      title: "Find a tool",
      description:
        `This server runs ${toolCount} tools declared in its repository's TOOL.hdlp files (shell commands, remote executors, Forgejo), too many to list one by one. ` +
        "Say what you want to do, in Chinese or English (中文或英文), and get up to three matching tools: name, display name, intent, score. " +
        `Then run one with ${CALL_TOOL}, or with tools/call under its name. found:false means no tool serves the request (此工具尚不在仓库中).`,
      inputSchema: {
        $schema: JSON_SCHEMA_DIALECT,
        type: "object",
        properties: {
          intent: { type: "string", minLength: 1, description: "What you want done, in your words: 查看最近的提交记录, restart nginx." },
          top: { type: "integer", minimum: 1, maximum: 3, description: "How many candidates, 1 to 3 (default 3)." },
          context: { type: "object", description: "Your situation as weak hints that reorder close candidates: { repo, file, host, … }." },
        },
        required: ["intent"],
        additionalProperties: false,
      },
      outputSchema: MATCH_RESULT_SCHEMA,
      annotations: { title: "Find a tool", readOnlyHint: true, openWorldHint: false },
    },
    {
      name: CALL_TOOL,
      title: "Call a tool",
      description:
        `Runs one of this server's tools by name (a name ${MATCH_TOOLS} returned), with its arguments. ` +
        "Only registered tools run; arguments are checked against the tool's params; a tool that requires confirmation asks the user first. " +
        "The result is the tool's raw output (or its whole error), and the envelope {ok, tool, method, output, error, duration_ms, …}.",
      inputSchema: {
        $schema: JSON_SCHEMA_DIALECT,
        type: "object",
        properties: {
          name: { type: "string", minLength: 1, description: `The tool's name, as ${MATCH_TOOLS} returned it.` },
          arguments: { type: "object", description: "The tool's params, as its schema in the match says." },
        },
        required: ["name"],
        additionalProperties: false,
      },
      outputSchema: ENVELOPE_SCHEMA,
      annotations: { title: "Call a tool" },
    },
  ];
}

export interface MatchArguments {
  readonly intent: string;
  readonly top?: number;
  readonly context?: Record<string, unknown>;
}

export interface CallArguments {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The arguments of `match_tools`, or what is wrong with them. */
export function matchArguments(args: Record<string, unknown>): MatchArguments | string {
  const unknown = Object.keys(args).filter((key) => key !== "intent" && key !== "top" && key !== "context");
  if (unknown.length) return `unknown argument \`${unknown[0]}\`; ${MATCH_TOOLS} takes \`intent\`, \`top\`, \`context\``;
  const { intent, top, context } = args;
  if (typeof intent !== "string" || intent.trim() === "") return "`intent` must be a non-empty string: what you want done";
  if (top !== undefined && (!Number.isInteger(top) || (top as number) < 1 || (top as number) > 3))
    return `\`top\` must be 1, 2 or 3, not ${JSON.stringify(top)}`;
  if (context !== undefined && !isObject(context)) return "`context` must be an object";
  return { intent, ...(top === undefined ? {} : { top: top as number }), ...(context === undefined ? {} : { context }) };
}

/** The arguments of `call_tool`, or what is wrong with them. */
export function callArguments(args: Record<string, unknown>): CallArguments | string {
  const unknown = Object.keys(args).filter((key) => key !== "name" && key !== "arguments");
  if (unknown.length) return `unknown argument \`${unknown[0]}\`; ${CALL_TOOL} takes \`name\` and \`arguments\``;
  if (typeof args["name"] !== "string" || args["name"] === "") return `\`name\` must be a tool's name, as ${MATCH_TOOLS} returns it`;
  const params = args["arguments"] ?? {};
  if (!isObject(params)) return "`arguments` must be an object: the tool's params";
  return { name: args["name"], arguments: params };
}

export function matchResultText(result: MatchResult): string {
  return JSON.stringify(result, null, 2);
}
