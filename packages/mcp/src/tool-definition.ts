/**
 * A registered tool as MCP shows it in `tools/list`: its name, `title` (the
 * file's `display`), a description an agent can choose by, its params as the
 * input schema, the envelope as the output schema, and annotations only
 * where the file says something true about them.
 */
import { executorSpec, type ToolModel } from "@hdlp/parser";
import type { Tool } from "@modelcontextprotocol/server";
import { ENVELOPE_SCHEMA, inputSchemaOf } from "./schemas.ts";

export type ToolDefinition = Tool;
export type ToolAnnotations = NonNullable<Tool["annotations"]>;

export function toolDefinition(tool: ToolModel): ToolDefinition {
  return {
    name: tool.name,
    title: tool.display,
    description: describeTool(tool),
    inputSchema: inputSchemaOf(tool.params),
    outputSchema: ENVELOPE_SCHEMA,
    annotations: annotationsOf(tool),
  };
}

/**
 * The intent first (what the tool does, as its author wrote it), then how it
 * runs, in one line, and whether a person must confirm it: what an agent
 * weighs when choosing, briefly.
 */
export function describeTool(tool: ToolModel): string {
  const lines = [tool.intent, howItRuns(tool)];
  if (tool.constraints.require_confirm) lines.push("The user must confirm each call (require_confirm); the server asks before anything runs.");
  return lines.join("\n");
}

function howItRuns(tool: ToolModel): string {
  switch (tool.executor) {
    case "shell":
      return tool.command
        ? `Runs \`${tool.command.source}\` on the server's machine (no shell; each {param} is one argument).`
        : "Runs the `cmd` param through /bin/sh on the server's machine.";
    case "gatekeeper":
      return `Runs on a remote gatekeeper: method \`${tool.method}\`${tool.command ? `, \`${tool.command.source}\`` : ""}.`;
    case "hlpd-api":
      return tool.endpoint ? `Calls the HLDP API: \`${tool.endpoint.verb} ${tool.endpoint.path}\`.` : `Calls the HLDP API: \`${tool.method}\`.`;
    case "git-forgejo":
      return `Works on a Forgejo repository: \`${tool.method}\`.`;
  }
}

/**
 * `destructiveHint` is the file's `require_confirm`; `readOnlyHint` only for
 * the git-forgejo methods the catalogue marks as reading; `openWorldHint` for
 * the executors that reach another machine. Nothing else is claimed: a shell
 * tool may read or write anything, and MCP's defaults say as much.
 */
function annotationsOf(tool: ToolModel): ToolAnnotations {
  const executor = executorSpec(tool.executor);
  const method = executor?.methods.kind === "fixed" ? executor.methods.list.find((m) => m.name === tool.method) : undefined;
  return {
    title: tool.display,
    ...(method?.readOnly ? { readOnlyHint: true } : { destructiveHint: tool.constraints.require_confirm }),
    ...(executor?.remote ? { openWorldHint: true } : {}),
  };
}

/** What the user is asked before a require_confirm tool runs: exactly what will run. */
export function confirmationMessage(tool: ToolModel, dryRunText: string): string {
  return `\`${tool.name}\` (${tool.display}) requires confirmation. It will run:\n\n${dryRunText}\nRun it?`;
}
