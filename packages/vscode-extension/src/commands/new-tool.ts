/** "HDLP: New Tool": asks for a name, writes `tools/<name>/TOOL.hdlp` from the shared skeleton and opens it. */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import * as vscode from "vscode";
import { localDay, toolNameProblem, toolSkeleton } from "@hdlp/parser";
import { toolFile, toolsRoot } from "../tools-folder.ts";

export async function newTool(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder?.uri.scheme !== "file") {
    void vscode.window.showErrorMessage("HDLP: New Tool needs a folder open: tools are created in its tools/ folder.");
    return;
  }
  const name = await vscode.window.showInputBox({
    title: "HDLP: New Tool",
    prompt: "The tool's name (English, no spaces): its folder and its `name:` field",
    placeHolder: "git-log",
    validateInput: (value) => toolNameProblem(value.trim()),
  });
  if (name === undefined) return;

  const root = toolsRoot(vscode.workspace.getConfiguration("hdlp", folder.uri).get<string>("toolsRoot"), folder.uri.fsPath);
  const file = toolFile(root, name.trim());
  if (existsSync(file)) {
    void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(file)} already exists; it is opened unchanged.`);
  } else {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, toolSkeleton({ name: name.trim(), created: localDay() }), { flag: "wx" });
  }
  await vscode.window.showTextDocument(vscode.Uri.file(file));
}
