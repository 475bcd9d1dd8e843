/** One analysis per open document version, shared by every request about it. */
import { analyse, type Analysis } from "@hdlp/language-service";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { pathOf } from "./uri.ts";

export class AnalysisCache {
  readonly #byUri = new Map<string, { version: number; analysis: Analysis }>();

  of(document: TextDocument): Analysis {
    const cached = this.#byUri.get(document.uri);
    if (cached && cached.version === document.version) return cached.analysis;
    const analysis = analyse(document.getText(), pathOf(document.uri));
    this.#byUri.set(document.uri, { version: document.version, analysis });
    return analysis;
  }

  forget(uri: string): void {
    this.#byUri.delete(uri);
  }
}
