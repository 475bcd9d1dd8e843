/**
 * The diagnostics the parser itself reports. Every one is an error: the text
 * does not say what its author meant, so nothing downstream should guess.
 *
 * Their ids and summaries are declared here and documented in docs/spec.md §9.
 */
import type { Diagnostic, Fix, RuleDescription } from "../diagnostics.ts";
import type { Range } from "./ast.ts";

const SYNTAX_RULE_TABLE = [
  {
    id: "syntax",
    summary: "The text is not TOOL.hdlp: an unexpected indentation, a line that is not `key: value`, a stray or unclosed bracket, a missing `:` or `,`.",
  },
  { id: "tab-indentation", summary: "A tab in a line's indentation; the fix writes spaces." },
  { id: "unterminated-string", summary: "A quoted string without its closing quote on its line." },
  { id: "bad-escape", summary: "An unknown `\\` escape in a double-quoted string, or `\\x`/`\\u`/`\\U` without enough hex digits." },
  { id: "nesting-too-deep", summary: "Blocks or brackets nested deeper than 64 levels." },
  { id: "file-too-large", summary: "The text is larger than 1 MiB (MAX_TOOL_FILE_BYTES), and is not read." },
] as const;

export type SyntaxRule = (typeof SYNTAX_RULE_TABLE)[number]["id"];

/** The rule ids of the parser's own diagnostics (for suppressions and docs). */
export const SYNTAX_RULES: readonly SyntaxRule[] = SYNTAX_RULE_TABLE.map((r) => r.id);

/** The parser's rules as reports describe them: every one an error, documented in docs/spec.md §9. */
export const SYNTAX_RULE_DESCRIPTIONS: readonly RuleDescription[] = SYNTAX_RULE_TABLE.map((r) => ({
  ...r,
  severity: "error",
  docs: "docs/spec.md#9-syntax-errors",
}));

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
  const oneLine = text.replace(/[\r\n]+/g, " ").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `\`${oneLine.length > 40 ? `${oneLine.slice(0, 39)}…` : oneLine}\``;
}
