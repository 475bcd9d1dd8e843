/** Folding from the language service's ranges: a block map, a param, a block of text. */
import { foldService } from "@codemirror/language";
import { foldingRanges } from "@hdlp/language-service";
import { analysisOf } from "./analysis.ts";

export const folding = foldService.of((state, lineStart) => {
  const line = state.doc.lineAt(lineStart);
  const range = foldingRanges(analysisOf(state)).find((r) => r.startLine === line.number - 1);
  if (!range || range.endLine >= state.doc.lines) return null;
  return { from: line.to, to: state.doc.line(range.endLine + 1).to };
});
