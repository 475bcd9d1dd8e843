/**
 * Folding: every block that spans lines (maps, lists, `|`/`>` text, flow maps
 * written over several lines) and every run of two or more comment lines.
 */
import { type FoldingRange, FoldingRangeKind } from "vscode-languageserver-types";
import type { Node } from "@hdlp/parser";
import type { Analysis } from "../analysis.ts";
import { childrenOf } from "../tree.ts";

export function foldingRanges(analysis: Analysis): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  for (const entry of analysis.document.root.entries) collect(entry, ranges);
  let run: { start: number; end: number } | undefined;
  for (const comment of analysis.document.comments) {
    if (comment.trailing) continue;
    const line = comment.range.start.line;
    if (run && line === run.end + 1) run.end = line;
    else {
      if (run && run.end > run.start) ranges.push({ startLine: run.start, endLine: run.end, kind: FoldingRangeKind.Comment });
      run = { start: line, end: line };
    }
  }
  if (run && run.end > run.start) ranges.push({ startLine: run.start, endLine: run.end, kind: FoldingRangeKind.Comment });
  return ranges;
}

function collect(node: Node, ranges: FoldingRange[]): void {
  if (node.kind === "entry") {
    const end = node.range.end;
    // A range ending at column 0 ends on the line before (the block's last newline).
    const endLine = end.character === 0 && end.line > node.range.start.line ? end.line - 1 : end.line;
    if (endLine > node.range.start.line) ranges.push({ startLine: node.range.start.line, endLine });
  }
  for (const child of childrenOf(node)) collect(child, ranges);
}
