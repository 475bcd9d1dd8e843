import type { FileSetRule } from "../rule.ts";

/** The folder of `…/<folder>/TOOL.hdlp`; other files have no folder of their own. */
export function toolFolder(path: string): string | undefined {
  const parts = path.split(/[\\/]/);
  return parts.length >= 2 && parts.at(-1) === "TOOL.hdlp" ? parts.at(-2) : undefined;
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
