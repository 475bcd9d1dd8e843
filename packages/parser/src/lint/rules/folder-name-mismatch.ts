import type { FileSetRule } from "../rule.ts";

const TOOL_FILE = "TOOL.hdlp";

function lastSeparator(path: string, before: number): number {
  return Math.max(path.lastIndexOf("/", before), path.lastIndexOf("\\", before));
}

/**
 * The folder of `…/<folder>/TOOL.hdlp` (`/` or `\` between), `""` for
 * `/TOOL.hdlp`; other files have no folder of their own. Read from the end:
 * it runs for every file of `hdlp lint`, and splitting the whole path was most
 * of this rule's time.
 */
export function toolFolder(path: string): string | undefined {
  const separator = path.length - TOOL_FILE.length - 1;
  if (separator < 0 || !path.endsWith(TOOL_FILE) || lastSeparator(path, separator) !== separator) return undefined;
  return path.slice(separator === 0 ? 0 : lastSeparator(path, separator - 1) + 1, separator);
}

export const folderNameMismatch: FileSetRule = {
  id: "folder-name-mismatch",
  severity: "warning",
  summary: "`tools/<folder>/TOOL.hdlp` declares a `name` other than `<folder>`.",
  check(files, report) {
    files.forEach((file, index) => {
      const folder = toolFolder(file.path);
      const scalar = file.name;
      if (!folder || folder === "." || folder === ".." || !scalar?.value || scalar.value === folder) return;
      report(index, {
        message: `The tool is named \`${scalar.value}\` but its folder is \`${folder}\`; rename one so both say the same.`,
        field: "name",
        range: scalar.range,
      });
    });
  },
};
