/**
 * intent-collision for the open tools, off the edit path. A tool's own
 * diagnostics are published at once; this check starts once edits pause
 * (COLLISION_DELAY_MS after the last request), runs in steps between which
 * the server goes on answering the editor, and is dropped at its next step
 * when the folder changed under it (a newer check is then requested). Its
 * findings hold for the folder as it read it: its stamp, the versions of the
 * open tools and the workspace's revision, which anything that changes a
 * tool moves.
 *
 * Between checks it keeps each tool file's model (made again only when its
 * text changes) and the matcher's reading of each tool (CollisionChecker),
 * so a check after an edit reads the edited tool alone.
 */
import { CollisionChecker, type CollisionFile } from "@hdlp/match";
import type { Diagnostic } from "@hdlp/parser";
import type { TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { AnalysisCache } from "./analysis-cache.ts";
import type { ToolsWorkspace } from "./workspace.ts";

/** How long edits must pause before a check starts. */
export const COLLISION_DELAY_MS = 300;

export interface CollisionHooks {
  readonly documents: TextDocuments<TextDocument>;
  readonly analyses: AnalysisCache;
  readonly workspace: ToolsWorkspace;
  /** A check finished: `current()` has its findings. */
  readonly checked: () => void;
  readonly log: (message: string) => void;
}

export class CollisionCheck {
  readonly #hooks: CollisionHooks;
  /** Keeps each tool file's model and the matcher's reading of it between checks. */
  readonly #checker = new CollisionChecker();
  #result: { stamp: string; findings: ReadonlyMap<string, readonly Diagnostic[]> } | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The stamp of the check under way. */
  #running: string | undefined;

  constructor(hooks: CollisionHooks) {
    this.#hooks = hooks;
  }

  /** The findings by display path, when they were worked out from the folder as it is now. */
  current(): ReadonlyMap<string, readonly Diagnostic[]> | undefined {
    return this.#result !== undefined && this.#result.stamp === this.#stamp() ? this.#result.findings : undefined;
  }

  /** A check once edits pause: a pending one waits again. */
  request(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(), COLLISION_DELAY_MS);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #run(): Promise<void> {
    this.#timer = undefined;
    const stamp = this.#stamp();
    if (this.#running === stamp || this.#result?.stamp === stamp) return;
    this.#running = stamp;
    const steps = this.#steps();
    try {
      let step = steps.next();
      while (!step.done) {
        await new Promise((resolve) => setImmediate(resolve));
        // Stale: whatever changed the folder requested a newer check.
        if (this.#stamp() !== stamp) return void steps.return(new Map());
        step = steps.next();
      }
      this.#result = { stamp, findings: step.value };
      this.#hooks.checked();
    } catch (error) {
      this.#hooks.log(`hdlp: checking intent-collision failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    } finally {
      if (this.#running === stamp) this.#running = undefined;
    }
  }

  /** The check's steps over the tools folder as it is now (open tools with their editor text and parse). */
  #steps(): Generator<void, Map<string, Diagnostic[]>, void> {
    const { documents, analyses, workspace } = this.#hooks;
    const asked = new Set<string>();
    const files = workspace.files().map((file): CollisionFile => {
      const path = workspace.displayPath(file.path);
      const document = documents.get(file.uri);
      if (document === undefined) return { path, text: file.text };
      asked.add(path);
      // An open tool's parse is the one its own diagnostics came from.
      return { path, text: file.text, parsed: analyses.of(document).parsed };
    });
    return this.#checker.fileSteps(files, asked);
  }

  #stamp(): string {
    const { documents, workspace } = this.#hooks;
    const open = documents
      .all()
      .filter((document) => workspace.includes(document.uri))
      .map((document) => `${document.uri}@${document.version}`)
      .sort();
    return [workspace.revision, ...open].join(" ");
  }
}
