/**
 * @hdlp/lsp — the language server for TOOL.hdlp.
 *
 * `startServer(connection)` serves any vscode-languageserver connection
 * (stdio, IPC, socket, or an in-memory pair in tests); `hdlp-language-server
 * --stdio` (./main.ts) is that on stdin/stdout. The features are pure
 * functions of an analysed document, usable without a connection.
 */
export { startServer, cancelUndispatchedRequest } from "./server.ts";
export { analyse, type Analysis } from "./analysis.ts";
export { readSettings, type Settings } from "./settings.ts";
export { complete, completionTriggerCharacters, type CompletionOptions } from "./features/complete.ts";
export { hover } from "./features/hover.ts";
export { codeActions, FIX_ALL_KIND } from "./features/code-actions.ts";
export { formatDocument, formatRange } from "./features/formatting.ts";
export { documentSymbols } from "./features/symbols.ts";
export { foldingRanges } from "./features/folding.ts";
export { semanticTokens, semanticTokensLegend } from "./features/semantic-tokens.ts";
export { selectionRanges } from "./features/selection.ts";
