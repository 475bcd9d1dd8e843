/**
 * `hdlp list`: every tool under the root, the registered ones and the files
 * that could not be registered, with their diagnostics (never dropped silently).
 */
import type { Diagnostic } from "@hdlp/parser";
import type { InvalidTool, RegisteredTool, ToolIndex } from "@hdlp/runtime";
import { isAbsolute, relative } from "node:path";
import { type Command, EXIT } from "../command.ts";
import { parseOptions } from "../options.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, scanFromOptions } from "./registry-options.ts";

export const command: Command = {
  name: "list",
  summary: "List the tools under the tools root, valid and invalid",
  help: `Usage: hdlp list [--root ROOT] [--json]

Scans the tools root for */TOOL.hdlp (a folder, or a Forgejo repository at a
ref) and lists the registered tools, then the files that are not registered
(lint errors, a duplicate name, a link that escapes the root) with their
diagnostics.

Options:
${REGISTRY_HELP}
  --json            Print {root, tools, invalid} as JSON (a repository's root adds commit, read_at, and stale when
                    Forgejo could not be read and the last good index is listed)

Exit codes: 0 listed (even when some tools are invalid), 2 bad usage.
`,
  async run(args) {
    const { values } = parseOptions(args, { ...REGISTRY_OPTIONS, json: { type: "boolean" } });
    const { index } = await scanFromOptions(values);
    process.stdout.write(values.json ? `${JSON.stringify(listJson(index), null, 2)}\n` : listText(index));
    return EXIT.ok;
  },
};

function listJson(index: ToolIndex) {
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
  };
}

function listText(index: ToolIndex): string {
  const lines: string[] = [];
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const at = index.origin ? ` at ${index.origin.commit.slice(0, 12)}` : "";
  lines.push(`${count(index.tools.length, "tool")} in ${index.root}${at}${index.invalid.length ? `, ${index.invalid.length} invalid` : ""}${index.stale ? " (stale)" : ""}`);
  const nameWidth = Math.max(0, ...index.tools.map((t) => t.name.length));
  const runWidth = Math.max(0, ...index.tools.map((t) => runsAs(t).length));
  for (const tool of index.tools) {
    lines.push(`  ${tool.name.padEnd(nameWidth)}  ${runsAs(tool).padEnd(runWidth)}  ${tool.model.display} · ${tool.model.intent}`);
    for (const d of tool.diagnostics) lines.push(`      ${diagnosticLine(d)}`);
  }
  if (index.invalid.length) {
    lines.push("", "Not registered:");
    for (const tool of index.invalid) lines.push(...invalidLines(tool));
  }
  return `${lines.join("\n")}\n`;
}

/** Relative to the working folder when inside it, else as found. */
function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

const runsAs = (tool: RegisteredTool) => `${tool.model.executor}/${tool.model.method}`;

function invalidLines(tool: InvalidTool): string[] {
  return [`  ${shownPath(tool.path)}`, ...tool.diagnostics.map((d) => `      ${diagnosticLine(d)}`)];
}

/** `3:7 error [missing-field] …`: lines and columns counted from 1, as editors show them. */
function diagnosticLine(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} [${d.rule}] ${d.message}`;
}
