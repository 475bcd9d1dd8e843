/**
 * The intent box: a request matched, with `@hdlp/match` as `hdlp match` does,
 * against the example tools (bundled when the page is built) and the tool
 * being edited when it lints without errors. Each candidate shows its score
 * and what in the request matched it.
 */
import type { MatchResult } from "@hdlp/match";
import { loadTool, type ToolModel } from "@hdlp/parser";
import examples from "hdlp:examples";

/** The example tools' models (an example with errors would be a bug in examples/, caught by its tests). */
export const exampleModels: readonly ToolModel[] = Object.values(examples).flatMap((text) => {
  const model = loadTool(text).model;
  return model ? [model] : [];
});

/** The tools matched against: the examples, with the edited tool in place of one of the same name. */
export function matchTools(edited: ToolModel | undefined): ToolModel[] {
  const others = exampleModels.filter((tool) => tool.name !== edited?.name);
  return edited ? [edited, ...others] : others;
}

export function showMatches(container: HTMLElement, result: MatchResult, edited: string | undefined): void {
  const rows = result.candidates.map((candidate, index) => {
    const row = document.createElement("li");
    row.className = "candidate";
    row.dataset.name = candidate.name;
    const head = document.createElement("div");
    head.className = "head";
    head.append(text("rank", `${index + 1}.`), text("name", candidate.name), text("display", candidate.display), text("score", candidate.score.toFixed(2)));
    if (candidate.name === edited) head.append(text("edited", "this file · 当前文件"));
    const why = document.createElement("div");
    why.className = "why";
    why.append(text("label", "matched · 命中:"), ...candidate.matched.map((term) => text("term", term)));
    row.append(head, text("intent", candidate.intent), why);
    return row;
  });
  const verdict = document.createElement("p");
  verdict.className = result.found ? "found" : "not-found";
  verdict.textContent = result.found ? `found · 找到 ${result.candidates.length}` : `not found · 未找到${result.suggestion ? ` — ${result.suggestion}` : ""}`;
  const list = document.createElement("ol");
  list.className = "candidates";
  list.append(...rows);
  container.replaceChildren(verdict, list);
}

function text(className: string, content: string): HTMLElement {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = content;
  return element;
}
