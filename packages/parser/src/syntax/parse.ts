/**
 * parse(text): the one entry point of the syntax layer.
 *
 * Scanner (per call, owns the indentation state) → Chevrotain grammar (one
 * shared instance: building it runs Chevrotain's self-analysis, which is
 * expensive; parsing resets it) → ToolDocument. The grammar pulls tokens
 * from the Scanner a line at a time (./token-window.ts). Never throws.
 */
import type { Diagnostic } from "../diagnostics.ts";
import { LineIndex } from "../text/line-index.ts";
import { ToolDocument } from "./document.ts";
import { HdlpGrammar } from "./grammar.ts";
import { Scanner } from "./scanner.ts";
import { fileTooLarge, oversizeBytes } from "./size-limit.ts";
import { syntaxDiagnostic } from "./syntax-diagnostics.ts";

export interface ParseResult {
  readonly document: ToolDocument;
  /** Syntax diagnostics, in the order of the text. */
  readonly diagnostics: Diagnostic[];
}

let grammar: HdlpGrammar | undefined;

export function parse(text: string): ParseResult {
  const source = typeof text === "string" ? text : String(text ?? "");
  const lines = new LineIndex(source);
  const origin = source.charCodeAt(0) === 0xfeff ? 1 : 0; // after a BOM
  const oversize = oversizeBytes(source);
  if (oversize !== undefined) return { document: emptyDocument(source, lines, origin), diagnostics: [fileTooLarge(oversize, lines.rangeOf(origin, origin))] };
  try {
    const scanner = new Scanner(source, lines);
    grammar ??= new HdlpGrammar();
    const parsed = grammar.parseTokens(scanner, lines, origin);
    const scanned = scanner.scan(); // the comments and diagnostics, the scan finished if anything is left (the grammar reads to the end)
    const diagnostics = [...scanned.diagnostics, ...parsed.diagnostics].sort(byPosition);
    const errors = [...scanned.errors, ...parsed.errors].sort((a, b) => a.range.start.offset - b.range.start.offset);
    return { document: new ToolDocument(source, parsed.root, scanned.comments, errors, lines), diagnostics };
  } catch (error) {
    // A bug of ours must not take the editor or the CI gate down with it: report it as a diagnostic.
    grammar = undefined;
    const message = `Internal parser error (please report it): ${error instanceof Error ? error.message : String(error)}`;
    return { document: emptyDocument(source, lines, origin), diagnostics: [syntaxDiagnostic("syntax", message, lines.rangeOf(origin, source.length))] };
  }
}

/** A document of the text with nothing read from it (and nothing to scan again for pathAt). */
function emptyDocument(source: string, lines: LineIndex, origin: number): ToolDocument {
  const root = { kind: "map", style: "block", entries: [], range: lines.rangeOf(origin, origin) } as const;
  return new ToolDocument(source, root, [], [], lines, []);
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset;
}
