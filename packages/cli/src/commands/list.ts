/**
 * `hdlp list`: every tool under the root, the registered ones and the files
 * that could not be registered, with their diagnostics (never dropped silently).
 */
import type { Diagnostic } from "@hdlp/parser";
import { type InvalidTool, type RegisteredTool, type ToolAccess, toolAccess, type ToolIndex } from "@hdlp/runtime";
import { type Command, EXIT } from "../command.ts";
import { parseOptions } from "../options.ts";
import { shownPath } from "../shown-path.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, scanFromOptions } from "./registry-options.ts";

export const command: Command = {
  name: "list",
  summary: "List the tools under the tools root, valid and invalid",
  help: `Usage: hdlp list [--root ROOT] [--json]

Scans the tools root for */TOOL.hdlp (a folder, or a Forgejo repository at a
ref) and lists the registered tools, then the files that are not registered
(lint errors, a duplicate name, a link that escapes the root) with their
diagnostics. Tools the operator's policy does not allow (tools.allow and
tools.deny in hdlp.config.json) are left out and only counted; \`hdlp config
check\` names them.

Options:
${REGISTRY_HELP}
  --json            Print {root, tools, invalid, not_allowed} as JSON (a repository's root adds commit, read_at,
                    and stale when Forgejo could not be read and the last good index is listed)

Exit codes: 0 listed (even when some tools are invalid), 2 bad usage.
`,
  async run(args) {
    const { values } = parseOptions(args, { ...REGISTRY_OPTIONS, json: { type: "boolean" } });
    const { index, choice } = await scanFromOptions(values);
    const listed = allowedOnly(index, toolAccess(choice.config().tools));
    process.stdout.write(values.json ? `${JSON.stringify(listJson(listed), null, 2)}\n` : listText(listed));
    return EXIT.ok;
  },
};

/** What an agent may see: the tools the operator allows, and the files of folders it allows; the rest only counted. */
interface Listed extends Pick<ToolIndex, "root" | "origin" | "stale"> {
  readonly tools: readonly RegisteredTool[];
  readonly invalid: readonly InvalidTool[];
  readonly notAllowed: number;
}

function allowedOnly(index: ToolIndex, access: ToolAccess): Listed {
  const tools = index.tools.filter((tool) => access.allows(tool.name));
  // An invalid file has no name to go by: its folder is the name it was meant to register under.
  const invalid = index.invalid.filter((tool) => access.allows(tool.folder));
  const { root, origin, stale } = index;
  const notAllowed = index.tools.length - tools.length + index.invalid.length - invalid.length;
  return { root, ...(origin ? { origin } : {}), ...(stale ? { stale } : {}), tools, invalid, notAllowed };
}

function listJson(index: Listed) {
  return {
    root: index.root,
    ...(index.origin ? { commit: index.origin.commit, read_at: index.origin.readAt } : {}),
    ...(index.stale ? { stale: index.stale } : {}),
    tools: index.tools.map((t) => ({
      name: t.name,
      display: t.model.display,
      intent: t.model.intent,
      executor: t.model.executor,
      method: t.model.method,
      path: t.path,
      params: t.model.params,
      constraints: t.model.constraints,
      ...(t.model.command ? { command: t.model.command.source } : {}),
      ...(t.model.endpoint ? { endpoint: `${t.model.endpoint.verb} ${t.model.endpoint.path}` } : {}),
      diagnostics: t.diagnostics,
    })),
    invalid: index.invalid.map((t) => ({ path: t.path, folder: t.folder, diagnostics: t.diagnostics })),
    not_allowed: index.notAllowed,
  };
}

function listText(index: Listed): string {
  const lines: string[] = [];
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const at = index.origin ? ` at ${index.origin.commit.slice(0, 12)}` : "";
  const invalid = index.invalid.length ? `, ${index.invalid.length} invalid` : "";
  const notAllowed = index.notAllowed ? `, ${index.notAllowed} not allowed by the operator's policy` : "";
  lines.push(`${count(index.tools.length, "tool")} in ${index.root}${at}${invalid}${notAllowed}${index.stale ? " (stale)" : ""}`);
  const nameWidth = Math.max(0, ...index.tools.map((t) => t.name.length));
  const runWidth = Math.max(0, ...index.tools.map((t) => runsAs(t).length));
  for (const tool of index.tools) {
    lines.push(`  ${tool.name.padEnd(nameWidth)}  ${runsAs(tool).padEnd(runWidth)}  ${tool.model.display} · ${tool.model.intent}`);
    diagnosticLines(lines, tool.path, tool.diagnostics);
  }
  if (index.invalid.length) {
    lines.push("", "Not registered:");
    for (const tool of index.invalid) {
      lines.push(`  ${shownPath(tool.path)}`);
      diagnosticLines(lines, tool.path, tool.diagnostics);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** A listing shows a file's first problems; `hdlp lint` (and `--json`) all of them, however many. */
const SHOWN_DIAGNOSTICS = 10;

function diagnosticLines(lines: string[], path: string, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics.slice(0, SHOWN_DIAGNOSTICS)) lines.push(`      ${diagnosticLine(d)}`);
  const more = diagnostics.length - SHOWN_DIAGNOSTICS;
  if (more > 0) lines.push(`      … and ${more} more: \`hdlp lint ${shownPath(path)}\` shows them all`);
}

const runsAs = (tool: RegisteredTool) => `${tool.model.executor}/${tool.model.method}`;

/** `3:7 error [missing-field] …`: lines and columns counted from 1, as editors show them. */
function diagnosticLine(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} [${d.rule}] ${d.message}`;
}
