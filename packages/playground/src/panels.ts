/**
 * The panels beside the editor, each a view of the same analysis: the
 * problems (with their rules, a click goes there), the formatted text, the
 * parsed model as JSON and the JSON Schema of TOOL.hdlp.
 */
import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { toLspDiagnostic } from "@hdlp/language-service";
import { formatText, toJsonSchema, toToolModel, type ToolModel } from "@hdlp/parser";
import { analysisOf } from "./analysis.ts";
import { renderInline } from "./markdown.ts";
import { offsetOf } from "./positions.ts";

const SEVERITY = ["", "error", "warning", "info", "hint"] as const;

export function showProblems(list: HTMLElement, view: EditorView): void {
  const diagnostics = analysisOf(view.state).diagnostics.map(toLspDiagnostic);
  list.replaceChildren(
    ...diagnostics.map((diagnostic) => {
      const item = document.createElement("li");
      const severity = SEVERITY[diagnostic.severity ?? 1];
      item.className = `problem ${severity}`;
      item.dataset.code = String(diagnostic.code);
      const place = `${diagnostic.range.start.line + 1}:${diagnostic.range.start.character + 1}`;
      const message = span("message", "");
      message.append(...renderInline(diagnostic.message));
      item.append(span("place", place), span("severity", severity), message, span("code", String(diagnostic.code)));
      item.addEventListener("click", () => {
        const at = offsetOf(view.state.doc, diagnostic.range.start);
        view.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
        view.focus();
      });
      return item;
    }),
  );
  if (diagnostics.length === 0) list.replaceChildren(span("none", "No problems · 没有问题"));
}

export function showFormatted(pre: HTMLElement, text: string): void {
  const result = formatText(text);
  pre.classList.toggle("refused", !result.ok);
  pre.textContent = result.ok ? result.text : `Not formatted · 未格式化: ${result.reason}`;
}

/** The model the runtime would load, or why there is none. */
export function currentModel(view: EditorView): ToolModel | undefined {
  return toToolModel(analysisOf(view.state).parsed);
}

export function showModel(pre: HTMLElement, model: ToolModel | undefined): void {
  pre.classList.toggle("refused", model === undefined);
  pre.textContent = model ? JSON.stringify(model, null, 2) : "No model: the file has errors (see Problems). · 文件有错误，没有模型（见“问题”）。";
}

export function showSchema(pre: HTMLElement): void {
  pre.textContent = JSON.stringify(toJsonSchema(), null, 2);
}

function span(className: string, text: string): HTMLElement {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}
