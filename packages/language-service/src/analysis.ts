/**
 * One parse and one lint per document version, shared by every feature.
 */
import { parse, lint, toolFolder, type Diagnostic, type ParseResult, type ToolDocument } from "@hdlp/parser";

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
    folder: path === undefined ? undefined : toolFolder(path),
    // Completion and hover need only the tree; lint runs when diagnostics or code actions ask.
    get diagnostics() {
      return (diagnostics ??= lint(parsed, path === undefined ? {} : { path }));
    },
  };
}
