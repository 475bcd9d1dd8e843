/**
 * The intent box: a request matched, with `@hdlp/match` as `hdlp match` does,
 * against the example tools (bundled when the page is built) and the tool
 * being edited when it lints without errors. Each candidate shows its score
 * and what in the request matched it; the verdict says why the request was
 * found or not, and the edited tool, when it is not a candidate, why it was
 * not chosen (`hdlp match --explain --tool`, docs/matching.md).
 */
import type { ExplainedCandidate, Explanation, MatchResult } from "@hdlp/match";
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

export function showMatches(container: HTMLElement, result: MatchResult, explanation: Explanation, edited: string | undefined): void {
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
  const reason = document.createElement("p");
  reason.className = "verdict";
  reason.append(text("label", "why · 原因:"), " ", explanation.verdict);
  const list = document.createElement("ol");
  list.className = "candidates";
  list.append(...rows);
  const passedOver = explanation.candidates.find((c) => c.name === edited && !result.candidates.some((shown) => shown.name === edited));
  container.replaceChildren(verdict, reason, list, ...(passedOver ? [notChosen(passedOver)] : []));
}

/** Why the edited tool is not among the candidates: its rank and score, and whether it does what is asked, to what. */
function notChosen(tool: ExplainedCandidate): HTMLElement {
  const line = document.createElement("p");
  line.className = "not-chosen";
  line.dataset.name = tool.name;
  const place =
    tool.rank === undefined ? "shares no word with the request · 与请求没有共同的词" : `rank ${tool.rank} · 第 ${tool.rank} 名, score ${tool.score.toFixed(2)}`;
  const operation = tool.servesOperation ? "does what is asked · 做所请求的操作" : "does not do what is asked · 不做所请求的操作";
  const object = tool.servesObject ? "works on it · 作用于所请求的对象" : "does not work on it · 不作用于所请求的对象";
  line.append(text("edited", "this file · 当前文件"), " ", text("name", tool.name), `: ${place}; ${operation}; ${object}`);
  return line;
}

function text(className: string, content: string): HTMLElement {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = content;
  return element;
}
