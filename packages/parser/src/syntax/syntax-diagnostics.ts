/**
 * The diagnostics the parser itself reports. Every one is an error: the text
 * does not say what its author meant, so nothing downstream should guess.
 *
 * Rule ids (documented in docs/spec.md):
 *   syntax               anything the grammar does not allow
 *   tab-indentation      a tab in a line's indentation (safe fix: spaces)
 *   unterminated-string  a quoted string without its closing quote on the line
 *   bad-escape           an unknown `\` escape in a double-quoted string
 *   nesting-too-deep     more than MAX_NESTING levels of nesting
 *   file-too-large       a text over MAX_TOOL_FILE_BYTES, not parsed (./size-limit.ts)
 */
import type { Diagnostic, Fix } from "../diagnostics.ts";
import type { Range } from "./ast.ts";

/** The rule ids of the parser's own diagnostics (for suppressions and docs). */
export const SYNTAX_RULES = ["syntax", "tab-indentation", "unterminated-string", "bad-escape", "nesting-too-deep", "file-too-large"] as const;
export type SyntaxRule = (typeof SYNTAX_RULES)[number];

export function syntaxDiagnostic(rule: SyntaxRule, message: string, range: Range, fix?: Fix): Diagnostic {
  return fix ? { rule, severity: "error", message, range, fix } : { rule, severity: "error", message, range };
}

/** Blocks and brackets nested deeper than this are reported, not parsed (keeps recursion shallow). */
export const MAX_NESTING = 64;

/** A tab in indentation counts as this many spaces, and the fix writes that many. */
export const TAB_WIDTH = 2;

/** Quote a piece of source for a message, shortened so one message stays one line. */
export function quoteSource(text: string): string {
  // Line breaks become spaces and other control characters become escapes, so a message stays one readable line.
  const oneLine = text.replace(/[\r\n]+/g, " ").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  return "`" + (oneLine.length > 40 ? oneLine.slice(0, 39) + "…" : oneLine) + "`";
}
