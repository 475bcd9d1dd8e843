/**
 * @hdlp/language-service — what an editor offers a TOOL.hdlp author, as pure
 * functions of an analysed document and a position: diagnostics (the linter's),
 * completion, hover (中文 and English), quick fixes, formatting, outline,
 * folding, semantic tokens, selection ranges. No I/O and no connection: the
 * language server (packages/lsp) wires them to LSP, the browser playground
 * calls them in the page. Types and enums are LSP's (vscode-languageserver-types).
 */
export { analyse, type Analysis } from "./analysis.ts";
export {
  cursorAt,
  type Cursor,
  type CursorContext,
  type KeyContext,
  type ValueContext,
  type CommentContext,
  type NoContext,
  type PathSegment,
} from "./cursor.ts";
export { toLspDiagnostic, toLspRange, toLspEdit, rangesMeet, DIAGNOSTIC_SOURCE } from "./convert.ts";
export { lineEdits } from "./line-diff.ts";
export { complete, completionTriggerCharacters, type CompletionOptions } from "./features/complete.ts";
export { hover } from "./features/hover.ts";
export { codeActions, FIX_ALL_KIND, type CodeActionRequest } from "./features/code-actions.ts";
export { formatDocument, formatRange } from "./features/formatting.ts";
export { documentSymbols } from "./features/symbols.ts";
export { foldingRanges } from "./features/folding.ts";
export { semanticTokens, semanticTokensLegend } from "./features/semantic-tokens.ts";
export { selectionRanges } from "./features/selection.ts";
