/**
 * `hdlp-language-server --stdio`: the language server on this process's
 * stdin/stdout, as editors start it. `--node-ipc` and `--socket=N` work too
 * (vscode-languageserver reads them from argv).
 */
import { Console } from "node:console";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node.js";
import { wellFormedFrames } from "./frames.ts";
import { startServer, cancelUndispatchedRequest } from "./server.ts";

const transports = ["--stdio", "--node-ipc", "--socket", "--pipe", "--clientProcessId"];
if (!process.argv.slice(2).some((arg) => transports.some((t) => arg.startsWith(t)))) {
  process.stderr.write("usage: hdlp-language-server --stdio\n  The language server for TOOL.hdlp; an editor starts it and talks LSP over stdin/stdout.\n");
  process.exit(2);
}

const options = { cancelUndispatched: cancelUndispatchedRequest };
// On stdio the frames are checked before vscode-jsonrpc reads them (./frames.ts), and stdout is the
// protocol's alone: a stray console.log of any library goes to stderr.
const stdio = process.argv.includes("--stdio");
if (stdio) globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
const report = (problem: string) => process.stderr.write(`hdlp-language-server: ${problem}\n`);
const connection = stdio
  ? createConnection(ProposedFeatures.all, wellFormedFrames(process.stdin, report), process.stdout, options)
  : createConnection(ProposedFeatures.all, options);
// The editor keeps its server: a bug of ours is logged (the editor shows it in the server's output), not fatal.
const logError = (error: unknown) =>
  connection.console.error(`hdlp: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
process.on("uncaughtException", logError);
process.on("unhandledRejection", logError);
startServer(connection);
