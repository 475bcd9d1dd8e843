/**
 * @hdlp/lsp — the language server for TOOL.hdlp: the language service's
 * features (@hdlp/language-service) wired to an LSP connection, and the tools
 * folder kept current for the rules across files.
 *
 * `startServer(connection)` serves any vscode-languageserver connection
 * (stdio, IPC, socket, or an in-memory pair in tests); `hdlp-language-server
 * --stdio` (./main.ts) is that on stdin/stdout.
 */
export { startServer, cancelUndispatchedRequest } from "./server.ts";
export { readSettings, type Settings } from "./settings.ts";
