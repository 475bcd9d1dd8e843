import type { Position, Range } from "../syntax/ast.ts";
import { PARAM_NAME_PATTERN } from "../catalogue/fields.ts";

/** Maps an index in a template's source to its position in the TOOL.hdlp text. */
export type Locate = (index: number) => Position;

/** Positions within the template text itself, for callers without a document (line 0). */
export const locateInSource: Locate = (index) => ({ offset: index, line: 0, character: index });

/** A template written on one line starting at `start` (a plain scalar): offsets map one to one. */
export function locateFrom(start: Position): Locate {
  return (index) => ({ offset: start.offset + index, line: start.line, character: start.character + index });
}

export function span(locate: Locate, from: number, to: number): Range {
  return { start: locate(from), end: locate(to) };
}

/** A defect in a template, with the range to underline and, when obvious, the text that fixes it. */
export interface TemplateProblem {
  readonly message: string;
  readonly range: Range;
  readonly replacement?: string;
}

/** `{name}`: a placeholder names a param. */
export const PLACEHOLDER_NAME = PARAM_NAME_PATTERN;
