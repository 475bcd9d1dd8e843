/**
 * `hdlp-language-server --stdio`: the language server on this process's
 * stdin/stdout, as editors start it. `--node-ipc` and `--socket=N` work too
 * (vscode-languageserver reads them from argv).
 */
import { createConnection, ProposedFeatures } from "vscode-languageserver/node.js";
import { startServer, cancelUndispatchedRequest } from "./server.ts";

const transports = ["--stdio", "--node-ipc", "--socket", "--pipe", "--clientProcessId"];
if (!process.argv.slice(2).some((arg) => transports.some((t) => arg.startsWith(t)))) {
  process.stderr.write("usage: hdlp-language-server --stdio\n  The language server for TOOL.hdlp; an editor starts it and talks LSP over stdin/stdout.\n");
  process.exit(2);
}

const connection = createConnection(ProposedFeatures.all, { cancelUndispatched: cancelUndispatchedRequest });
// The editor keeps its server: a bug of ours is logged (the editor shows it in the server's output), not fatal.
const report = (error: unknown) => connection.console.error(`hdlp: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
process.on("uncaughtException", report);
process.on("unhandledRejection", report);
startServer(connection);
