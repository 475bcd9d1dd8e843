/**
 * The words of the tools' own text that no thesaurus sense knows, with how
 * many tools use each: where the domain's vocabulary is missing from
 * packages/match/src/data/thesaurus.json (docs/matching.md, The thesaurus).
 * It reads every tool's display, intent, why and params' names and
 * descriptions: this project's labelled tools (bench/intent/tools), the
 * examples (examples/tools) and, when found, the shared tools.
 *
 *   node --import tsx bench/intent/thesaurus-gaps.ts [--min <tools>]
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { thesaurusGaps } from "../../packages/match/src/lexicon-stats.ts";
import { loadToolSet, OWN_TOOLS, sharedEval } from "./labelled-set.ts";

const EXAMPLES = fileURLToPath(new URL("../../examples/tools", import.meta.url));
const minIndex = process.argv.indexOf("--min");
const min = minIndex === -1 ? 1 : Number(process.argv[minIndex + 1]);
const shared = sharedEval();
const folders = [OWN_TOOLS, EXAMPLES, ...(shared === undefined ? [] : [join(shared, "tools")])];
const tools = folders.flatMap((folder) => loadToolSet(folder));
const texts = tools.flatMap((tool) =>
  [tool.display, tool.intent, tool.why, ...tool.params.flatMap((p) => [p.name, p.description ?? ""])].map((text) => ({ owner: tool.name, text })),
);
const gaps = thesaurusGaps(texts);
console.log(`${tools.length} tools (${folders.join(", ")}): ${gaps.length} words no sense knows`);
for (const gap of gaps.filter((g) => g.usedBy.length >= min)) {
  console.log(`${String(gap.usedBy.length).padStart(3)}  ${gap.word}  (${gap.usedBy.slice(0, 5).join(", ")}${gap.usedBy.length > 5 ? ", …" : ""})`);
}
