/**
 * The smallest set of whole-line edits turning one text into another (Myers'
 * O(ND) diff over lines), so formatting moves the cursor and the undo history
 * only where something changed, and range formatting can keep the hunks that
 * touch the range.
 */
import type { Range, TextEdit } from "vscode-languageserver-types";

/** Beyond this many differing lines, one edit spans from the first to the last difference. */
const MAX_EDIT_DISTANCE = 4000;

export function lineEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const a = splitLines(before);
  const b = splitLines(after);
  // Common head and tail first: formatting usually touches little.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const hunks = diffMiddle(a.slice(head, a.length - tail), b.slice(head, b.length - tail)).map((h) => ({
    aStart: h.aStart + head,
    aEnd: h.aEnd + head,
    bStart: h.bStart + head,
    bEnd: h.bEnd + head,
  }));
  return hunks.map((h) => ({ range: linesRange(a, before, h.aStart, h.aEnd), newText: b.slice(h.bStart, h.bEnd).join("") }));
}

interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/** Lines with their terminators (LF, CRLF or a lone CR, as LSP counts lines), so joining them gives the text back. */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n|\r(?!\n))/);
  return lines.length === 1 && lines[0] === "" ? [] : lines;
}

function linesRange(lines: readonly string[], text: string, start: number, end: number): Range {
  return { start: lineStart(lines, text, start), end: lineStart(lines, text, end) };
}

/** Where line `index` starts; past the last line, the end of the text. */
function lineStart(lines: readonly string[], text: string, index: number): Range["start"] {
  if (index < lines.length || /[\r\n]$/.test(text) || lines.length === 0) return { line: index, character: 0 };
  const last = lines[lines.length - 1]!;
  return { line: lines.length - 1, character: last.length };
}

function diffMiddle(a: readonly string[], b: readonly string[]): Hunk[] {
  if (a.length === 0 && b.length === 0) return [];
  if (a.length === 0 || b.length === 0) return [{ aStart: 0, aEnd: a.length, bStart: 0, bEnd: b.length }];
  const trace = myersTrace(a, b);
  if (!trace) return [{ aStart: 0, aEnd: a.length, bStart: 0, bEnd: b.length }];
  return hunksFromTrace(trace, a.length, b.length);
}

/** The V arrays of each step of Myers' greedy search, or undefined when the texts differ too much. */
function myersTrace(a: readonly string[], b: readonly string[]): Int32Array[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return trace;
    }
  }
  return undefined;
}

function hunksFromTrace(trace: Int32Array[], n: number, m: number): Hunk[] {
  const offset = (trace[0]!.length - 3) / 2 + 1;
  // Walk back from (n, m), recording each edit step, then merge adjacent steps into hunks.
  const steps: { x: number; y: number; kind: "delete" | "insert" }[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (down) steps.push({ x: prevX, y: prevY, kind: "insert" });
    else steps.push({ x: prevX, y: prevY, kind: "delete" });
    x = prevX;
    y = prevY;
  }
  steps.reverse();
  const hunks: Hunk[] = [];
  for (const step of steps) {
    const aEnd = step.kind === "delete" ? step.x + 1 : step.x;
    const bEnd = step.kind === "insert" ? step.y + 1 : step.y;
    const last = hunks[hunks.length - 1];
    if (last && last.aEnd === step.x && last.bEnd === step.y) {
      last.aEnd = aEnd;
      last.bEnd = bEnd;
    } else hunks.push({ aStart: step.x, aEnd, bStart: step.y, bEnd });
  }
  return hunks;
}
