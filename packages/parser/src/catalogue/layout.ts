/**
 * Where tools live in a repository: one folder each, `tools/<name>/TOOL.hdlp`
 * (docs/spec.md). The linter, the registry, the language server and the CLI
 * all look for this name.
 */
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
