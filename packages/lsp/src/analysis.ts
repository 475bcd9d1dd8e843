/**
 * One parse and one lint per document version, shared by every feature.
 */
import { basename, dirname } from "node:path";
import { parse, lint, type Diagnostic, type ParseResult, type ToolDocument } from "@hdlp/parser";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { pathOf, TOOL_FILE } from "./uri.ts";

/** What every feature reads: the text, its tree, and `hdlp lint`'s diagnostics for it alone. */
export interface Analysis {
  readonly text: string;
  readonly document: ToolDocument;
  /** The tree with the parser's syntax diagnostics, as the linter takes it. */
  readonly parsed: ParseResult;
  /** Syntax and single-file rules, exactly as `hdlp lint` reports them (computed on first use). */
  readonly diagnostics: readonly Diagnostic[];
  /** The file's path, for a document saved on disk. */
  readonly path: string | undefined;
  /** The folder of a `<folder>/TOOL.hdlp`: the name its tool should have. */
  readonly folder: string | undefined;
}

export function analyse(text: string, path?: string): Analysis {
  const parsed = parse(text);
  let diagnostics: readonly Diagnostic[] | undefined;
  return {
    text,
    document: parsed.document,
    parsed,
    path,
    folder: path !== undefined && basename(path) === TOOL_FILE ? basename(dirname(path)) : undefined,
    // Completion and hover need only the tree; lint runs when diagnostics or code actions ask.
    get diagnostics() {
      return (diagnostics ??= lint(parsed, path === undefined ? {} : { path }));
    },
  };
}

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
