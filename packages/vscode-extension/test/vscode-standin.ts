/**
 * A stand-in for the whole `vscode` module, to load the bundled extension
 * outside VS Code (which cannot be downloaded here): every namespace and
 * class of the API (@types/vscode 1.82) is an object on which any property
 * read gives another stand-in and any call or `new` is recorded and returns
 * one too, enough for vscode-languageclient to start its server and register
 * the providers the server announces. Only `version` and the document and
 * editor lists hold real values.
 */
import Module from "node:module";

export interface Call {
  readonly path: string;
  readonly args: readonly unknown[];
}

const NAMESPACES = [
  "commands",
  "window",
  "workspace",
  "languages",
  "env",
  "extensions",
  "debug",
  "tasks",
  "scm",
  "notebooks",
  "tests",
  "comments",
  "authentication",
  "l10n",
];
const CLASSES_AND_ENUMS = [
  "Uri",
  "EventEmitter",
  "Disposable",
  "Position",
  "Range",
  "Selection",
  "Location",
  "Diagnostic",
  "DiagnosticSeverity",
  "DiagnosticRelatedInformation",
  "DiagnosticTag",
  "CompletionItem",
  "CompletionItemKind",
  "CompletionList",
  "CompletionItemTag",
  "Hover",
  "MarkdownString",
  "SnippetString",
  "TextEdit",
  "WorkspaceEdit",
  "CodeAction",
  "CodeActionKind",
  "CodeLens",
  "SymbolInformation",
  "SymbolKind",
  "DocumentSymbol",
  "FoldingRange",
  "FoldingRangeKind",
  "SelectionRange",
  "SemanticTokens",
  "SemanticTokensLegend",
  "SemanticTokensBuilder",
  "SemanticTokensEdit",
  "SemanticTokensEdits",
  "ProgressLocation",
  "StatusBarAlignment",
  "ConfigurationTarget",
  "RelativePattern",
  "CancellationTokenSource",
  "CancellationError",
  "ThemeIcon",
  "ThemeColor",
  "ViewColumn",
  "ParameterInformation",
  "SignatureInformation",
  "SignatureHelp",
  "DocumentLink",
  "Color",
  "ColorInformation",
  "ColorPresentation",
  "CallHierarchyItem",
  "TypeHierarchyItem",
  "InlayHint",
  "InlayHintKind",
  "InlayHintLabelPart",
  "InlineValueText",
  "InlineValueVariableLookup",
  "InlineValueEvaluatableExpression",
  "InlineCompletionItem",
  "InlineCompletionList",
  "DocumentHighlight",
  "DocumentHighlightKind",
  "LinkedEditingRanges",
  "EndOfLine",
  "IndentAction",
  "LanguageStatusSeverity",
  "NotebookCellKind",
  "NotebookRange",
  "NotebookCellData",
  "NotebookData",
  "NotebookEdit",
  "SnippetTextEdit",
  "DocumentDropEdit",
  "TextEditorRevealType",
  "UIKind",
  "FileType",
  "FileChangeType",
  "CodeActionTriggerKind",
  "SignatureHelpTriggerKind",
  "CompletionTriggerKind",
  "TabInputText",
  "TabInputTextDiff",
  "TabInputNotebook",
  "TabInputNotebookDiff",
  "TabInputCustom",
  "TabInputWebview",
  "TabInputTerminal",
];

/** The properties that must hold real values for the client to work. */
const VALUES: Record<string, unknown> = {
  "vscode.workspace.workspaceFolders": undefined,
  "vscode.workspace.textDocuments": [],
  "vscode.workspace.notebookDocuments": [],
  "vscode.window.visibleTextEditors": [],
  "vscode.window.activeTextEditor": undefined,
  "vscode.window.tabGroups": undefined,
};

export function createVscodeStandIn(): { module: Record<string, unknown>; calls: Call[] } {
  const calls: Call[] = [];
  const standIn = (path: string): unknown =>
    // A function expression, not an arrow: the extension's code extends and constructs these (`class X extends vscode.Y`).
    // biome-ignore lint/complexity/useArrowFunction: an arrow function cannot be a constructor.
    new Proxy(function () {}, {
      get(_, key) {
        const property = `${path}.${String(key)}`;
        if (property in VALUES) return VALUES[property];
        if (key === "then") return undefined; // not a promise
        if (key === Symbol.iterator) return function* () {};
        if (key === Symbol.toPrimitive) return () => path;
        return standIn(property);
      },
      apply(_, __, args) {
        calls.push({ path, args });
        return standIn(`${path}()`);
      },
      construct(_, args) {
        calls.push({ path: `new ${path}`, args });
        return standIn(`new ${path}`) as object;
      },
    });
  const module: Record<string, unknown> = { version: "1.82.0" };
  for (const name of [...NAMESPACES, ...CLASSES_AND_ENUMS]) module[name] = standIn(`vscode.${name}`);
  return { module, calls };
}

/** Runs `load` with `require("vscode")` answering `module`. */
export function withVscodeModule<T>(module: Record<string, unknown>, load: () => T): T {
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === "vscode" ? module : original.call(this, request, ...rest);
  };
  try {
    return load();
  } finally {
    loader._load = original;
  }
}
