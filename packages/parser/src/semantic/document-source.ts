/**
 * The linter's view of a parsed document: its text and lines, its top-level
 * map, its comments, its syntax diagnostics. The one place that knows the
 * shape of `ToolDocument`.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { Comment, MapNode, Range } from "../syntax/ast.ts";
import type { ToolDocument } from "../syntax/document.ts";
import { parse } from "../syntax/parse.ts";
import type { LineIndex } from "../text/line-index.ts";

export interface DocumentSource {
  readonly text: string;
  /** The document's lines (LF, CRLF and CR alike): where fixes find line starts and the line break to write. */
  readonly lines: LineIndex;
  readonly root: MapNode;
  readonly comments: readonly Comment[];
  readonly syntax: readonly Diagnostic[];
  rangeOf(startOffset: number, endOffset: number): Range;
}

/**
 * `syntax`: the diagnostics `parse` returned with the document. A caller that
 * kept only the document (the language server) gets them by parsing again.
 */
export function sourceOf(document: ToolDocument, syntax?: readonly Diagnostic[]): DocumentSource {
  return {
    text: document.text,
    lines: document.lines,
    root: document.root,
    comments: document.comments,
    syntax: syntax ?? parse(document.text).diagnostics,
    rangeOf: (startOffset, endOffset) => document.rangeOf(startOffset, endOffset),
  };
}
