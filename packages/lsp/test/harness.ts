/**
 * An editor in miniature: spawns the real `hdlp-language-server --stdio` and
 * talks LSP to it over the process's pipes, as VS Code does. Used by the
 * end-to-end tests and by bench/lsp.bench.ts.
 *
 * Which server the tests drive is SERVER_COMMAND: the one of node_modules/.bin
 * (the bundle in packages/cli/dist/, of the `hdlp` package) unless HDLP_LANGUAGE_SERVER names another, e.g.
 * the `dist/server.js` bundled in the .vsix (vitest.config.ts's `vsix` project
 * runs this whole suite that way).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node.js";
import {
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
} from "vscode-languageserver-protocol";

export const SERVER_BIN = fileURLToPath(new URL("../../../node_modules/.bin/hdlp-language-server", import.meta.url));

/**
 * The command that starts the server under test, without its transport flag.
 * HDLP_LANGUAGE_SERVER is a path: a JavaScript file runs with this Node (as the
 * VS Code client runs the bundled server), anything else is executed itself.
 */
export const SERVER_COMMAND: readonly string[] = serverCommand(process.env.HDLP_LANGUAGE_SERVER || SERVER_BIN);

function serverCommand(path: string): string[] {
  return /\.[cm]?js$/.test(path) ? [process.execPath, path] : [path];
}

export interface ClientOptions {
  /** The command line; SERVER_COMMAND with `--stdio` by default. */
  readonly command?: readonly string[];
  readonly workspaceFolder?: string;
  readonly initializationOptions?: unknown;
  /** Answers the server's workspace/configuration requests, section by section. */
  readonly configuration?: Record<string, unknown>;
  /** Announce dynamic registration of watched files (the server then relies on our file events). */
  readonly watchesFiles?: boolean;
}

interface DiagnosticsWaiter {
  readonly uri: string;
  readonly minVersion: number;
  readonly resolve: (diagnostics: Diagnostic[]) => void;
}

export class LspClient {
  readonly connection: MessageConnection;
  readonly process: ChildProcessWithoutNullStreams;
  /** The last diagnostics published per uri, with the version they are for. */
  readonly diagnostics = new Map<string, { version: number | undefined; diagnostics: Diagnostic[] }>();
  /** Every publishDiagnostics, in the order received. */
  readonly published: PublishDiagnosticsParams[] = [];
  /** Everything the server wrote to stderr or logged through window/logMessage. */
  readonly log: string[] = [];
  /** The server's answer to `initialize`. */
  initializeResult!: InitializeResult;
  readonly #versions = new Map<string, number>();
  #waiters: DiagnosticsWaiter[] = [];
  #exited: Promise<number | null>;

  private constructor(child: ChildProcessWithoutNullStreams, options: ClientOptions) {
    this.process = child;
    this.#exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => this.log.push(chunk));
    this.connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params: PublishDiagnosticsParams) => {
      this.published.push(params);
      this.diagnostics.set(params.uri, { version: params.version, diagnostics: params.diagnostics });
      const ready = this.#waiters.filter((w) => w.uri === params.uri && (params.version ?? Infinity) >= w.minVersion);
      this.#waiters = this.#waiters.filter((w) => !ready.includes(w));
      for (const waiter of ready) waiter.resolve(params.diagnostics);
    });
    this.connection.onNotification("window/logMessage", (params: { message: string }) => this.log.push(params.message));
    this.connection.onRequest("workspace/configuration", (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section ? (options.configuration?.[item.section] ?? null) : null)),
    );
    this.connection.onRequest("client/registerCapability", () => null);
    this.connection.onRequest("client/unregisterCapability", () => null);
    this.connection.listen();
  }

  static async start(options: ClientOptions = {}): Promise<LspClient> {
    const [command, ...args] = options.command ?? [...SERVER_COMMAND, "--stdio"];
    const child = spawn(command!, args, { stdio: "pipe" });
    const client = new LspClient(child, options);
    const folder = options.workspaceFolder;
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: folder ? pathToFileURL(folder).href : null,
      workspaceFolders: folder ? [{ uri: pathToFileURL(folder).href, name: "workspace" }] : null,
      initializationOptions: options.initializationOptions,
      capabilities: {
        workspace: {
          configuration: options.configuration !== undefined,
          didChangeWatchedFiles: { dynamicRegistration: options.watchesFiles === true },
          workspaceFolders: true,
        },
        textDocument: {
          synchronization: { dynamicRegistration: false },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ["markdown", "plaintext"] } },
          hover: { contentFormat: ["markdown", "plaintext"] },
          publishDiagnostics: { versionSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix", "source.fixAll"] } } },
        },
      },
    };
    client.initializeResult = await client.connection.sendRequest(InitializeRequest.type, params);
    await client.connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  version(uri: string): number {
    return this.#versions.get(uri) ?? 0;
  }

  async open(uri: string, text: string, languageId = "hdlp"): Promise<void> {
    this.#versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Applies changes (incremental or whole) and returns the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = this.version(uri) + 1;
    this.#versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
    return version;
  }

  async close(uri: string): Promise<void> {
    this.#versions.delete(uri);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** The diagnostics published for `uri` at version ≥ `minVersion` (the current one by default). */
  diagnosticsFor(uri: string, minVersion = this.version(uri)): Promise<Diagnostic[]> {
    const last = this.diagnostics.get(uri);
    if (last && (last.version ?? Infinity) >= minVersion) return Promise.resolve(last.diagnostics);
    return new Promise((resolve) => this.#waiters.push({ uri, minVersion, resolve }));
  }

  /**
   * The next diagnostics published for `uri`, whatever is already there; with
   * `minVersion`, the next ones for that version or later (or without a version).
   */
  nextDiagnostics(uri: string, minVersion = -Infinity): Promise<Diagnostic[]> {
    return new Promise((resolve) => this.#waiters.push({ uri, minVersion, resolve }));
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /** Whether the process is still running (it did not crash). */
  get alive(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  async stop(): Promise<number | null> {
    if (this.alive) {
      try {
        await Promise.race([this.connection.sendRequest(ShutdownRequest.type), delay(5000)]);
        await this.connection.sendNotification(ExitNotification.type);
      } catch {
        // Already gone.
      }
      const timer = setTimeout(() => this.process.kill("SIGKILL"), 5000);
      const code = await this.#exited;
      clearTimeout(timer);
      this.connection.dispose();
      return code;
    }
    this.connection.dispose();
    return this.#exited;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
