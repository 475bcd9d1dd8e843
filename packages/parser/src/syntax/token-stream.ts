/**
 * TokenStream: the Scanner's tokens, scanned as the grammar asks for them.
 *
 * Why not scan everything first: a 10 MB file makes over a million tokens,
 * and a token vector holding them all keeps every one alive until the parse
 * ends. The young-generation collector then copies each token twice (to the
 * survivor space, then to the old heap), which took more than half of the
 * parse time of a large file. Scanned a line at a time and dropped once the
 * grammar has passed them, tokens die young, where collecting them is nearly
 * free, and a large file parses at the same speed per byte as a small one.
 *
 * Indexes are absolute (the grammar's position in the whole stream); only a
 * window of them is held.
 */
import type { LineIndex } from "../text/line-index.ts";
import { Scanner, type ScanResult } from "./scanner.ts";
import type { HdlpToken } from "./tokens.ts";

/** Tokens kept behind the one asked for (the grammar looks back one: `LA(0)`). */
const KEEP_BEHIND = 16;
/** Passed tokens are dropped in batches, so the window's shift is rare and short. */
const DROP_BATCH = 1024;

export class TokenStream {
  /** Tokens from absolute index `base` on. The Scanner appends to it. */
  private readonly window: HdlpToken[] = [];
  private base = 0;
  /** The earliest index the grammar may return to (a state Chevrotain's recovery saved): nothing from it on is dropped. */
  private keepFrom = Infinity;
  private readonly scanner: Scanner;
  private done = false;

  constructor(text: string, lines: LineIndex) {
    this.scanner = new Scanner(text, lines, this.window);
  }

  /** The token at absolute `index`, scanning on as needed; undefined before the first and past the last. */
  at(index: number): HdlpToken | undefined {
    if (index - this.base >= this.window.length && !this.done) {
      this.dropBefore(index - KEEP_BEHIND);
      while (index - this.base >= this.window.length && this.scanner.scanLine());
      this.done = index - this.base >= this.window.length;
    }
    return this.window[index - this.base];
  }

  /** The grammar may come back to `index` (Chevrotain saves its state to retry after an error). */
  keep(index: number): void {
    this.keepFrom = Math.min(this.keepFrom, Math.max(index, 0));
  }

  /** Scan the rest of the text: the number of tokens in the whole stream. */
  finish(): number {
    while (this.scanner.scanLine());
    this.done = true;
    return this.base + this.window.length;
  }

  /** The comments, diagnostics and error nodes of the whole text (its tokens: only the window). */
  result(): ScanResult {
    this.finish();
    return this.scanner.result();
  }

  private dropBefore(index: number): void {
    const count = Math.min(index, this.keepFrom) - this.base;
    if (count < DROP_BATCH) return;
    this.window.splice(0, count);
    this.base += count;
  }
}
