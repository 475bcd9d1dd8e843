/**
 * hdlp's ranges and diagnostics as LSP's. Both count 0-based lines and UTF-16
 * characters, so positions map one to one.
 */
import type { Diagnostic as HdlpDiagnostic, Range as HdlpRange, TextEdit as HdlpTextEdit } from "@hdlp/parser";
import { DiagnosticSeverity, type Diagnostic, type Range, type TextEdit } from "vscode-languageserver-types";

export function toLspRange(range: HdlpRange): Range {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}

export function toLspEdit(edit: HdlpTextEdit): TextEdit {
  return { range: toLspRange(edit.range), newText: edit.newText };
}

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** The source every hdlp diagnostic carries, so code actions can recognise their own. */
export const DIAGNOSTIC_SOURCE = "hdlp";

export function toLspDiagnostic(diagnostic: HdlpDiagnostic): Diagnostic {
  return {
    range: toLspRange(diagnostic.range),
    severity: SEVERITY[diagnostic.severity],
    code: diagnostic.rule,
    source: DIAGNOSTIC_SOURCE,
    message: diagnostic.message,
  };
}

/** True when the half-open ranges share a point, or touch when one of them is empty. */
export function rangesMeet(a: Range, b: Range): boolean {
  return !(before(a.end, b.start) || before(b.end, a.start));
}

function before(a: Range["start"], b: Range["start"]): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}
