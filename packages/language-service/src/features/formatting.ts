/**
 * Formatting with the core formatter (`hdlp fmt`): the whole document, or the
 * changed lines that meet a range. Edits cover only the lines that change.
 * A file the formatter cannot read safely (a syntax error) is left as it is:
 * its diagnostics already say why, and format-on-save must not fail loudly.
 */
import type { Range, TextEdit } from "vscode-languageserver-types";
import { formatText } from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { lineEdits } from "../line-diff.ts";

export function formatDocument(analysis: Analysis): TextEdit[] {
  const formatted = formatText(analysis.text);
  return formatted.ok ? lineEdits(analysis.text, formatted.text) : [];
}

/**
 * The formatter works on whole files (field order is part of the style), so
 * a range keeps the hunks of the whole-file result that meet it.
 */
export function formatRange(analysis: Analysis, range: Range): TextEdit[] {
  const lastLine = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
  return formatDocument(analysis).filter((edit) => {
    const editLast = edit.range.end.character === 0 && edit.range.end.line > edit.range.start.line ? edit.range.end.line - 1 : edit.range.end.line;
    return edit.range.start.line <= lastLine && editLast >= range.start.line;
  });
}
