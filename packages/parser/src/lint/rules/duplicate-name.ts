import type { FileSetRule, FileSummary } from "../rule.ts";

/** Files named in a message, at most: n copies of one tool would otherwise make n messages of n paths each. */
const NAMED = 3;

/** The other files of `indexes` than `index`: the first few by path, then how many more. */
function others(files: readonly FileSummary[], indexes: readonly number[], index: number): string {
  const named: string[] = [];
  for (const other of indexes) {
    if (named.length === NAMED) break;
    if (other !== index) named.push(files[other]!.path);
  }
  const more = indexes.length - 1 - named.length;
  return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}

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
        report(index, {
          message: `The tool name \`${name}\` is also declared in ${others(files, indexes, index)}.`,
          field: "name",
          range: files[index]!.name!.range,
        });
      }
    }
  },
};
