/**
 * The playground page: the editor on the left, the views of the same text on
 * the right, the text kept in the address. Everything runs in the page; the
 * files are static (scripts/build.mjs).
 */
import "./style.css";
import type { EditorView } from "@codemirror/view";
import { createMatcher, type Matcher } from "@hdlp/match";
import examples from "hdlp:examples";
import { fixAllCommand, formatCommand } from "./commands.ts";
import { createEditor } from "./editor.ts";
import { matchTools, showMatches } from "./intent.ts";
import { currentModel, showFormatted, showModel, showProblems, showSchema } from "./panels.ts";
import { BROKEN_SAMPLE } from "./samples.ts";
import { hashOf, textFromHash } from "./share.ts";

const byId = (id: string) => document.getElementById(id)!;
const select = byId("examples") as HTMLSelectElement;
const SAMPLES: Readonly<Record<string, string>> = { ...examples, "(a tool with mistakes · 有错误的工具)": BROKEN_SAMPLE };
const FIRST = "shell-exec" in examples ? "shell-exec" : Object.keys(SAMPLES)[0]!;

let matcher: Matcher;
let edited: string | undefined;
let pending: ReturnType<typeof setTimeout> | undefined;

const view = createEditor(byId("editor"), textFromHash(location.hash) ?? SAMPLES[FIRST]!, () => {
  clearTimeout(pending);
  // The editor's own diagnostics follow each pause in typing; the panels and the address follow them.
  pending = setTimeout(refresh, 150);
});

function refresh(): void {
  const text = view.state.doc.toString();
  // The menu names the example on the screen, or none once it is edited.
  select.value = Object.keys(SAMPLES).find((name) => SAMPLES[name] === text) ?? "";
  showProblems(byId("problems"), view);
  showFormatted(byId("formatted"), text);
  const model = currentModel(view);
  showModel(byId("model"), model);
  matcher = createMatcher(matchTools(model));
  edited = model?.name;
  matchRequest();
  history.replaceState(null, "", hashOf(text));
}

function matchRequest(): void {
  const request = (byId("intent") as HTMLInputElement).value;
  if (request.trim() === "") byId("matches").replaceChildren();
  else showMatches(byId("matches"), matcher.match(request), matcher.explain(request, { tools: edited ? [edited] : [] }), edited);
}

function setText(target: EditorView, text: string): void {
  target.dispatch({ changes: { from: 0, to: target.state.doc.length, insert: text } });
}

function say(message: string): void {
  byId("status").textContent = message;
}

select.append(new Option("(your file · 你的文件)", ""), ...Object.keys(SAMPLES).map((name) => new Option(name, name)));
select.addEventListener("change", () => {
  if (select.value) setText(view, SAMPLES[select.value]!);
});

byId("format").addEventListener("click", () => say(formatCommand(view) ?? "Formatted · 已格式化"));
byId("fix-all").addEventListener("click", () => say(`${fixAllCommand(view)} fixable · 可修复`));
byId("share").addEventListener("click", () => {
  refresh();
  navigator.clipboard?.writeText(location.href).then(
    () => say("Link copied · 链接已复制"),
    () => say("The address bar holds the link · 地址栏即是链接"),
  );
});
window.addEventListener("hashchange", () => {
  const text = textFromHash(location.hash);
  if (text !== undefined && text !== view.state.doc.toString()) setText(view, text);
});

for (const tab of document.querySelectorAll<HTMLButtonElement>("[role=tab]")) {
  tab.addEventListener("click", () => {
    for (const other of document.querySelectorAll<HTMLButtonElement>("[role=tab]")) other.setAttribute("aria-selected", String(other === tab));
    for (const panel of document.querySelectorAll<HTMLElement>("[data-panel]")) panel.hidden = panel.dataset.panel !== tab.dataset.tab;
  });
}
byId("intent").addEventListener("input", matchRequest);
byId("intent-form").addEventListener("submit", (event) => event.preventDefault());

showSchema(byId("schema"));
refresh();
