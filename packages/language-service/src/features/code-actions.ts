/**
 * Code actions: each linter fix that meets the range as a quick fix, and
 * `source.fixAll.hdlp`, every safe fix at once (what `hdlp lint --fix` does).
 */
import {
  type CodeAction,
  type CodeActionContext,
  CodeActionKind,
  type Diagnostic as LspDiagnostic,
  type Range,
  type TextDocumentIdentifier,
} from "vscode-languageserver-types";
import { type Diagnostic, type Fix, applyFixes } from "@hdlp/parser";
import { analyse, type Analysis } from "../analysis.ts";
import { DIAGNOSTIC_SOURCE, rangesMeet, toLspDiagnostic, toLspEdit, toLspRange } from "../convert.ts";
import { lineEdits } from "../line-diff.ts";

/** Fixes can make room for others (overlapping edits wait a round), as in `hdlp lint --fix`. */
const MAX_FIX_ROUNDS = 10;

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.hdlp`;

/** What a client asks code actions for: LSP's CodeActionParams. */
export interface CodeActionRequest {
  readonly textDocument: TextDocumentIdentifier;
  readonly range: Range;
  readonly context: CodeActionContext;
}

export function codeActions(analysis: Analysis, params: CodeActionRequest): CodeAction[] {
  const uri = params.textDocument.uri;
  const only = params.context.only;
  const covers = (kind: string) => only?.some((k) => kind === k || kind.startsWith(`${k}.`)) === true;
  const actions: CodeAction[] = [];
  const fixable = analysis.diagnostics.filter((d): d is Diagnostic & { fix: Fix } => d.fix !== undefined);
  if (!only || covers(CodeActionKind.QuickFix)) {
    for (const diagnostic of fixable) {
      if (!rangesMeet(toLspRange(diagnostic.range), params.range)) continue;
      actions.push({
        title: diagnostic.fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [matching(diagnostic, params.context.diagnostics)],
        isPreferred: true,
        edit: { changes: { [uri]: diagnostic.fix.edits.map(toLspEdit) } },
      });
    }
  }
  // Only when asked for by kind (save actions, the Source Action menu): it re-lints the text after each
  // round, too much to do on every cursor move, which is when clients ask without a kind.
  if (covers(FIX_ALL_KIND) && fixable.length > 0) {
    actions.push({ title: "Fix all safe hdlp problems", kind: FIX_ALL_KIND, edit: { changes: { [uri]: lineEdits(analysis.text, fixAll(analysis)) } } });
  }
  return actions;
}

/** The client's copy of the diagnostic when it sent one (keeps its identity), else ours. */
function matching(diagnostic: Diagnostic, sent: readonly LspDiagnostic[]): LspDiagnostic {
  const ours = toLspDiagnostic(diagnostic);
  return (
    sent.find(
      (d) =>
        d.source === DIAGNOSTIC_SOURCE &&
        d.code === ours.code &&
        d.message === ours.message &&
        d.range.start.line === ours.range.start.line &&
        d.range.start.character === ours.range.start.character,
    ) ?? ours
  );
}

/** The text after every safe fix, round after round until none applies. */
function fixAll(analysis: Analysis): string {
  let current = analysis;
  for (let round = 0; round < MAX_FIX_ROUNDS; round++) {
    const { text, applied } = applyFixes(current.text, current.diagnostics);
    if (applied === 0 || text === current.text) break;
    current = analyse(text, analysis.path);
  }
  return current.text;
}
