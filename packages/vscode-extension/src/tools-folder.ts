/**
 * Where tools live and what a new one is called: the decisions of "HDLP: New
 * Tool", apart from VS Code so they are tested on their own.
 */
import { isAbsolute, join, resolve } from "node:path";
import { TOOL_NAME_PATTERN } from "@hdlp/parser";

/**
 * The tools folder: `hdlp.toolsRoot` (absolute, or relative to the workspace
 * folder), else `tools/` in the workspace folder, as the language server
 * reads the same setting.
 */
export function toolsRoot(setting: string | undefined, workspaceFolder: string): string {
  const configured = setting?.trim();
  if (!configured) return join(workspaceFolder, "tools");
  return isAbsolute(configured) ? configured : resolve(workspaceFolder, configured);
}

/** `<root>/<name>/TOOL.hdlp`. */
export function toolFile(root: string, name: string): string {
  return join(root, name, "TOOL.hdlp");
}

/** Why `name` cannot name a tool, or undefined when it can. */
export function toolNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "A tool needs a name.";
  if (!TOOL_NAME_PATTERN.test(name)) return `"${name}" is not a tool name: use English letters, digits, "-", "_" and ".", starting with a letter or digit, no spaces (工具名：英文、无空格).`;
  return undefined;
}

/** Today as YYYY-MM-DD in local time, the date an author would write in `created`. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
