/**
 * Diagnostics as you type: the linter's, through the language service (as the
 * language server publishes them), each with its rule and its quick fixes.
 */
import type { EditorView } from "@codemirror/view";
import { type Action, type Diagnostic, linter } from "@codemirror/lint";
import { codeActions, toLspDiagnostic } from "@hdlp/language-service";
import { CodeActionKind, DiagnosticSeverity, type Diagnostic as LspDiagnostic } from "vscode-languageserver-types";
import { DOCUMENT_URI, analysisOf } from "./analysis.ts";
import { changesOf, offsetOf, rangeOf } from "./positions.ts";

const SEVERITY = {
  [DiagnosticSeverity.Error]: "error",
  [DiagnosticSeverity.Warning]: "warning",
  [DiagnosticSeverity.Information]: "info",
  [DiagnosticSeverity.Hint]: "hint",
} as const;

/** The document's diagnostics in LSP's shape, as a language client receives them. */
export function lspDiagnostics(view: EditorView): LspDiagnostic[] {
  return analysisOf(view.state).diagnostics.map(toLspDiagnostic);
}

export const diagnostics = linter(
  (view) =>
    lspDiagnostics(view).map((diagnostic): Diagnostic => {
      const doc = view.state.doc;
      return {
        from: offsetOf(doc, diagnostic.range.start),
        to: offsetOf(doc, diagnostic.range.end),
        severity: SEVERITY[diagnostic.severity ?? DiagnosticSeverity.Error],
        message: diagnostic.message,
        source: `${diagnostic.source}(${String(diagnostic.code)})`,
        actions: quickFixes(view, diagnostic),
      };
    }),
  // Linting a file takes about a millisecond: answer each pause in typing.
  { delay: 150 },
);

/** The quick fixes of one diagnostic, each applied to the document as it is when chosen. */
function quickFixes(view: EditorView, diagnostic: LspDiagnostic): Action[] {
  const titles = fixesAt(view, diagnostic).map((action) => action.title);
  return titles.map((title) => ({
    name: title,
    apply(view, from, to) {
      // The text may have changed since the lint: ask again where the diagnostic is now.
      const moved = { ...diagnostic, range: rangeOf(view.state.doc, from, to) };
      const action = fixesAt(view, moved).find((candidate) => candidate.title === title);
      const edits = action?.edit?.changes?.[DOCUMENT_URI];
      if (edits) view.dispatch({ changes: changesOf(view.state.doc, edits), userEvent: "quickfix" });
    },
  }));
}

function fixesAt(view: EditorView, diagnostic: LspDiagnostic) {
  return codeActions(analysisOf(view.state), {
    textDocument: { uri: DOCUMENT_URI },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: [CodeActionKind.QuickFix] },
  }).filter((action) => action.diagnostics?.some((d) => d.code === diagnostic.code && d.message === diagnostic.message));
}
