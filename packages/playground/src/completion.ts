/**
 * Completion from the language service: its items, their documentation, and
 * their edits (snippets with their tab stops) applied as the server's client
 * applies them.
 */
import { type Completion, type CompletionContext, type CompletionResult, autocompletion, snippet } from "@codemirror/autocomplete";
import type { EditorView } from "@codemirror/view";
import { complete } from "@hdlp/language-service";
import { type CompletionItem, CompletionItemKind, InsertTextFormat, type MarkupContent } from "vscode-languageserver-types";
import { analysisOf } from "./analysis.ts";
import { renderMarkdown } from "./markdown.ts";
import { offsetOf, positionOf } from "./positions.ts";
import { snippetTemplate } from "./snippets.ts";

/** CodeMirror's icon names for LSP's kinds. */
const TYPE: Partial<Record<CompletionItemKind, string>> = {
  [CompletionItemKind.Property]: "property",
  [CompletionItemKind.Field]: "property",
  [CompletionItemKind.EnumMember]: "enum",
  [CompletionItemKind.Value]: "constant",
  [CompletionItemKind.Keyword]: "keyword",
  [CompletionItemKind.Method]: "method",
  [CompletionItemKind.TypeParameter]: "type",
  [CompletionItemKind.Snippet]: "text",
};

function source(context: CompletionContext): CompletionResult | null {
  const doc = context.state.doc;
  const { items } = complete(analysisOf(context.state), positionOf(doc, context.pos), { today: new Date() });
  if (items.length === 0) return null;
  // CodeMirror filters by the text from `from` to the cursor: the start of what the items replace.
  const from = Math.min(...items.map((item) => (item.textEdit && "range" in item.textEdit ? offsetOf(doc, item.textEdit.range.start) : context.pos)));
  return { from, options: items.map((item) => option(item, from)) };
}

function option(item: CompletionItem, from: number): Completion {
  const documentation = item.documentation;
  return {
    label: item.label,
    ...(item.detail ? { detail: item.detail } : {}),
    ...(item.sortText ? { sortText: item.sortText } : {}),
    ...(TYPE[item.kind!] ? { type: TYPE[item.kind!] } : {}),
    ...(documentation ? { info: () => renderMarkdown(typeof documentation === "string" ? documentation : (documentation as MarkupContent).value) } : {}),
    apply(view: EditorView, completion: Completion, _from: number, to: number) {
      const edit = item.textEdit && "range" in item.textEdit ? item.textEdit : undefined;
      const start = edit ? offsetOf(view.state.doc, edit.range.start) : from;
      const text = edit?.newText ?? item.insertText ?? item.label;
      if (item.insertTextFormat === InsertTextFormat.Snippet) snippet(snippetTemplate(text))(view, completion, start, to);
      else view.dispatch({ changes: { from: start, to, insert: text }, selection: { anchor: start + text.length }, userEvent: "input.complete" });
    },
  };
}

export const completion = autocompletion({ override: [source], icons: true });
