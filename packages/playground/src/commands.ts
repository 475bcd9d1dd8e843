/**
 * The editor's commands that change the whole file, as the language server
 * answers them: Format Document (`hdlp fmt`) and Fix All (`hdlp lint --fix`,
 * the safe fixes, `source.fixAll.hdlp`).
 */
import type { EditorView } from "@codemirror/view";
import { FIX_ALL_KIND, codeActions, formatDocument } from "@hdlp/language-service";
import { formatText } from "@hdlp/parser";
import { DOCUMENT_URI, analysisOf } from "./analysis.ts";
import { changesOf, rangeOf } from "./positions.ts";

/** Formats the document; a file the formatter refuses (a syntax error) is left as it is, and the reason returned. */
export function formatCommand(view: EditorView): string | undefined {
  const analysis = analysisOf(view.state);
  const edits = formatDocument(analysis);
  if (edits.length > 0) view.dispatch({ changes: changesOf(view.state.doc, edits), userEvent: "format" });
  const result = formatText(analysis.text);
  return result.ok ? undefined : `Not formatted · 未格式化: ${result.reason}`;
}

/** Applies every safe fix; how many diagnostics had one. */
export function fixAllCommand(view: EditorView): number {
  const analysis = analysisOf(view.state);
  const [action] = codeActions(analysis, {
    textDocument: { uri: DOCUMENT_URI },
    range: rangeOf(view.state.doc, 0, view.state.doc.length),
    context: { diagnostics: [], only: [FIX_ALL_KIND] },
  });
  const edits = action?.edit?.changes?.[DOCUMENT_URI];
  if (edits && edits.length > 0) view.dispatch({ changes: changesOf(view.state.doc, edits), userEvent: "quickfix" });
  return analysis.diagnostics.filter((d) => d.fix !== undefined).length;
}
