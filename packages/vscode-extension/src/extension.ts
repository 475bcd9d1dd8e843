/**
 * The VS Code extension: starts the hdlp language server bundled beside it
 * (dist/server.js, no node_modules) and registers the commands. Everything the
 * editor shows about a TOOL.hdlp comes from the server; the grammar only
 * colours it until the server's semantic tokens arrive.
 */
import * as vscode from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node.js";
import { lintWorkspaceTools } from "./commands/lint-workspace.ts";
import { newTool } from "./commands/new-tool.ts";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const server = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module: server, transport: TransportKind.ipc },
    debug: { module: server, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6009"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "hdlp" },
      { scheme: "untitled", language: "hdlp" },
    ],
  };
  // The id "hdlp" makes the client read `hdlp.trace.server`; the server pulls `hdlp.toolsRoot` itself.
  client = new LanguageClient("hdlp", "HDLP Language Server", serverOptions, clientOptions);

  context.subscriptions.push(
    vscode.commands.registerCommand("hdlp.newTool", newTool),
    vscode.commands.registerCommand("hdlp.lintWorkspace", lintWorkspaceTools),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
