/**
 * The formatter: one canonical layout, the seed's own example (formatting it
 * changes nothing).
 *
 *   - top-level fields in catalogue order (unknown fields after, as written);
 *     param keys and constraints in catalogue order too; params as declared;
 *   - two spaces per level; `key: value` with one space;
 *   - each param on one line as a flow map, `{ type: string, … }`, when that
 *     line fits in MAX_WIDTH columns (a CJK character counts two) and holds
 *     no comment; otherwise as an indented block;
 *   - scalars exactly as written (quotes, escapes), block text re-indented;
 *   - comments kept where they were (before an entry, or after its value),
 *     one blank line kept where the author left one or more;
 *   - the file's BOM and line breaks (LF, CRLF or CR) kept, one final line break.
 *
 * A file with syntax errors is refused, never guessed at: formatting it could
 * lose what the parser could not read. And every result is checked before it
 * is returned (same values, same comments, still no syntax error), so a bug
 * here refuses a file rather than damaging it.
 */
import { CONSTRAINT_KEYS, FIELDS, PARAM_KEYS } from "../catalogue/fields.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { Comment, Entry, ErrorNode, Key, ListNode, MapNode, Scalar, Value } from "../syntax/ast.ts";
import type { ToolDocument } from "../syntax/document.ts";
import { readBlockHeader } from "../syntax/block-text.ts";
import { parse } from "../syntax/parse.ts";
import type { LineIndex } from "../text/line-index.ts";
import { displayWidth } from "./width.ts";

/** The widest a one-line param may be, in columns, indentation included. */
export const MAX_WIDTH = 100;

const INDENT = "  ";

export type FormatResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string; readonly diagnostics: readonly Diagnostic[] };

export class FormatError extends Error {
  override readonly name = "FormatError";
  constructor(
    message: string,
    readonly diagnostics: readonly Diagnostic[],
  ) {
    super(message);
  }
}

/** Canonical text, or a FormatError saying why the file cannot be formatted safely. */
export function format(text: string): string {
  const result = formatText(text);
  if (!result.ok) throw new FormatError(result.reason, result.diagnostics);
  return result.text;
}

/** `format` without the throw: what editors and `hdlp fmt` call. */
export function formatText(text: string): FormatResult {
  const parsed = parse(text);
  const errors = parsed.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    const first = errors[0]!;
    return {
      ok: false,
      reason: `it has ${errors.length === 1 ? "a syntax error" : `${errors.length} syntax errors`} (line ${first.range.start.line + 1}: ${first.message.replace(/\.$/, "")}); fix ${errors.length === 1 ? "it" : "them"} first`,
      diagnostics: errors,
    };
  }
  const { document } = parsed;
  const output = new Printer(document).document(document.root);
  const problem = verify(document.root, document.comments, output);
  return problem
    ? { ok: false, reason: `the formatter could not keep ${problem}; the file is left as it is (please report this)`, diagnostics: [] }
    : { ok: true, text: output };
}

// ---------------------------------------------------------------- ordering

const byCatalogue = (order: readonly string[]) => (entries: readonly Entry[]) => {
  const rank = (e: Entry) => {
    const i = order.indexOf(e.key.text);
    return i < 0 ? order.length : i;
  };
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
    .map((x) => x.entry);
};

const ROOT_ORDER = byCatalogue(FIELDS.map((f) => f.name));
const PARAM_ORDER = byCatalogue(PARAM_KEYS.map((k) => k.name));
const CONSTRAINT_ORDER = byCatalogue(CONSTRAINT_KEYS.map((k) => k.name));
const AS_WRITTEN = (entries: readonly Entry[]) => entries;

/** Where a map sits decides how its entries are ordered and whether it may be one line. */
type Place = "root" | "params" | "param" | "constraints" | "other";

function orderOf(place: Place) {
  return place === "root" ? ROOT_ORDER : place === "param" ? PARAM_ORDER : place === "constraints" ? CONSTRAINT_ORDER : AS_WRITTEN;
}

function childPlace(place: Place, key: string): Place {
  if (place === "root") return key === "params_schema" ? "params" : key === "constraints" ? "constraints" : "other";
  if (place === "params") return "param";
  // An array's `items` is ordered as a param is; an object's `properties` holds fields written as params are.
  if (place === "param") return key === "items" ? "param" : key === "properties" ? "params" : "other";
  return "other";
}

// ---------------------------------------------------------------- printing

/** A value as one line, and the comment to print after it. */
interface Inline {
  readonly text: string;
  readonly comment: Comment | undefined;
  /** Comments inside the value that cannot stay on its line. */
  readonly before: readonly Comment[];
}

class Printer {
  readonly #text: string;
  readonly #lineIndex: LineIndex;
  readonly #comments: readonly Comment[];
  readonly #used = new Set<Comment>();
  readonly #eol: string;
  readonly #lines: string[] = [];
  /** Lines up to here stay whatever follows: the empty lines ending `|+` text are part of its value. */
  #pinned = 0;
  /** The `- ` of a list item whose map or list starts on the dash's line: taken by the next entry or item printed. */
  #dash: string | undefined;
  readonly #trailingByLine = new Map<number, Comment>();
  #afterHeader: Entry | undefined;

  constructor(document: ToolDocument) {
    this.#text = document.text;
    this.#lineIndex = document.lines;
    this.#comments = document.comments;
    for (const comment of this.#comments) if (comment.trailing) this.#trailingByLine.set(comment.range.start.line, comment);
    this.#eol = document.lines.lineBreak();
  }

  document(root: MapNode): string {
    // Comments at the very top, set apart from the first entry by an empty line, head the file.
    const first = root.entries[0];
    if (first) {
      const above = this.#ownLineComments(0, first.range.start.offset);
      const lastHeader = above.findLastIndex((_comment, i) => this.#hadBlankBefore((above[i + 1] ?? first).range.start.offset));
      if (lastHeader >= 0) {
        for (const comment of above.slice(0, lastHeader + 1)) this.#comment(comment, 0, true);
        this.#blankLine();
        this.#afterHeader = first; // the empty line above it was the header's
      }
    }
    this.#blockEntries(root, 0, "root", 0);
    // Comments after the last entry (or in a file with none) close the file.
    for (const comment of this.#ownLineComments(0, this.#text.length)) this.#comment(comment, 0, true);
    while (this.#lines.length > this.#pinned && this.#lines.at(-1) === "") this.#lines.pop();
    const body = this.#lines.length === 0 ? "" : this.#lines.join(this.#eol) + this.#eol;
    // A BOM is kept; and a first line that starts with U+FEFF (a key's own first character, once
    // further down) gets one before it, or it would be read as the BOM and lost from the key.
    return this.#text.charCodeAt(0) === 0xfeff || body.charCodeAt(0) === 0xfeff ? `\ufeff${body}` : body;
  }

  /** One empty line, unless the output starts here, already ends with one, or ends with `|+` text (it would join its value). */
  #blankLine(): void {
    if (this.#lines.length > this.#pinned && this.#lines.at(-1) !== "") this.#lines.push("");
  }

  #source(node: { readonly range: { readonly start: { readonly offset: number }; readonly end: { readonly offset: number } } }): string {
    return this.#text.slice(node.range.start.offset, node.range.end.offset);
  }

  /** Index of the first comment starting at or after `offset` (comments are in text order). */
  #firstCommentFrom(offset: number): number {
    let low = 0;
    let high = this.#comments.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#comments[middle]!.range.start.offset < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Own-line comments not yet printed that start within [from, to). */
  #ownLineComments(from: number, to: number): Comment[] {
    const found: Comment[] = [];
    for (let i = this.#firstCommentFrom(from); i < this.#comments.length; i++) {
      const c = this.#comments[i]!;
      if (c.range.start.offset >= to) break;
      if (!c.trailing && !this.#used.has(c)) found.push(c);
    }
    return found;
  }

  /** The trailing comment on `line`, if one is left. */
  #trailing(line: number): string {
    const comment = this.#trailingByLine.get(line);
    if (!comment || this.#used.has(comment)) return "";
    this.#used.add(comment);
    return ` #${comment.text}`;
  }

  #comment(comment: Comment, level: number, blankBefore: boolean): void {
    if (blankBefore && this.#hadBlankBefore(comment.range.start.offset)) this.#blankLine();
    this.#lines.push(`${INDENT.repeat(level)}#${comment.text}`);
    this.#used.add(comment);
  }

  /** Whether `offset` begins its line and the author left an empty line just above it. */
  #hadBlankBefore(offset: number): boolean {
    const lines = this.#lineIndex;
    const line = lines.lineOf(offset);
    if (line === 0 || this.#text.slice(lines.lineStarts[line], offset).trim() !== "") return false;
    return this.#text.slice(lines.lineStarts[line - 1], lines.lineEnd(line - 1)).trim() === "";
  }

  /** Where the next entry or item line at `level` starts: its indentation, or a list item's pending `- `. */
  #head(level: number): string {
    const head = this.#dash ?? INDENT.repeat(level);
    this.#dash = undefined;
    return head;
  }

  /** The entries of a block map, one per line at `level`, each with its comments. */
  #blockEntries(map: MapNode, level: number, place: Place, regionStart: number): void {
    // Leading comments are found in the source order, before reordering moves entries.
    const leading = new Map<Entry, Comment[]>();
    let from = regionStart;
    for (const entry of map.entries) {
      leading.set(entry, this.#ownLineComments(from, entry.range.start.offset));
      from = entry.range.end.offset;
    }
    const ordered = orderOf(place)(map.entries);
    ordered.forEach((entry, index) => {
      const comments = leading.get(entry)!;
      const first = comments[0]?.range.start.offset ?? entry.range.start.offset;
      if (index > 0 && entry !== this.#afterHeader && this.#hadBlankBefore(first)) this.#blankLine();
      for (const comment of comments) this.#comment(comment, level, false);
      this.#entry(entry, level, childPlace(place, entry.key.text));
    });
  }

  #entry(entry: Entry, level: number, place: Place): void {
    const keyLine = `${this.#head(level)}${this.#key(entry.key, false)}:`;
    const value = entry.value;
    if (value === null) {
      this.#lines.push(`${keyLine}${this.#trailing(entry.key.range.start.line)}`);
      return;
    }
    if (value.kind === "scalar") {
      this.#scalarEntry(keyLine, value, level, this.#columnOf(entry.key.range.start.offset));
      return;
    }
    const inline = this.#layout(entry, value, keyLine, place);
    if (inline !== undefined) {
      this.#lines.push(`${keyLine} ${this.#print(inline, level)}`);
      return;
    }
    this.#lines.push(`${keyLine}${this.#trailing(entry.key.range.start.line)}`);
    if (value.kind === "map") this.#blockEntries(value, level + 1, place, entry.key.range.end.offset);
    else if (value.kind === "list") this.#blockItems(value.items, level + 1, entry.key.range.end.offset);
  }

  /**
   * The one-line form of a map or list value, or undefined for the block
   * layout: one line always when empty; never for `params_schema` and
   * `constraints` themselves; for a param when it fits; elsewhere as the author
   * chose (flow stays flow). And one line whatever the place when the value
   * holds a scalar that would read differently on a block line of its own.
   */
  #layout(entry: Entry, value: MapNode | ListNode | ErrorNode, keyLine: string, place: Place): Inline | undefined {
    if (value.kind === "error") return undefined;
    const from = entry.key.range.end.offset;
    const order = place === "param" ? PARAM_ORDER : AS_WRITTEN;
    const empty = value.kind === "map" ? value.entries.length === 0 : value.items.length === 0;
    if (empty || !this.#blockable(value)) return this.#inline(value, order, from, true);
    if (place === "params" || place === "constraints") return undefined;
    if (place === "param") {
      const inline = this.#inline(value, order, from);
      return inline !== undefined && displayWidth(`${keyLine} ${inline.text}`) <= MAX_WIDTH ? inline : undefined;
    }
    return value.style === "flow" ? this.#inline(value, order, from) : undefined;
  }

  /** Whether each scalar of the map or list (not deeper) reads the same on a block line of its own. */
  #blockable(value: MapNode | ListNode): boolean {
    if (value.kind === "map") return value.entries.every((e) => e.value?.kind !== "scalar" || e.value.style !== "plain" || readsSameAsBlockValue(e.value.raw));
    return value.items.every((item) => item.kind !== "scalar" || item.style !== "plain" || readsSameAsBlockItem(item.raw));
  }

  #blockItems(items: readonly Value[], level: number, regionStart: number): void {
    let from = regionStart;
    for (const item of items) {
      for (const comment of this.#ownLineComments(from, item.range.start.offset)) this.#comment(comment, level, false);
      from = item.range.end.offset;
      const dash = this.#dashBefore(item.range.start.offset);
      if (item.kind === "scalar") {
        this.#scalarEntry(`${this.#head(level)}-`, item, level, this.#columnOf(dash));
        continue;
      }
      if (item.kind === "error") continue;
      const empty = item.kind === "map" ? item.entries.length === 0 : item.items.length === 0;
      const forced = empty || !this.#blockable(item);
      const inline = forced || item.style === "flow" ? this.#inline(item, AS_WRITTEN, dash, forced) : undefined;
      if (inline !== undefined) {
        const printed = this.#print(inline, level);
        this.#lines.push(`${this.#head(level)}- ${printed}`);
        continue;
      }
      // A block map or list as the item: its first line goes on the dash's line, the rest under it. What
      // was written between the dash and that line (comments) goes before the dash's line.
      const dashLine = this.#lineIndex.lineOf(dash);
      const trailing = this.#trailingByLine.get(dashLine);
      const head = this.#head(level);
      if (trailing && !this.#used.has(trailing) && trailing.range.start.offset < item.range.start.offset) this.#comment(trailing, level, false);
      for (const comment of this.#ownLineComments(dash, item.range.start.offset)) this.#comment(comment, level, false);
      this.#dash = `${head}- `;
      if (item.kind === "map") this.#blockEntries(item, level + 1, "other", item.range.start.offset);
      else this.#blockItems(item.items, level + 1, item.range.start.offset);
    }
  }

  /** The column of `offset` as the scanner counts it: from the line's start, after a BOM on the first line. */
  #columnOf(offset: number): number {
    const line = this.#lineIndex.lineOf(offset);
    const start = this.#lineIndex.lineStarts[line]!;
    return offset - (line === 0 && this.#text.charCodeAt(0) === 0xfeff ? start + 1 : start);
  }

  /** The offset of the `-` before a list item that starts at `offset`. */
  #dashBefore(offset: number): number {
    let dash = offset;
    while (dash > 0 && this.#text[dash] !== "-") dash--;
    return dash;
  }

  /**
   * `head` and a scalar. Block text keeps its header and its lines as they are
   * relative to each other, moved to one level deeper than `head` (with an
   * explicit indentation, `|2`, to that many columns past `head`, as it was
   * past the block holding it, at `parentColumn`). Its lines are read as the
   * scanner reads them (syntax/scanner.ts, blockText): indentation is spaces
   * only, the content's is that of the first line holding more than spaces,
   * and a line of only spaces keeps, as text, those past it. For `|+` the
   * empty lines after the text are part of its value, so exactly as many are kept.
   */
  #scalarEntry(head: string, scalar: Scalar, level: number, parentColumn: number): void {
    if (scalar.style !== "literal" && scalar.style !== "folded") {
      this.#lines.push(`${head} ${scalar.raw}${this.#trailing(scalar.range.end.line)}`);
      return;
    }
    const lines = this.#lineIndex;
    const first = scalar.range.start.line;
    const header = this.#text.slice(scalar.range.start.offset, lines.lineEnd(first));
    this.#lines.push(`${head} ${header.trimEnd()}`);
    // The header's own trailing comment is part of `header`; trailing comments elsewhere cannot occur in block text.
    const headerComment = this.#trailingByLine.get(first);
    if (headerComment) this.#used.add(headerComment);

    const { chomping, explicitIndent } = readBlockHeader(header, 0, header.length);
    const body: string[] = [];
    for (let line = first + 1; line <= scalar.range.end.line; line++) body.push(this.#text.slice(lines.lineStarts[line], lines.lineEnd(line)));
    const spacesBefore = (line: string) => line.length - line.replace(/^ +/, "").length;
    const firstText = body.findIndex((line) => spacesBefore(line) < line.length);
    const indentWas = explicitIndent > 0 ? parentColumn + explicitIndent : firstText < 0 ? 0 : spacesBefore(body[firstText]!);
    const indent = " ".repeat(explicitIndent > 0 ? INDENT.length * level + explicitIndent : INDENT.length * (level + 1));
    body.forEach((line, index) => {
      // Before the first line of text the indentation is not known yet: what those lines hold is no text.
      const text = explicitIndent === 0 && index < firstText ? "" : line.slice(indentWas);
      this.#lines.push(text === "" ? "" : indent + text);
    });
    if (chomping === "keep") {
      // The value ends with the text's own line break (when it has text), then one per empty line after it:
      // those lines are pinned, so nothing adds to them or drops them.
      const blank = trailingBreaks(scalar.value) - (body.length > 0 ? 1 : 0);
      for (let i = 0; i < blank; i++) this.#lines.push("");
      this.#pinned = this.#lines.length;
    }
  }

  /** A key as written, or double-quoted when as written it would read as something else where it goes. */
  #key(key: Key, flow: boolean): string {
    const written = this.#source(key);
    const quoted = written.startsWith('"') || written.startsWith("'");
    // In brackets a key follows `{ ` or `, `, where a `#` would start a comment.
    if (quoted || (flow ? readsSameInFlow(written) && !written.startsWith("#") : readsSameAsBlockKey(written))) return written;
    return JSON.stringify(key.text);
  }

  /**
   * A map or list as one line, with the one comment it may keep (a trailing
   * comment on the key's line or on its own last line, printed after it), or
   * undefined when it holds another comment, or block text. `from`: where the
   * entry's key (or the item's dash) is: a comment after it belongs to the
   * value. `forced`: the value has no other layout (it is empty, or would
   * read differently in a block): comments it cannot keep on its line go on
   * lines of their own before it.
   */
  #inline(value: Value, order: (entries: readonly Entry[]) => readonly Entry[], from: number, forced = false): Inline | undefined {
    const text = this.#flow(value, order);
    if (text === undefined) return undefined;
    const lines = this.#lineIndex;
    const keyLine = lines.lineOf(from);
    const lastLine = value.range.end.line;
    const inside: Comment[] = [];
    for (let i = this.#firstCommentFrom(from + 1); i < this.#comments.length && this.#comments[i]!.range.start.line <= lastLine; i++) {
      if (!this.#used.has(this.#comments[i]!)) inside.push(this.#comments[i]!);
    }
    const beside = (c: Comment) => c.trailing && (c.range.start.line === keyLine || c.range.start.line === lastLine);
    const after = inside.findLast(beside);
    if (!forced && inside.length > (after ? 1 : 0)) return undefined;
    return { text, comment: after, before: inside.filter((c) => c !== after) };
  }

  /** An inline value as printed, after it the comment it keeps, before it (on lines at `level`) those it cannot. */
  #print(inline: Inline, level: number): string {
    for (const comment of inline.before) this.#comment(comment, level, false);
    if (!inline.comment) return inline.text;
    this.#used.add(inline.comment);
    return `${inline.text} #${inline.comment.text}`;
  }

  #flow(value: Value, order: (entries: readonly Entry[]) => readonly Entry[] = AS_WRITTEN): string | undefined {
    switch (value.kind) {
      case "scalar":
        if (value.style === "literal" || value.style === "folded") return undefined;
        return value.style === "plain" && !readsSameInFlow(value.raw) ? undefined : value.raw;
      case "error":
        return undefined;
      case "list": {
        const items = value.items.map((item) => this.#flow(item));
        if (!items.every((i) => i !== undefined)) return undefined;
        // After `, ` a `#` would start a comment: an item that starts with one follows the comma at once.
        return `[${items.map((item, i) => (i === 0 ? item : item.startsWith("#") ? `,${item}` : `, ${item}`)).join("")}]`;
      }
      case "map": {
        if (value.entries.length === 0) return "{}";
        const parts = order(value.entries).map((e) => {
          const inner = e.value === null ? "" : this.#flow(e.value);
          if (inner === undefined) return undefined;
          // After `: ` a `#` would start a comment; right after the colon it needs a quoted key, or the colon is text.
          if (inner.startsWith("#")) return `${JSON.stringify(e.key.text)}:${inner}`;
          return `${this.#key(e.key, true)}:${inner === "" ? "" : ` ${inner}`}`;
        });
        return parts.every((p) => p !== undefined) ? `{ ${parts.join(", ")} }` : undefined;
      }
    }
  }
}

// How plain text reads in each place the formatter may put it (syntax/scanner.ts decides):
// inside brackets, `,[]{}` end it, as do `: ` and ` #`, and a leading `:` is punctuation
// (flowPlain; a leading `#` is text only right after a bracket, comma or colon). On a
// block line, a value starting with `#"'{[|>` is a comment, a string, brackets or block
// text, and ` #` starts a comment (value); a list item is also not `- …` nor `key: …`
// (lineContent); and a key does not start with `#{[]},|>:"'` nor `- ` (keyAt).

function readsSameInFlow(raw: string): boolean {
  return !/^:|[,[\]{}]|[ \t]#|:(?=[ \t,[\]{}]|$)/.test(raw);
}

function readsSameAsBlockValue(raw: string): boolean {
  return !/^[#"'{[|>]|[ \t]#/.test(raw);
}

function readsSameAsBlockItem(raw: string): boolean {
  return readsSameAsBlockValue(raw) && !/^-(?:[ \t]|$)|:(?=[ \t]|$)/.test(raw);
}

function readsSameAsBlockKey(raw: string): boolean {
  return !/^[#{[\]},|>:"']|^-(?:[ \t]|$)|[ \t]#|:(?=[ \t]|$)/.test(raw);
}

/** How many line breaks `value` ends with. */
function trailingBreaks(value: string): number {
  let count = 0;
  while (value.charCodeAt(value.length - 1 - count) === 10) count++;
  return count;
}

// ---------------------------------------------------------------- the check

/** The values of a tree, without layout: what formatting must not change. */
function meaning(value: Value | null, place: Place): unknown {
  if (value === null) return null;
  switch (value.kind) {
    case "scalar":
      return [value.style === "plain" ? "plain" : "quoted", value.value];
    case "error":
      return ["error", value.text];
    case "list":
      return value.items.map((item) => meaning(item, "other"));
    case "map":
      return orderOf(place)(value.entries).map((e) => [e.key.text, meaning(e.value, childPlace(place, e.key.text))]);
  }
}

const commentTexts = (list: readonly Comment[]) =>
  list
    .map((c) => c.text.trimEnd())
    .sort()
    .join("\n");

/** What the output lost or broke, if anything, as a phrase for the refusal. */
function verify(root: MapNode, comments: readonly Comment[], after: string): string | undefined {
  const reparsed = parse(after);
  if (reparsed.diagnostics.some((d) => d.severity === "error")) return "the file readable";
  if (JSON.stringify(meaning(root, "root")) !== JSON.stringify(meaning(reparsed.document.root, "root"))) return "every value as written";
  if (commentTexts(comments) !== commentTexts(reparsed.document.comments)) return "every comment";
  return undefined;
}
