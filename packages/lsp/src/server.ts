/**
 * The LSP wiring: documents, capabilities, and one handler per feature.
 *
 * Every feature is a pure function in ./features/ of (analysis, params) → LSP
 * result; this module only finds the document's analysis, honours
 * cancellation and turns an internal exception into an error response, so a
 * request on any text, however broken, answers and the server lives on.
 */
import {
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type Message,
  type ResponseMessage,
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  FoldingRangeRequest,
  HoverRequest,
  LSPErrorCodes,
  ResponseError,
  SelectionRangeRequest,
  SemanticTokensRequest,
  TextDocumentSyncKind,
  TextDocuments,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
// The workspace's one version (scripts/version.mjs writes it into every package.json): hdlp's.
import manifest from "../package.json" with { type: "json" };
import { toolSkeleton } from "@hdlp/parser";
import {
  type Analysis,
  analyse,
  codeActions,
  complete,
  completionTriggerCharacters,
  documentSymbols,
  foldingRanges,
  formatDocument,
  formatRange,
  hover,
  selectionRanges,
  semanticTokens,
  semanticTokensLegend,
} from "@hdlp/language-service";
import { AnalysisCache } from "./analysis-cache.ts";
import { DiagnosticsScheduler } from "./diagnostics-scheduler.ts";
import { ToolsWorkspace } from "./workspace.ts";
import { checkParams, type ParamPart } from "./params.ts";
import { readSettings, type Settings } from "./settings.ts";

/** Answers a request cancelled while still queued, instead of running it. */
export function cancelUndispatchedRequest(message: Message): ResponseMessage | undefined {
  const id = (message as { id?: number | string }).id;
  if (id === undefined) return undefined;
  return { jsonrpc: "2.0", id, error: { code: LSPErrorCodes.RequestCancelled, message: "Request cancelled before it ran." } };
}

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const analyses = new AnalysisCache();
  let settings: Settings = readSettings(undefined);
  let workspaceFolders: string[] = [];
  let clientWatchesFiles = false;
  let clientHasConfiguration = false;

  const workspace = new ToolsWorkspace({
    openDocuments: () => documents.all().map((d) => ({ uri: d.uri, text: d.getText() })),
    log: (message) => connection.console.log(message),
  });
  const scheduler = new DiagnosticsScheduler({
    documents,
    analyses,
    workspace,
    publish: (params) => void connection.sendDiagnostics(params),
    log: (message) => connection.console.error(message),
  });

  /** The analysis of an open document, or an error response naming the document. */
  function analysisOf(uri: string): Analysis {
    const document = documents.get(uri);
    if (!document) throw new ResponseError(ErrorCodes.InvalidParams, `Document not open: ${uri}`);
    return analyses.of(document);
  }

  /**
   * Runs one feature: params that are not of the shape the request has
   * (`parts`) answer InvalidParams, cancelled requests answer
   * RequestCancelled, and an internal exception becomes an error response plus
   * a log line, never a dead server.
   */
  function guarded<P, R>(method: string, parts: readonly ParamPart[], run: (params: P) => R) {
    return (params: P, token: CancellationToken): R | ResponseError<void> => {
      if (token.isCancellationRequested) return cancelled();
      try {
        const result = run(checkParams<P>(method, params, parts));
        return token.isCancellationRequested ? cancelled() : result;
      } catch (error) {
        if (error instanceof ResponseError) return error as ResponseError<void>;
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        connection.console.error(`hdlp: ${method} failed: ${detail}`);
        return new ResponseError(ErrorCodes.InternalError, `hdlp ${method} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    workspaceFolders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
    settings = readSettings(params.initializationOptions);
    clientWatchesFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    clientHasConfiguration = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: completionTriggerCharacters, resolveProvider: false },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        semanticTokensProvider: { legend: semanticTokensLegend, full: true, range: false },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: "hdlp-language-server", version: manifest.version },
    };
  });

  connection.onInitialized(() =>
    settle("starting", async () => {
      // Build the grammar (Chevrotain's self-analysis) and warm the linter while the editor is still
      // starting, so the first file opened does not pay for it.
      void analyse(toolSkeleton({ name: "warm-up", created: "2026-01-01" })).diagnostics;
      if (clientHasConfiguration) {
        void settle("registering for settings", () => connection.client.register(DidChangeConfigurationNotification.type, undefined));
        settings = await fetchSettings();
      }
      if (clientWatchesFiles) {
        void settle("registering file events", () =>
          connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/TOOL.hdlp" }] }),
        );
      }
      followWorkspaceFolders();
      rescanTools();
    }),
  );

  /** Runs background work (no request to answer): a failure is logged, never an unhandled rejection. */
  async function settle(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      connection.console.error(`hdlp: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  function followWorkspaceFolders(): void {
    try {
      connection.workspace.onDidChangeWorkspaceFolders((event) =>
        settle("reading the new workspace folders", async () => {
          const removed = new Set(event.removed.map((f) => f.uri));
          workspaceFolders = [...workspaceFolders.filter((f) => !removed.has(f)), ...event.added.map((f) => f.uri)];
          rescanTools();
        }),
      );
    } catch {
      // The client does not send workspace folder changes: the folders stay as initialize gave them.
    }
  }

  async function fetchSettings(): Promise<Settings> {
    try {
      return readSettings(await connection.workspace.getConfiguration("hdlp"), settings);
    } catch (error) {
      connection.console.error(`hdlp: reading settings failed: ${String(error)}`);
      return settings;
    }
  }

  /** Reads the tools folders again (start, settings, workspace folders changed) and re-lints. */
  function rescanTools(): void {
    workspace.setRoots(settings.toolsRoot, workspaceFolders);
    connection.console.log(`hdlp: tools folders: ${workspace.roots.join(", ") || "(none)"}`);
    // No file events from the editor: watch the tools folders ourselves.
    if (!clientWatchesFiles) workspace.watch(() => scheduler.scheduleAll());
    scheduler.scheduleAll();
  }

  connection.onDidChangeConfiguration((change) =>
    settle("applying the new settings", async () => {
      settings = clientHasConfiguration ? await fetchSettings() : readSettings((change.settings as { hdlp?: unknown } | undefined)?.hdlp, settings);
      rescanTools();
    }),
  );

  connection.onDidChangeWatchedFiles((change) => {
    for (const event of change.changes) workspace.fileChanged(event.uri);
    scheduler.scheduleAll();
  });

  documents.onDidChangeContent((event) => scheduler.schedule(event.document.uri));
  documents.onDidClose((event) => {
    analyses.forget(event.document.uri);
    scheduler.closed(event.document.uri);
    // Its text on disk counts again for the cross-file rules.
    workspace.fileChanged(event.document.uri);
  });

  // Registered with onRequest, not onHover and the like: those read the params (for progress tokens,
  // which no feature uses) before the handler runs, and answered params of the wrong shape with an
  // internal error.
  const DOCUMENT = ["textDocument"] as const;
  const AT = ["textDocument", "position"] as const;
  connection.onRequest(
    CompletionRequest.type,
    guarded("textDocument/completion", AT, (params) => complete(analysisOf(params.textDocument.uri), params.position, { today: new Date() })),
  );
  connection.onRequest(
    HoverRequest.type,
    guarded("textDocument/hover", AT, (params) => hover(analysisOf(params.textDocument.uri), params.position)),
  );
  connection.onRequest(
    CodeActionRequest.type,
    guarded("textDocument/codeAction", ["textDocument", "range", "context"], (params) => codeActions(analysisOf(params.textDocument.uri), params)),
  );
  connection.onRequest(
    DocumentFormattingRequest.type,
    guarded("textDocument/formatting", ["textDocument", "options"], (params) => formatDocument(analysisOf(params.textDocument.uri))),
  );
  connection.onRequest(
    DocumentRangeFormattingRequest.type,
    guarded("textDocument/rangeFormatting", ["textDocument", "range", "options"], (params) => formatRange(analysisOf(params.textDocument.uri), params.range)),
  );
  connection.onRequest(
    DocumentSymbolRequest.type,
    guarded("textDocument/documentSymbol", DOCUMENT, (params) => documentSymbols(analysisOf(params.textDocument.uri))),
  );
  connection.onRequest(
    FoldingRangeRequest.type,
    guarded("textDocument/foldingRange", DOCUMENT, (params) => foldingRanges(analysisOf(params.textDocument.uri))),
  );
  connection.onRequest(
    SelectionRangeRequest.type,
    guarded("textDocument/selectionRange", ["textDocument", "positions"], (params) => selectionRanges(analysisOf(params.textDocument.uri), params.positions)),
  );
  connection.onRequest(
    SemanticTokensRequest.type,
    guarded("textDocument/semanticTokens/full", DOCUMENT, (params) => semanticTokens(analysisOf(params.textDocument.uri))),
  );

  connection.onShutdown(() => {
    scheduler.dispose();
    workspace.dispose();
  });

  documents.listen(connection);
  connection.listen();
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, "Request cancelled.");
}
