import type { FileSetRule } from "../rule.ts";

export const duplicateName: FileSetRule = {
  id: "duplicate-name",
  severity: "error",
  summary: "Two files declare a tool with the same `name`, so a call by name cannot tell them apart.",
  check(files, report) {
    const byName = new Map<string, number[]>();
    files.forEach((file, index) => {
      const name = file.name?.value;
      if (!name) return;
      const indexes = byName.get(name);
      if (indexes) indexes.push(index);
      else byName.set(name, [index]);
    });
    for (const [name, indexes] of byName) {
      if (indexes.length < 2) continue;
      for (const index of indexes) {
        const others = indexes.filter((i) => i !== index).map((i) => files[i]!.path);
        report(index, {
          message: `The tool name \`${name}\` is also declared in ${others.join(", ")}.`,
          field: "name",
          range: files[index]!.name!.range,
        });
      }
    }
  },
};
