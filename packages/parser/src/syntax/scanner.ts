/**
 * The Scanner: text → tokens for the grammar, one instance per parse.
 *
 * Why hand-written: a character's meaning depends on context a regex lexer
 * cannot see cheaply (a plain value runs to the end of the line in a block but
 * stops at `,]}` inside brackets; `|` text runs as long as lines stay
 * indented), and the indentation stack is state that must belong to one parse,
 * never to the module. The Scanner walks the text line by line, keeps that
 * state in its fields, and emits Chevrotain tokens, Python-style:
 *
 *   - Indent / Dedent when a line's indentation goes up / back down,
 *   - one Newline after each line that holds tokens (a `{ … }` spanning lines
 *     emits its Newline on the line where it closes),
 *   - Key, Colon, Dash, scalars and brackets in between.
 *
 * It also collects comments (not tokens: the grammar never sees them) and the
 * lexical diagnostics. Everything that would leave the token stream
 * ill-formed is repaired here, so the grammar always receives balanced
 * Indent/Dedent and brackets: an unclosed `{` is closed by a synthetic `}` at
 * the end of its last line (a following line indented no deeper than the line
 * that opened it ends the brackets), a stray `]` is dropped, and nesting past
 * MAX_NESTING is skipped with one diagnostic. That is what keeps a broken line
 * from hiding the fields after it, and the grammar's recursion bounded.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { LineIndex } from "../text/line-index.ts";
import type { Comment, ErrorNode, Position, ScalarStyle } from "./ast.ts";
import { blockTextValue, readBlockHeader } from "./block-text.ts";
import { closingQuote, readQuoted, type QuotedString } from "./quoted.ts";
import { MAX_NESTING, quoteSource, syntaxDiagnostic, TAB_WIDTH } from "./syntax-diagnostics.ts";
import {
  BlockText,
  Colon,
  Comma,
  Dash,
  Dedent,
  DoubleQuoted,
  Indent,
  Key,
  LCurly,
  LSquare,
  Newline,
  Plain,
  RCurly,
  RSquare,
  SingleQuoted,
  HdlpToken,
} from "./tokens.ts";
import type { TokenType } from "chevrotain";
import type { TokenSource } from "./token-window.ts";

const TAB = 9;
const SPACE = 32;
const HASH = 35;
const DQUOTE = 34;
const SQUOTE = 39;
const COMMA = 44;
const DASH = 45;
const SLASH = 47;
const COLON = 58;
const GT = 62;
const LSQUARE = 91;
const RSQUARE = 93;
const LCURLY = 123;
const PIPE = 124;
const RCURLY = 125;
const BOM = 0xfeff;

export interface ScanResult {
  readonly tokens: HdlpToken[];
  readonly comments: Comment[];
  readonly diagnostics: Diagnostic[];
  readonly errors: ErrorNode[];
}

interface KeyScan {
  readonly start: number;
  readonly end: number;
  readonly value: string;
  readonly style: ScalarStyle;
  readonly colon: number;
}

const isBlank = (c: number): boolean => c === SPACE || c === TAB;

/** Tokens scanned inside brackets before the grammar takes them (see `scanBrackets`). */
export const BRACKET_BATCH = 1024;
/** `scanBrackets` stopped after a batch, before the line's end. */
const STOPPED = -2;

export class Scanner implements TokenSource {
  private readonly text: string;
  private readonly lines: LineIndex;
  /** Tokens out so far; the grammar's window removes those it is done with. */
  readonly tokens: HdlpToken[] = [];
  private readonly comments: Comment[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly errors: ErrorNode[] = [];

  /** The current line, its first offset, where its text starts (after a BOM on line 0) and its end before the break. */
  private line = 0;
  private lineStart = 0;
  private contentStart = 0;
  private lineEnd = 0;
  /** The line of the last token that holds text: a comment on that line is a trailing one. */
  private lastTokenLine = -1;
  /** The end of the text has been scanned (brackets and blocks closed). */
  private ended = false;

  /** Indentation columns of the open blocks; the root's is 0. */
  private readonly indents: number[] = [0];
  private tooDeepReported = false;

  /** Open `{`/`[` tokens, innermost last, and the indentation of the line that opened the outermost. */
  private readonly brackets: HdlpToken[] = [];
  private bracketLineIndent = 0;
  /** End offset of the last token inside brackets: where synthetic closers go. */
  private bracketContentEnd = 0;
  /** While > 0, brackets nested past MAX_NESTING are being skipped. */
  private skipDepth = 0;
  /** Where scanning inside brackets stopped on the current line, to go on from there; -1 when it did not. */
  private resumeAt = -1;
  private skipStart: Position = { offset: 0, line: 0, character: 0 };

  constructor(text: string, lines: LineIndex) {
    this.text = text;
    this.lines = lines;
  }

  /** Scan the whole text. */
  scan(): ScanResult {
    while (this.more());
    return { tokens: this.tokens, comments: this.comments, diagnostics: this.diagnostics, errors: this.errors };
  }

  /**
   * Scan on, a line at a time, until at least one more token is out (the
   * grammar pulls tokens through ./token-window.ts as it needs them); false
   * once the text is done and every token is out. Comments, diagnostics and
   * errors are complete only then.
   */
  more(): boolean {
    const before = this.tokens.length;
    const count = this.lines.lineCount;
    while (this.tokens.length === before) {
      if (this.ended) return false;
      if (this.resumeAt >= 0) {
        this.resumeBrackets();
      } else if (this.line < count) {
        this.enterLine();
        if (!(this.inBrackets() && this.continueBrackets())) this.blockLine();
        if (this.resumeAt < 0) this.line++;
      } else {
        this.end();
      }
    }
    return true;
  }

  /** Go on scanning the current line inside brackets where `scanBrackets` stopped, and end the line as it would have. */
  private resumeBrackets(): void {
    const p = this.resumeAt;
    this.resumeAt = -1;
    const end = this.scanBrackets(p);
    if (end >= 0) {
      this.afterValue(end);
      this.newline();
    }
    if (this.resumeAt < 0) this.line++;
  }

  /** The text is done: close what is still open. */
  private end(): void {
    this.ended = true;
    this.line = this.lines.lineCount - 1;
    this.enterLine();
    if (this.inBrackets()) {
      this.closeAllBrackets();
      this.newlineAt(this.pos(this.bracketContentEnd), true);
    }
    const end = this.pos(this.text.length);
    while (this.indents.length > 1) {
      this.indents.pop();
      this.emit(Dedent, end, end, "");
    }
  }

  // ---- lines and indentation ------------------------------------------------

  private enterLine(): void {
    this.lineStart = this.lines.lineStarts[this.line] as number;
    this.lineEnd = this.lines.lineEnd(this.line);
    this.contentStart = this.line === 0 && this.text.charCodeAt(0) === BOM ? 1 : this.lineStart;
  }

  /** A line in block context: indentation, then `- `, `key:` and a value. */
  private blockLine(): void {
    let p = this.contentStart;
    let column = 0;
    let hasTab = false;
    for (; p < this.lineEnd; p++) {
      const c = this.text.charCodeAt(p);
      if (c === SPACE) column++;
      else if (c === TAB) {
        column += TAB_WIDTH;
        hasTab = true;
      } else break;
    }
    if (p === this.lineEnd) return;
    if (this.text.charCodeAt(p) === HASH) {
      this.comment(p);
      return;
    }
    if (hasTab) this.reportTabs(this.contentStart, p, column);
    if (!this.indentTo(column, p)) {
      this.tooDeep(p, this.lineEnd);
      return;
    }
    this.tooDeepReported = false;
    this.lineContent(p, column);
    if (!this.inBrackets()) this.newline();
  }

  private reportTabs(start: number, end: number, column: number): void {
    const range = { start: this.pos(start), end: this.pos(end) };
    this.diagnostics.push(
      syntaxDiagnostic("tab-indentation", `Indentation must use spaces, not tabs (a tab counts as ${TAB_WIDTH} spaces here).`, range, {
        title: "Replace tabs with spaces",
        edits: [{ range, newText: " ".repeat(column) }],
      }),
    );
  }

  /** Emit Indent/Dedent for a line indented to `column`; false when that would nest too deep. */
  private indentTo(column: number, contentAt: number): boolean {
    const indents = this.indents;
    const top = indents[indents.length - 1] as number;
    if (column > top) return this.pushIndent(column, this.contentStart, contentAt);
    if (column < top) {
      while (indents.length > 1 && (indents[indents.length - 1] as number) > column) {
        const outer = indents[indents.length - 2] as number;
        if (outer < column) {
          // Between two open blocks: most likely a sibling of the lines above, misaligned.
          this.reportMisaligned(column, outer, indents[indents.length - 1] as number, contentAt);
          return true;
        }
        indents.pop();
        this.emitSpan(Dedent, contentAt, contentAt, "", "plain");
      }
    }
    return true;
  }

  private reportMisaligned(column: number, outer: number, inner: number, contentAt: number): void {
    this.diagnostics.push(
      syntaxDiagnostic(
        "syntax",
        `This line is indented ${column} space${column === 1 ? "" : "s"}, which matches no enclosing block (they are at ${outer} and ${inner}); it is read as part of the block at ${inner}.`,
        { start: this.pos(this.contentStart), end: this.pos(contentAt) },
      ),
    );
  }

  private pushIndent(column: number, start: number, end: number): boolean {
    if (this.indents.length + this.brackets.length > MAX_NESTING) return false;
    this.indents.push(column);
    this.emitSpan(Indent, start, end, this.text.slice(start, end), "plain");
    return true;
  }

  private tooDeep(start: number, end: number): void {
    const range = { start: this.pos(start), end: this.pos(end) };
    this.errors.push({ kind: "error", text: this.text.slice(start, end), range });
    if (this.tooDeepReported) return;
    this.tooDeepReported = true;
    this.diagnostics.push(syntaxDiagnostic("nesting-too-deep", `Nesting deeper than ${MAX_NESTING} levels is not supported; this part is skipped.`, range));
  }

  /** After the indentation: any `- ` markers, then `key: value` or a bare value. */
  private lineContent(p: number, column: number): void {
    let lineStartKey = true;
    while (this.isDashAt(p)) {
      this.emitSpan(Dash, p, p + 1, "-", "plain");
      lineStartKey = false;
      const q = this.skipBlanks(p + 1);
      if (q === this.lineEnd) return;
      if (this.text.charCodeAt(q) === HASH) {
        this.comment(q);
        return;
      }
      // `- key: value` and `- - x` open a block at the item's column, as YAML does.
      if (!this.isDashAt(q) && !this.keyAt(q, false)) {
        this.value(q);
        return;
      }
      column += q - p;
      if (!this.pushIndent(column, q, q)) {
        this.tooDeep(q, this.lineEnd);
        return;
      }
      p = q;
    }
    const key = this.keyAt(p, lineStartKey);
    if (!key) {
      this.value(p);
      return;
    }
    // Decode the quoted key again, now reporting its bad escapes.
    if (key.style === "double" || key.style === "single") this.scanQuoted(key.start, true, false);
    this.emitSpan(Key, key.start, key.end, key.value, key.style);
    this.emitSpan(Colon, key.colon, key.colon + 1, ":", "plain");
    this.value(key.colon + 1);
  }

  private isDashAt(p: number): boolean {
    if (this.text.charCodeAt(p) !== DASH) return false;
    return p + 1 === this.lineEnd || isBlank(this.text.charCodeAt(p + 1));
  }

  /**
   * A key starting at `p`, if the line has one: a quoted string or plain text
   * followed by `:` and a blank or the line's end. With `lenient` (a line that
   * starts with a key), `word:value` is read as a key too, and reported.
   */
  private keyAt(p: number, lenient: boolean): KeyScan | undefined {
    const text = this.text;
    const end = this.lineEnd;
    const first = text.charCodeAt(p);
    if (first === DQUOTE || first === SQUOTE) {
      const close = closingQuote(text, p, end);
      if (close < 0) return undefined;
      const colon = this.skipBlanks(close + 1);
      if (text.charCodeAt(colon) !== COLON || !(colon + 1 === end || isBlank(text.charCodeAt(colon + 1)))) return undefined;
      const quoted = this.scanQuoted(p, false, false);
      return { start: p, end: close + 1, value: quoted.value, style: first === DQUOTE ? "double" : "single", colon };
    }
    if (first === HASH || first === LCURLY || first === LSQUARE || first === RCURLY || first === RSQUARE || first === COMMA) return undefined;
    if (first === PIPE || first === GT || first === COLON) return undefined;
    for (let i = p + 1; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === COLON && (i + 1 === end || isBlank(text.charCodeAt(i + 1)))) {
        const keyEnd = this.trimEnd(p, i);
        return { start: p, end: keyEnd, value: text.slice(p, keyEnd), style: "plain", colon: i };
      }
      if (c === HASH && isBlank(text.charCodeAt(i - 1))) break;
    }
    if (!lenient) return undefined;
    // `executor:shell`: a word glued to its value. Not `http://…`, not prose with spaces.
    for (let i = p + 1; i < end; i++) {
      const c = text.charCodeAt(i);
      if (isBlank(c)) return undefined;
      if (c === COLON) {
        const next = text.charCodeAt(i + 1);
        if (next === SLASH || next === COLON) return undefined;
        const range = { start: this.pos(i), end: this.pos(i + 1) };
        this.diagnostics.push(
          syntaxDiagnostic("syntax", "Expected a space after `:`.", range, {
            title: "Insert a space after `:`",
            edits: [{ range: { start: range.end, end: range.end }, newText: " " }],
          }),
        );
        return { start: p, end: i, value: text.slice(p, i), style: "plain", colon: i };
      }
    }
    return undefined;
  }

  // ---- values ---------------------------------------------------------------

  /** A value after `key:` or `- `, in block context. */
  private value(p: number): void {
    p = this.skipBlanks(p);
    if (p === this.lineEnd) return;
    const c = this.text.charCodeAt(p);
    if (c === HASH) {
      this.comment(p);
    } else if (c === DQUOTE || c === SQUOTE) {
      this.afterValue(this.scanQuoted(p, true, true).end);
    } else if (c === LCURLY || c === LSQUARE) {
      this.bracketLineIndent = this.indents[this.indents.length - 1] as number;
      const end = this.scanBrackets(p);
      if (end >= 0) this.afterValue(end);
    } else if (c === PIPE || c === GT) {
      this.blockText(p);
    } else {
      this.blockPlain(p);
    }
  }

  /** A plain value in block context: to the end of the line or a ` #` comment. */
  private blockPlain(p: number): void {
    const text = this.text;
    let i = p + 1;
    for (; i < this.lineEnd; i++) {
      if (text.charCodeAt(i) === HASH && isBlank(text.charCodeAt(i - 1))) break;
    }
    const end = this.trimEnd(p, i);
    const value = text.slice(p, end);
    this.emitScalar(Plain, p, end, value, "plain");
    if (i < this.lineEnd) this.comment(i);
  }

  /** After a complete value: blanks, then a comment or the line's end. */
  private afterValue(p: number): void {
    const q = this.skipBlanks(p);
    if (q === this.lineEnd) return;
    if (this.text.charCodeAt(q) === HASH && q > p) {
      this.comment(q);
      return;
    }
    let end = this.lineEnd;
    for (let i = q + 1; i < end; i++) {
      if (this.text.charCodeAt(i) === HASH && isBlank(this.text.charCodeAt(i - 1))) {
        end = i;
        break;
      }
    }
    const junkEnd = this.trimEnd(q, end);
    this.junk(
      q,
      junkEnd,
      `Unexpected ${quoteSource(this.text.slice(q, junkEnd))} after the value; a line holds one value (to write text that starts with a quote or a bracket, quote all of it).`,
    );
    if (end < this.lineEnd) this.comment(end);
  }

  private junk(start: number, end: number, message: string): void {
    const range = { start: this.pos(start), end: this.pos(end) };
    this.errors.push({ kind: "error", text: this.text.slice(start, end), range });
    this.diagnostics.push(syntaxDiagnostic("syntax", message, range));
  }

  /**
   * A quoted string starting at `p` (see ./quoted.ts). With `report`, bad
   * escapes and a missing quote are reported; with `emit`, the token is emitted.
   */
  private scanQuoted(p: number, report: boolean, emit: boolean): QuotedString {
    const quoted = readQuoted(this.text, p, this.lineEnd);
    const double = this.text.charCodeAt(p) === DQUOTE;
    if (report) {
      for (const problem of quoted.problems) {
        this.diagnostics.push(syntaxDiagnostic("bad-escape", problem.message, { start: this.pos(problem.start), end: this.pos(problem.end) }));
      }
      if (!quoted.terminated) {
        this.diagnostics.push(
          syntaxDiagnostic(
            "unterminated-string",
            `This string has no closing ${double ? '`"`' : "`'`"}; a quoted string must end on the line where it starts.`,
            { start: this.pos(p), end: this.pos(this.lineEnd) },
          ),
        );
      }
    }
    if (emit) this.emitScalar(double ? DoubleQuoted : SingleQuoted, p, quoted.end, quoted.value, double ? "double" : "single");
    return quoted;
  }

  /**
   * `|` or `>` block text: the header, then every following line indented
   * deeper than the block that holds the key (blank lines included).
   */
  private blockText(p: number): void {
    const text = this.text;
    const { folded, chomping, explicitIndent, end: headerEnd } = readBlockHeader(text, p, this.lineEnd);
    const afterHeader = this.skipBlanks(headerEnd);
    if (afterHeader < this.lineEnd) {
      if (text.charCodeAt(afterHeader) === HASH && afterHeader > headerEnd) this.comment(afterHeader);
      else {
        const junkEnd = this.trimEnd(afterHeader, this.lineEnd);
        this.junk(
          afterHeader,
          junkEnd,
          `Unexpected ${quoteSource(text.slice(afterHeader, junkEnd))}: block text starts on the line after \`${text.slice(p, headerEnd)}\`.`,
        );
      }
    }

    const parentIndent = this.indents[this.indents.length - 1] as number;
    let contentIndent = explicitIndent > 0 ? parentIndent + explicitIndent : -1;
    const content: string[] = [];
    /** Blank lines not yet known to be inside the text: what each holds beyond the indentation. */
    const pendingBlank: string[] = [];
    let lastLine = this.line;
    let lastEnd = this.trimEnd(p, headerEnd);
    const count = this.lines.lineCount;
    for (let line = this.line + 1; line < count; line++) {
      const start = this.lines.lineStarts[line] as number;
      const end = this.lines.lineEnd(line);
      let q = start;
      while (q < end && text.charCodeAt(q) === SPACE) q++;
      // A blank line belongs to the text only if content follows (then spaces beyond the
      // text's indentation are part of it, as in YAML); a break after it counts for `+`.
      if (q === end) {
        pendingBlank.push(contentIndent >= 0 ? text.slice(start + contentIndent, end) : "");
        continue;
      }
      const indent = q - start;
      if (contentIndent < 0) {
        if (indent <= parentIndent) break;
        contentIndent = indent;
      }
      if (indent < contentIndent) break;
      for (const blank of pendingBlank) content.push(blank); // (no spread: there may be millions)
      pendingBlank.length = 0;
      content.push(text.slice(start + contentIndent, end));
      lastLine = line;
      lastEnd = end;
    }
    // Blank lines after the block count for `+` only when a line break ends them.
    let trailingBlank = pendingBlank.length;
    if (lastLine + trailingBlank === count - 1 && trailingBlank > 0) trailingBlank--;
    const value = blockTextValue(content, folded, chomping, trailingBlank);
    const startPos = this.pos(p);
    this.line = lastLine;
    this.enterLine();
    this.emit(BlockText, startPos, this.pos(lastEnd), value, folded ? "folded" : "literal");
  }

  // ---- brackets -------------------------------------------------------------

  private inBrackets(): boolean {
    return this.brackets.length > 0 || this.skipDepth > 0;
  }

  /**
   * Tokens inside brackets, from `p` to the closing bracket or the line's end.
   * Returns the offset after the outermost closing bracket, or -1 if brackets
   * are still open at the end of the line, or STOPPED after BRACKET_BATCH
   * tokens, `resumeAt` telling where to go on: the grammar takes those first,
   * so a line of a megabyte of `{ a: 1, … }` is never all its tokens at once.
   */
  private scanBrackets(p: number): number {
    const text = this.text;
    const end = this.lineEnd;
    const stopAt = this.tokens.length + BRACKET_BATCH;
    while (p < end) {
      if (this.tokens.length >= stopAt) {
        this.resumeAt = p;
        return STOPPED;
      }
      const c = text.charCodeAt(p);
      if (c === SPACE || c === TAB) {
        p++;
        continue;
      }
      if (this.skipDepth > 0) {
        p = this.skipNested(p, c);
        if (!this.inBrackets()) return p;
        continue;
      }
      if (c === HASH && (p === this.contentStart || isBlank(text.charCodeAt(p - 1)))) {
        this.comment(p);
        return -1;
      }
      switch (c) {
        case LCURLY:
        case LSQUARE:
          if (this.indents.length + this.brackets.length > MAX_NESTING) {
            this.skipDepth = 1;
            this.skipStart = this.pos(p);
            p++;
            continue;
          }
          this.brackets.push(this.emitPunctuation(c === LCURLY ? LCurly : LSquare, p));
          p++;
          break;
        case RCURLY:
        case RSQUARE:
          this.closeBracket(p, c);
          p++;
          if (this.brackets.length === 0) return p;
          break;
        case COMMA:
          this.emitPunctuation(Comma, p);
          p++;
          break;
        case COLON:
          this.emitPunctuation(Colon, p);
          p++;
          break;
        case DQUOTE:
        case SQUOTE:
          p = this.scanQuoted(p, true, true).end;
          break;
        default:
          p = this.flowPlain(p);
      }
    }
    return -1;
  }

  /** Skipping brackets nested too deep: count them until the skipped one closes. */
  private skipNested(p: number, c: number): number {
    if (c === LCURLY || c === LSQUARE) this.skipDepth++;
    else if (c === RCURLY || c === RSQUARE) this.skipDepth--;
    if (this.skipDepth === 0) this.endSkip(this.pos(p + 1));
    return p + 1;
  }

  private endSkip(end: Position): void {
    this.skipDepth = 0;
    const range = { start: this.skipStart, end };
    this.errors.push({ kind: "error", text: this.text.slice(range.start.offset, end.offset), range });
    this.diagnostics.push(syntaxDiagnostic("nesting-too-deep", `Nesting deeper than ${MAX_NESTING} levels is not supported; this part is skipped.`, range));
    this.bracketContentEnd = end.offset;
  }

  /** A plain scalar inside brackets: stops at `,[]{}`, at `: ` and at ` #`. */
  private flowPlain(p: number): number {
    const text = this.text;
    const end = this.lineEnd;
    let i = p + 1;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === COMMA || c === LSQUARE || c === RSQUARE || c === LCURLY || c === RCURLY) break;
      if (c === HASH && isBlank(text.charCodeAt(i - 1))) break;
      if (c === COLON) {
        const next = text.charCodeAt(i + 1);
        if (i + 1 === end || isBlank(next) || next === COMMA || next === LSQUARE || next === RSQUARE || next === LCURLY || next === RCURLY) break;
      }
    }
    const valueEnd = this.trimEnd(p, i);
    this.emitScalar(Plain, p, valueEnd, text.slice(p, valueEnd), "plain");
    return i;
  }

  private closeBracket(p: number, c: number): void {
    const opener = c === RCURLY ? LCurly : LSquare;
    let match = this.brackets.length - 1;
    while (match >= 0 && (this.brackets[match] as HdlpToken).tokenType !== opener) match--;
    if (match < 0) {
      this.junk(p, p + 1, `Unexpected ${quoteSource(this.text[p] as string)}: no ${c === RCURLY ? "`{`" : "`[`"} is open here.`);
      return;
    }
    const at = this.pos(p);
    while (this.brackets.length - 1 > match) this.closeUnclosed(at);
    this.brackets.pop();
    this.emitPunctuation(c === RCURLY ? RCurly : RSquare, p);
  }

  /** Close the innermost open bracket with a synthetic closer at `at`, reporting the opener. */
  private closeUnclosed(at: Position): void {
    const open = this.brackets.pop() as HdlpToken;
    const curly = open.tokenType === LCurly;
    this.diagnostics.push(
      syntaxDiagnostic(
        "syntax",
        curly ? "This `{` is never closed; add `}` after the map's last entry." : "This `[` is never closed; add `]` after the list's last item.",
        { start: open.start, end: open.end },
      ),
    );
    this.emit(curly ? RCurly : RSquare, at, at, "", "plain", true);
  }

  private closeAllBrackets(): void {
    if (this.skipDepth > 0) this.endSkip(this.pos(this.bracketContentEnd));
    const at = this.pos(this.bracketContentEnd);
    while (this.brackets.length > 0) this.closeUnclosed(at);
  }

  /**
   * A line while brackets are open. It continues them when it is indented
   * deeper than the line that opened them, or starts with a closer;
   * otherwise the author forgot to close them: they are closed, and the line
   * is left for block context (returns false).
   */
  private continueBrackets(): boolean {
    let p = this.contentStart;
    let column = 0;
    for (; p < this.lineEnd; p++) {
      const c = this.text.charCodeAt(p);
      if (c === SPACE) column++;
      else if (c === TAB) column += TAB_WIDTH;
      else break;
    }
    if (p === this.lineEnd) return true;
    const c = this.text.charCodeAt(p);
    if (c === HASH) {
      this.comment(p);
      return true;
    }
    if (column > this.bracketLineIndent || ((c === RCURLY || c === RSQUARE) && this.skipDepth === 0)) {
      const end = this.scanBrackets(p);
      if (end >= 0) {
        this.afterValue(end);
        this.newline();
      }
      return true;
    }
    this.closeAllBrackets();
    this.newlineAt(this.pos(this.bracketContentEnd), true);
    return false;
  }

  // ---- emission -------------------------------------------------------------

  /** Position of an offset on the current line. */
  private pos(offset: number): Position {
    if (offset > this.lineEnd || offset < this.lineStart) return this.lines.positionAt(offset);
    return { offset, line: this.line, character: offset - this.lineStart };
  }

  private skipBlanks(p: number): number {
    while (p < this.lineEnd && isBlank(this.text.charCodeAt(p))) p++;
    return p;
  }

  private trimEnd(start: number, end: number): number {
    while (end > start && isBlank(this.text.charCodeAt(end - 1))) end--;
    return end;
  }

  private comment(p: number): void {
    const end = this.lineEnd;
    this.comments.push({
      text: this.text.slice(p + 1, end),
      range: { start: this.pos(p), end: this.pos(end) },
      trailing: this.lastTokenLine === this.line,
    });
  }

  private newline(): void {
    this.emitSpan(Newline, this.lineEnd, this.lineEnd, "", "plain");
  }

  /** A Newline; `synthetic` when it ends brackets the author left open (it may sit before the line's end). */
  private newlineAt(at: Position, synthetic: boolean): void {
    this.emit(Newline, at, at, "", "plain", synthetic);
  }

  private emitScalar(type: TokenType, start: number, end: number, value: string, style: ScalarStyle): void {
    this.emitSpan(type, start, end, value, style);
    if (this.brackets.length > 0) this.bracketContentEnd = end;
  }

  private emitPunctuation(type: TokenType, p: number): HdlpToken {
    this.bracketContentEnd = p + 1;
    return this.emitSpan(type, p, p + 1, this.text[p] as string, "plain");
  }

  /** A token within the current line: its positions need no search (nor objects of their own). */
  private emitSpan(type: TokenType, start: number, end: number, value: string, style: ScalarStyle): HdlpToken {
    if (start < this.lineStart || end > this.lineEnd) return this.emit(type, this.pos(start), this.pos(end), value, style);
    const line = this.line;
    return this.push(
      new HdlpToken(type, this.image(start, end, value, style), start, end, line, start - this.lineStart, line, end - this.lineStart, value, style, false),
    );
  }

  private emit(type: TokenType, start: Position, end: Position, value: string, style: ScalarStyle = "plain", synthetic = false): HdlpToken {
    const image = this.image(start.offset, end.offset, value, style);
    return this.push(new HdlpToken(type, image, start.offset, end.offset, start.line, start.character, end.line, end.character, value, style, synthetic));
  }

  /** A plain value or key is its own source text: share the string rather than slice it twice. */
  private image(start: number, end: number, value: string, style: ScalarStyle): string {
    const length = end - start;
    return style === "plain" && value.length === length ? value : length === 0 ? "" : this.text.slice(start, end);
  }

  private push(token: HdlpToken): HdlpToken {
    const type = token.tokenType;
    if (type !== Indent && type !== Dedent && type !== Newline) this.lastTokenLine = token.line;
    this.tokens.push(token);
    return token;
  }
}
