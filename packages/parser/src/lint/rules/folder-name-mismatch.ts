import { toolFolder } from "../../catalogue/layout.ts";
import type { FileSetRule } from "../rule.ts";

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
