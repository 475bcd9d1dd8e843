/**
 * Publishes `hdlp lint`'s diagnostics for open documents.
 *
 * No timer for a document's own diagnostics: a change schedules its document
 * for the next turn of the event loop, so a burst of changes already queued
 * on the connection is read first and linted once, and a lone keystroke is
 * answered at once (the bench shows a delay would only add latency). A
 * document in a tools folder also gets the cross-file rules, and a change to
 * it re-lints the other open tools, whose cross-file findings may have
 * changed with it. intent-collision, which reads every tool of the folder
 * through the matcher, is checked once edits pause (./collision-check.ts):
 * until it is known for the folder as it is, the open tools are published
 * without it, and when a check ends they are published again with it.
 */
import type { PublishDiagnosticsParams, TextDocuments } from "vscode-languageserver";
import type { Diagnostic, ParseResult } from "@hdlp/parser";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { toLspDiagnostic } from "@hdlp/language-service";
import type { AnalysisCache } from "./analysis-cache.ts";
import { CollisionCheck } from "./collision-check.ts";
import type { ToolsWorkspace } from "./workspace.ts";

export interface SchedulerHooks {
  readonly documents: TextDocuments<TextDocument>;
  readonly analyses: AnalysisCache;
  readonly workspace: ToolsWorkspace;
  readonly publish: (params: PublishDiagnosticsParams) => void;
  readonly log: (message: string) => void;
}

export class DiagnosticsScheduler {
  readonly #hooks: SchedulerHooks;
  readonly #pending = new Set<string>();
  readonly #collisions: CollisionCheck;
  #armed: NodeJS.Immediate | undefined;

  constructor(hooks: SchedulerHooks) {
    this.#hooks = hooks;
    this.#collisions = new CollisionCheck({
      ...hooks,
      checked: () => {
        this.#scheduleTools();
        this.#arm();
      },
    });
  }

  schedule(uri: string): void {
    this.#pending.add(uri);
    if (this.#hooks.workspace.includes(uri)) this.#scheduleTools();
    this.#arm();
  }

  /** Every open document (the tools folders or the settings changed). */
  scheduleAll(): void {
    for (const document of this.#hooks.documents.all()) this.#pending.add(document.uri);
    this.#arm();
  }

  closed(uri: string): void {
    this.#pending.delete(uri);
    this.#hooks.publish({ uri, diagnostics: [] });
    if (this.#hooks.workspace.includes(uri)) {
      this.#scheduleTools();
      this.#arm();
    }
  }

  dispose(): void {
    this.#collisions.dispose();
  }

  #scheduleTools(): void {
    for (const document of this.#hooks.documents.all()) if (this.#hooks.workspace.includes(document.uri)) this.#pending.add(document.uri);
  }

  #arm(): void {
    this.#armed ??= setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#armed = undefined;
    const uris = [...this.#pending];
    this.#pending.clear();
    const { documents, analyses, workspace } = this.#hooks;
    // The tools among them are linted together, once, with the rest of their folder.
    let folder = new Map<string, Diagnostic[]>();
    try {
      const tools = new Map<string, ParseResult>();
      for (const uri of uris) {
        const document = documents.get(uri);
        if (document && workspace.includes(uri)) tools.set(uri, analyses.of(document).parsed);
      }
      if (tools.size > 0) {
        const collisions = this.#collisions.current();
        folder = workspace.lintTools(tools, collisions);
        if (collisions === undefined) this.#collisions.request();
      }
    } catch (error) {
      this.#failed("the tools folder", error);
    }
    for (const uri of uris) {
      const document = documents.get(uri);
      if (!document) continue;
      try {
        const diagnostics = folder.get(uri) ?? analyses.of(document).diagnostics;
        this.#hooks.publish({ uri, version: document.version, diagnostics: diagnostics.map(toLspDiagnostic) });
      } catch (error) {
        this.#failed(uri, error);
      }
    }
  }

  #failed(what: string, error: unknown): void {
    this.#hooks.log(`hdlp: linting ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
