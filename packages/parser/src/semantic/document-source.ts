/**
 * The linter's view of a parsed document: its text, its top-level map, its
 * comments, its syntax diagnostics and a way to turn offsets into positions.
 * The one place that knows the shape of `ToolDocument`.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { Comment, MapNode, Position } from "../syntax/ast.ts";
import type { ToolDocument } from "../syntax/document.ts";
import { parse } from "../syntax/parse.ts";

export interface DocumentSource {
  readonly text: string;
  readonly root: MapNode;
  readonly comments: readonly Comment[];
  readonly syntax: readonly Diagnostic[];
  positionAt(offset: number): Position;
}

/**
 * `syntax`: the diagnostics `parse` returned with the document. A caller that
 * kept only the document (the language server) gets them by parsing again.
 */
export function sourceOf(document: ToolDocument, syntax?: readonly Diagnostic[]): DocumentSource {
  return {
    text: document.text,
    root: document.root,
    comments: document.comments,
    syntax: syntax ?? parse(document.text).diagnostics,
    positionAt: (offset) => document.positionAt(offset),
  };
}
