/**
 * "HDLP: Lint Workspace Tools": opens every TOOL.hdlp of the workspace for the
 * language server, which lints each (cross-file rules included), then shows
 * the Problems view and a summary once every file has its diagnostics. A file
 * already open in the editor has them already: opening it again hands nothing
 * to the server, so nothing is waited for it.
 */
import * as vscode from "vscode";

/** How long to wait for the server's diagnostics before summing up what arrived. */
const DIAGNOSTICS_WAIT_MS = 15_000;

export async function lintWorkspaceTools(): Promise<void> {
  const files = await vscode.workspace.findFiles("**/TOOL.hdlp", "**/node_modules/**");
  if (files.length === 0) {
    void vscode.window.showInformationMessage("HDLP: no TOOL.hdlp in this workspace.");
    return;
  }
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `HDLP: linting ${count(files.length, "tool")}` }, async () => {
    const open = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
    const pending = new Set(files.map((uri) => uri.toString()).filter((uri) => !open.has(uri)));
    const arrived = new Promise<void>((resolve) => {
      if (pending.size === 0) return resolve();
      const timer = setTimeout(done, DIAGNOSTICS_WAIT_MS);
      const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
        for (const uri of event.uris) pending.delete(uri.toString());
        if (pending.size === 0) done();
      });
      function done(): void {
        clearTimeout(timer);
        subscription.dispose();
        resolve();
      }
    });
    // Opening a document (without showing it) hands it to the language server.
    await Promise.all(files.map((uri) => vscode.workspace.openTextDocument(uri)));
    await arrived;
  });

  let errors = 0;
  let warnings = 0;
  for (const uri of files) {
    for (const diagnostic of vscode.languages.getDiagnostics(uri)) {
      if (diagnostic.severity === vscode.DiagnosticSeverity.Error) errors++;
      else if (diagnostic.severity === vscode.DiagnosticSeverity.Warning) warnings++;
    }
  }
  await vscode.commands.executeCommand("workbench.actions.view.problems");
  void vscode.window.showInformationMessage(`HDLP: ${count(files.length, "tool")} linted: ${count(errors, "error")}, ${count(warnings, "warning")}.`);
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
