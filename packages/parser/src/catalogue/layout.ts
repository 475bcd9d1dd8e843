/**
 * Where tools live in a repository: one folder each, `tools/<name>/TOOL.hdlp`
 * (docs/spec.md). The linter, the registry, the language server and the CLI
 * all look for this name.
 */
import { TOOL_NAME_PATTERN } from "./fields.ts";

export const TOOL_FILE_NAME = "TOOL.hdlp";

/** The folder that holds the tools, at a repository's root. */
export const TOOLS_FOLDER_NAME = "tools";

function lastSeparator(path: string, before: number): number {
  return Math.max(path.lastIndexOf("/", before), path.lastIndexOf("\\", before));
}

/**
 * The folder of `…/<folder>/TOOL.hdlp` (`/` or `\` between), `""` for
 * `/TOOL.hdlp`; other files have no folder of their own. Read from the end:
 * it runs for every file of `hdlp lint`.
 */
export function toolFolder(path: string): string | undefined {
  const separator = path.length - TOOL_FILE_NAME.length - 1;
  if (separator < 0 || !path.endsWith(TOOL_FILE_NAME) || lastSeparator(path, separator) !== separator) return undefined;
  return path.slice(separator === 0 ? 0 : lastSeparator(path, separator - 1) + 1, separator);
}

/** Why `name` cannot name a tool (and so its folder), or undefined when it can. */
export function toolNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "A tool needs a name.";
  if (!TOOL_NAME_PATTERN.test(name))
    return `"${name}" is not a tool name: use English letters, digits, "-", "_" and ".", starting with a letter or digit, no spaces (工具名：英文、无空格).`;
  return undefined;
}
