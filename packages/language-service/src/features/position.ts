/** LSP positions as offsets into the analysed text (clamped: clients may send stale positions). */
import type { Position } from "vscode-languageserver-types";
import type { Analysis } from "../analysis.ts";

export function offsetAt(analysis: Analysis, position: Position): number {
  return analysis.document.offsetAt({ line: Math.max(0, position.line), character: Math.max(0, position.character) });
}
