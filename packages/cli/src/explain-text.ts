/**
 * `hdlp match --explain` for people: why each candidate scored, term by term,
 * so that an author can see why their tool was or was not chosen
 * (docs/matching.md, "Explaining a match").
 */
import { type Explanation, scoreFloor } from "@hdlp/match";

const USE: Readonly<Record<Explanation["operations"][number]["use"], string>> = {
  act: "asked for",
  noun: "a thing spoken of",
  described: "describes something",
  negated: "not wanted",
  purpose: "what the thing made is for",
  sought: "what a search looks for",
};

export function explanationText(e: Explanation): string {
  const lines: string[] = [];
  const percent = (x: number) => `${Math.round(x * 100)}%`;
  lines.push(`request: ${e.request}`);
  lines.push(`values: ${e.values.length ? e.values.map((v) => `${v.text} (${v.kind})`).join(", ") : "none"}`);
  if (e.named.length) lines.push(`names: ${e.named.map((n) => `${n.text} (a ${n.names})`).join(", ")}`);
  lines.push(`operations: ${e.operations.length ? e.operations.map((o) => `${o.surface} → ${o.sense} (${USE[o.use]})`).join(", ") : "none"}`);
  lines.push(`a tool must do: ${e.required.length ? e.required.join(" or ") : "anything"}; work on: ${e.objects.length ? e.objects.join(" or ") : "anything"}`);
  // The floor this request is held to (a value the best tool takes lowers it; no operation and no value raise it).
  const { floor, why } = e.signals === undefined ? { floor: e.thresholds.score, why: "" } : scoreFloor(e.signals, e.thresholds);
  lines.push(
    `known to the tools: ${percent(e.coverage)} of the request's words and values (at least ${percent(e.thresholds.coverage)}); best score at least ${floor}${why}`,
  );
  lines.push(`verdict: ${e.found ? "found" : "found:false"}, ${e.verdict}`);
  lines.push("");
  lines.push("terms (weight × idf; idf 0: no tool has it):");
  const width = Math.max(...e.terms.map((t) => t.label.length), 4);
  for (const t of e.terms) lines.push(`  ${t.label.padEnd(width)}  ${t.origin.padEnd(7)}  ${t.weight.toFixed(2)} × ${t.idf.toFixed(2)}  ${t.key}`);
  for (const c of e.candidates) {
    lines.push("");
    const checks = `${c.servesOperation ? "does" : "does not do"} what is asked, ${c.servesObject ? "works" : "does not work"} on it${c.goesAgainst ? ", moves things the other way than the request says" : ""}`;
    lines.push(
      `${c.rank ?? "–"}. ${c.name}  ${c.display}  score ${c.score.toFixed(3)}${c.score !== c.relevance ? ` (${c.relevance.toFixed(3)} before the frame check, halved for each miss)` : ""}`,
    );
    lines.push(`   ${checks}; the tool does: ${c.does.length ? c.does.join(", ") : "nothing the thesaurus names"}`);
    if (c.contributions.length === 0) lines.push("   shares no term with the request");
    for (const part of c.contributions) lines.push(`   +${part.score.toFixed(3)}  ${part.label}  (${part.fields.join(", ")})`);
  }
  return `${lines.join("\n")}\n`;
}
