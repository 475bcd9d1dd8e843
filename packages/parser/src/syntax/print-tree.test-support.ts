/**
 * A parse as text, for the golden trees of `testdata/{ok,err}` (as
 * rust-analyzer's test_data prints its trees): one node a line, indented by
 * depth, with its kind, style, 1-based `line:column` range and text; then the
 * comments and the diagnostics. Read by people reviewing a diff, so every
 * string is JSON-quoted and nothing is abbreviated.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { Comment, Node, Range } from "./ast.ts";
import type { ParseResult } from "./parse.ts";

const at = (r: Range) => `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;

function printNode(node: Node, depth: number, lines: string[]): void {
  const pad = "  ".repeat(depth);
  switch (node.kind) {
    case "map":
      lines.push(`${pad}map ${node.style} ${at(node.range)}`);
      for (const entry of node.entries) printNode(entry, depth + 1, lines);
      return;
    case "list":
      lines.push(`${pad}list ${node.style} ${at(node.range)}`);
      for (const item of node.items) printNode(item, depth + 1, lines);
      return;
    case "entry":
      lines.push(`${pad}entry ${at(node.range)}`);
      printNode(node.key, depth + 1, lines);
      if (node.value) printNode(node.value, depth + 1, lines);
      else lines.push(`${pad}  (no value)`);
      return;
    case "key":
      lines.push(`${pad}key ${at(node.range)} ${JSON.stringify(node.text)}`);
      return;
    case "scalar":
      lines.push(
        `${pad}scalar ${node.style} ${at(node.range)} ${JSON.stringify(node.value)}${node.raw === node.value ? "" : ` raw ${JSON.stringify(node.raw)}`}`,
      );
      return;
    case "error":
      lines.push(`${pad}error ${at(node.range)} ${JSON.stringify(node.text)}`);
      return;
  }
}

const printComment = (c: Comment) => `  ${at(c.range)}${c.trailing ? " trailing" : ""} ${JSON.stringify(c.text)}`;

const printDiagnostic = (d: Diagnostic) => `  ${at(d.range)} ${d.severity} ${d.rule}: ${d.message}${d.fix ? ` (fix: ${d.fix.title})` : ""}`;

export function printParse({ document, diagnostics }: ParseResult): string {
  const lines: string[] = [];
  printNode(document.root, 0, lines);
  if (document.comments.length) lines.push("comments:", ...document.comments.map(printComment));
  lines.push(diagnostics.length ? "diagnostics:" : "diagnostics: none", ...diagnostics.map(printDiagnostic));
  return `${lines.join("\n")}\n`;
}
