/**
 * Where tools live and what a new one is called: the decisions of "HDLP: New
 * Tool", apart from VS Code so they are tested on their own.
 */
import { isAbsolute, join, resolve } from "node:path";
import { TOOL_FILE_NAME, TOOLS_FOLDER_NAME } from "@hdlp/parser";

/**
 * The tools folder: `hdlp.toolsRoot` (absolute, or relative to the workspace
 * folder), else `tools/` in the workspace folder, as the language server
 * reads the same setting.
 */
export function toolsRoot(setting: string | undefined, workspaceFolder: string): string {
  const configured = setting?.trim();
  if (!configured) return join(workspaceFolder, TOOLS_FOLDER_NAME);
  return isAbsolute(configured) ? configured : resolve(workspaceFolder, configured);
}

/** `<root>/<name>/TOOL.hdlp`. */
export function toolFile(root: string, name: string): string {
  return join(root, name, TOOL_FILE_NAME);
}
