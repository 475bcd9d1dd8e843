/**
 * Lines of a text and the conversion between offsets and positions.
 *
 * A line ends at LF, CRLF or a lone CR (the three breaks the LSP counts), so
 * the positions we hand out agree with the editor's. Offsets and characters
 * are UTF-16 code units, as JavaScript strings and the LSP count them.
 */
import type { Position, Range } from "../syntax/ast.ts";

const LF = 10;
const CR = 13;

export class LineIndex {
  /** Offset of the first character of each line; `lineStarts[0]` is 0. */
  readonly lineStarts: readonly number[];
  readonly text: string;

  constructor(text: string) {
    this.text = text;
    this.lineStarts = text.includes("\r") ? anyBreakStarts(text) : lfStarts(text);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Offset just past the last character of `line`, before its line break. */
  lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    if (next === undefined) return this.text.length;
    return this.text.charCodeAt(next - 1) === LF && this.text.charCodeAt(next - 2) === CR ? next - 2 : next - 1;
  }

  /** Offset where the next line starts (the text's length for the last line). */
  nextLineStart(line: number): number {
    return this.lineStarts[line + 1] ?? this.text.length;
  }

  /**
   * The line break the text uses, as what it writes should: its first line's
   * (LF, CRLF or CR), or LF for a text of one line.
   */
  lineBreak(): string {
    return this.lineStarts.length > 1 ? this.text.slice(this.lineEnd(0), this.lineStarts[1]) : "\n";
  }

  /** The line containing `offset` (binary search); offsets are clamped to the text. */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /**
   * The position of `offset`, clamped to [0, text.length]. An offset inside a
   * CRLF pair is moved to the end of its line, as the LSP requires.
   */
  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(Math.trunc(offset) || 0, this.text.length));
    const line = this.lineOf(clamped);
    const start = this.lineStarts[line] as number;
    const at = Math.min(clamped, this.lineEnd(line));
    return { offset: at, line, character: at - start };
  }

  /** The range from `startOffset` to `endOffset`, each as `positionAt` makes it. */
  rangeOf(startOffset: number, endOffset: number): Range {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset) };
  }

  /**
   * The offset of a line and character. A character past the end of its line
   * means the end of that line; a line past the last means the end of the text.
   */
  offsetAt(position: { readonly line: number; readonly character: number }): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line] as number;
    return Math.max(start, Math.min(start + Math.max(0, position.character), this.lineEnd(position.line)));
  }
}

/** Line starts of a text whose only break is LF: indexOf searches natively, where a loop would test each character in JavaScript. */
function lfStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

function anyBreakStarts(text: string): number[] {
  const starts = [0];
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) starts.push(i + 1);
    else if (c === CR) {
      if (text.charCodeAt(i + 1) === LF) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}
