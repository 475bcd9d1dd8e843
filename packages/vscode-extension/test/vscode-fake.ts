/**
 * A fake of the few `vscode` APIs the commands call, written to their
 * documented contract (@types/vscode 1.82): VS Code itself cannot be
 * downloaded here. It records what the commands show and run, answers input
 * boxes from a queue, and hands opened documents to `onOpen` — a test wires
 * that to the real language server and feeds its diagnostics back through
 * `publishDiagnostics`. As in VS Code, opening a document already open
 * (`openDocuments`) hands nothing to the server again.
 */
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface FakeDiagnostic {
  severity: number;
  message: string;
}

class FakeUri {
  constructor(readonly fsPath: string) {}
  readonly scheme = "file";
  static file(path: string): FakeUri {
    return new FakeUri(path);
  }
  toString(): string {
    return pathToFileURL(this.fsPath).href;
  }
}

type Listener<T> = (event: T) => void;

export const fake = {
  workspaceFolder: "",
  configuration: {} as Record<string, unknown>,
  /** What showInputBox answers, in order; undefined: the user pressed Escape. */
  inputs: [] as (string | undefined)[],
  /** The validateInput of each input box shown. */
  validators: [] as ((value: string) => string | undefined)[],
  messages: [] as { level: "info" | "warning" | "error"; text: string }[],
  shown: [] as string[],
  executed: [] as string[],
  files: [] as string[],
  onOpen: async (_uri: string, _text: string): Promise<void> => {},
  /** The URIs of the documents open in the editor. */
  openDocuments: [] as string[],
  diagnostics: new Map<string, FakeDiagnostic[]>(),
  listeners: [] as Listener<{ uris: FakeUri[] }>[],

  reset(): void {
    Object.assign(fake, { configuration: {}, inputs: [], validators: [], messages: [], shown: [], executed: [], files: [], listeners: [], openDocuments: [] });
    fake.diagnostics = new Map();
    fake.onOpen = async () => {};
  },

  publishDiagnostics(uri: string, diagnostics: FakeDiagnostic[]): void {
    fake.diagnostics.set(uri, diagnostics);
    for (const listener of [...fake.listeners]) listener({ uris: [new FakeUri(new URL(uri).pathname)] });
  },
};

const disposable = (dispose: () => void = () => {}) => ({ dispose });

export const vscode = {
  Uri: FakeUri,
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  window: {
    showInputBox: async (options: { validateInput?: (value: string) => string | undefined }) => {
      if (options.validateInput) fake.validators.push(options.validateInput);
      return fake.inputs.shift();
    },
    showInformationMessage: async (text: string) => void fake.messages.push({ level: "info", text }),
    showWarningMessage: async (text: string) => void fake.messages.push({ level: "warning", text }),
    showErrorMessage: async (text: string) => void fake.messages.push({ level: "error", text }),
    showTextDocument: async (uri: FakeUri) => void fake.shown.push(uri.fsPath),
    withProgress: async <T>(_options: unknown, task: () => Promise<T>) => task(),
  },
  workspace: {
    get workspaceFolders() {
      return fake.workspaceFolder ? [{ uri: FakeUri.file(fake.workspaceFolder), name: "workspace", index: 0 }] : undefined;
    },
    getConfiguration: (section: string) => ({ get: <T>(key: string) => fake.configuration[`${section}.${key}`] as T | undefined }),
    findFiles: async () => fake.files.map((path) => FakeUri.file(path)),
    get textDocuments() {
      return fake.openDocuments.map((uri) => ({ uri: FakeUri.file(fileURLToPath(uri)) }));
    },
    openTextDocument: async (uri: FakeUri) => {
      if (!fake.openDocuments.includes(uri.toString())) {
        fake.openDocuments.push(uri.toString());
        await fake.onOpen(uri.toString(), await readFile(uri.fsPath, "utf8"));
      }
      return { uri };
    },
    asRelativePath: (path: string) => relative(fake.workspaceFolder, path),
  },
  languages: {
    onDidChangeDiagnostics: (listener: Listener<{ uris: FakeUri[] }>) => {
      fake.listeners.push(listener);
      return disposable(() => fake.listeners.splice(fake.listeners.indexOf(listener), 1));
    },
    getDiagnostics: (uri: FakeUri) => fake.diagnostics.get(uri.toString()) ?? [],
  },
  commands: {
    executeCommand: async (command: string) => void fake.executed.push(command),
  },
};
