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
 *   - the file's BOM and line breaks (LF or CRLF) kept, one final line break.
 *
 * A file with syntax errors is refused, never guessed at: formatting it could
 * lose what the parser could not read. And every result is checked before it
 * is returned (same values, same comments, still no syntax error), so a bug
 * here refuses a file rather than damaging it.
 */
import { CONSTRAINT_KEYS, FIELDS, PARAM_KEYS } from "../catalogue/fields.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { Comment, Entry, ErrorNode, ListNode, MapNode, Scalar, Value } from "../syntax/ast.ts";
import { parse } from "../syntax/parse.ts";
import { displayWidth } from "./width.ts";

/** The widest a one-line param may be, in columns, indentation included. */
export const MAX_WIDTH = 100;

const INDENT = "  ";

export type FormatResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string; readonly diagnostics: readonly Diagnostic[] };

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
    return { ok: false, reason: `it has ${errors.length === 1 ? "a syntax error" : `${errors.length} syntax errors`} (line ${first.range.start.line + 1}: ${first.message.replace(/\.$/, "")}); fix ${errors.length === 1 ? "it" : "them"} first`, diagnostics: errors };
  }
  const output = new Printer(text, parsed.document.comments).document(parsed.document.root);
  const problem = verify(parsed.document.root, parsed.document.comments, output);
  return problem ? { ok: false, reason: `the formatter could not keep ${problem}; the file is left as it is (please report this)`, diagnostics: [] } : { ok: true, text: output };
}

// ---------------------------------------------------------------- ordering

const byCatalogue = (order: readonly string[]) => (entries: readonly Entry[]) => {
  const rank = (e: Entry) => {
    const i = order.indexOf(e.key.text);
    return i < 0 ? order.length : i;
  };
  return entries.map((entry, index) => ({ entry, index })).sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index).map((x) => x.entry);
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

class Printer {
  readonly #text: string;
  readonly #comments: readonly Comment[];
  readonly #used = new Set<Comment>();
  readonly #eol: string;
  readonly #lines: string[] = [];
  readonly #trailingByLine = new Map<number, Comment>();
  #afterHeader: Entry | undefined;

  constructor(text: string, comments: readonly Comment[]) {
    this.#text = text;
    this.#comments = comments;
    for (const comment of comments) if (comment.trailing) this.#trailingByLine.set(comment.range.start.line, comment);
    const firstBreak = text.search(/\r\n|\n|\r/);
    this.#eol = firstBreak >= 0 && text.startsWith("\r\n", firstBreak) ? "\r\n" : "\n";
  }

  document(root: MapNode): string {
    // Comments at the very top, set apart from the first entry by an empty line, head the file.
    const first = root.entries[0];
    if (first) {
      const above = this.#ownLineComments(0, first.range.start.offset);
      const lastHeader = above.findLastIndex((_comment, i) => this.#hadBlankBefore((above[i + 1] ?? first).range.start.offset));
      if (lastHeader >= 0) {
        for (const comment of above.slice(0, lastHeader + 1)) this.#comment(comment, 0, true);
        this.#lines.push("");
        this.#afterHeader = first; // the empty line above it was the header's
      }
    }
    this.#blockEntries(root, 0, "root", 0);
    // Comments after the last entry (or in a file with none) close the file.
    for (const comment of this.#ownLineComments(0, this.#text.length)) this.#comment(comment, 0, true);
    const bom = this.#text.charCodeAt(0) === 0xfeff ? "\ufeff" : "";
    while (this.#lines.at(-1) === "") this.#lines.pop();
    return this.#lines.length === 0 ? bom : bom + this.#lines.join(this.#eol) + this.#eol;
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

  /** Whether a comment starts strictly inside (start, end). */
  #hasCommentWithin(start: number, end: number): Comment | undefined {
    const c = this.#comments[this.#firstCommentFrom(start + 1)];
    return c && c.range.start.offset < end ? c : undefined;
  }

  /** The trailing comment on `line`, if one is left. */
  #trailing(line: number): string {
    const comment = this.#trailingByLine.get(line);
    if (!comment || this.#used.has(comment)) return "";
    this.#used.add(comment);
    return ` #${comment.text}`;
  }

  #comment(comment: Comment, level: number, blankBefore: boolean): void {
    if (blankBefore && this.#hadBlankBefore(comment.range.start.offset) && this.#lines.length > 0) this.#lines.push("");
    this.#lines.push(`${INDENT.repeat(level)}#${comment.text}`);
    this.#used.add(comment);
  }

  /** Whether `offset` begins its line and the author left an empty line just above it. */
  #hadBlankBefore(offset: number): boolean {
    const lineStart = this.#text.lastIndexOf("\n", offset - 1);
    if (lineStart <= 0 || this.#text.slice(lineStart + 1, offset).trim() !== "") return false;
    const previousStart = this.#text.lastIndexOf("\n", lineStart - 1) + 1;
    return this.#text.slice(previousStart, lineStart).trim() === "";
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
      if (index > 0 && entry !== this.#afterHeader && this.#hadBlankBefore(first)) this.#lines.push("");
      for (const comment of comments) this.#comment(comment, level, false);
      this.#entry(entry, level, childPlace(place, entry.key.text));
    });
  }

  #entry(entry: Entry, level: number, place: Place): void {
    const keyLine = `${INDENT.repeat(level)}${this.#source(entry.key)}:`;
    const value = entry.value;
    if (value === null) {
      this.#lines.push(`${keyLine}${this.#trailing(entry.key.range.start.line)}`);
      return;
    }
    if (value.kind === "scalar") {
      this.#scalarEntry(keyLine, value, level);
      return;
    }
    const inline = this.#inlineLayout(value, keyLine, place);
    if (inline !== undefined) {
      this.#lines.push(`${keyLine} ${inline}${this.#trailing(value.range.end.line)}`);
      return;
    }
    this.#lines.push(`${keyLine}${this.#trailing(entry.key.range.start.line)}`);
    if (value.kind === "map") this.#blockEntries(value, level + 1, place, entry.key.range.end.offset);
    else if (value.kind === "list") this.#blockItems(value.items, level + 1, entry.key.range.end.offset);
  }

  /**
   * The one-line form of a map or list value, when it gets one: always when
   * empty; never for `params_schema` and `constraints` themselves; for a param
   * when it fits; elsewhere as the author chose (flow stays flow).
   */
  #inlineLayout(value: MapNode | ListNode | ErrorNode, keyLine: string, place: Place): string | undefined {
    if (value.kind === "error") return undefined;
    const empty = value.kind === "map" ? value.entries.length === 0 : value.items.length === 0;
    if (empty) return value.kind === "map" ? "{}" : "[]";
    if (place === "params" || place === "constraints") return undefined;
    const inline = this.#inline(value, place === "param" ? PARAM_ORDER : AS_WRITTEN);
    if (place === "param") return inline !== undefined && displayWidth(`${keyLine} ${inline}`) <= MAX_WIDTH ? inline : undefined;
    return value.style === "flow" ? inline : undefined;
  }

  #blockItems(items: readonly Value[], level: number, regionStart: number): void {
    let from = regionStart;
    for (const item of items) {
      for (const comment of this.#ownLineComments(from, item.range.start.offset)) this.#comment(comment, level, false);
      from = item.range.end.offset;
      if (item.kind === "scalar") {
        this.#scalarEntry(`${INDENT.repeat(level)}-`, item, level);
        continue;
      }
      // A nested collection inside a list item is printed on the dash's line.
      const inline = this.#inline(item) ?? this.#source(item);
      this.#lines.push(`${INDENT.repeat(level)}- ${inline}${this.#trailing(item.range.end.line)}`);
    }
  }

  #scalarEntry(head: string, scalar: Scalar, level: number): void {
    if (scalar.style !== "literal" && scalar.style !== "folded") {
      this.#lines.push(`${head} ${scalar.raw}${this.#trailing(scalar.range.end.line)}`);
      return;
    }
    // Block text: keep the header, move the content to one level deeper than its key.
    const [header = "", ...body] = this.#source(scalar).split(/\r\n|\n|\r/);
    const contentIndent = Math.min(...body.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length));
    const explicit = /\d/.test(header);
    const shift = explicit ? 0 : INDENT.length * (level + 1) - (Number.isFinite(contentIndent) ? contentIndent : 0);
    this.#lines.push(`${head} ${header.trimEnd()}`);
    // The header's own trailing comment is part of `header`; trailing comments elsewhere cannot occur in block text.
    const headerComment = this.#trailingByLine.get(scalar.range.start.line);
    if (headerComment) this.#used.add(headerComment);
    for (const line of body) this.#lines.push(line.trim() === "" ? "" : shift >= 0 ? " ".repeat(shift) + line : line.slice(-shift));
  }

  /** A map or list as one line, or undefined when it holds a comment or block text. */
  #inline(value: Value, order: (entries: readonly Entry[]) => readonly Entry[] = AS_WRITTEN): string | undefined {
    // A comment inside would be lost on one line; a trailing one on the last line stays after it.
    const inside = this.#hasCommentWithin(value.range.start.offset, value.range.end.offset);
    if (inside && !(inside.trailing && inside.range.start.line === value.range.end.line)) return undefined;
    return this.#flow(value, order);
  }

  #flow(value: Value, order: (entries: readonly Entry[]) => readonly Entry[] = AS_WRITTEN): string | undefined {
    switch (value.kind) {
      case "scalar":
        if (value.style === "literal" || value.style === "folded") return undefined;
        // A plain value may hold `: ` or `,` in a block line; inside `{ }` they would split it.
        return value.style === "plain" && /[,{}[\]#]|:\s/.test(value.raw) ? undefined : value.raw;
      case "error":
        return undefined;
      case "list": {
        const items = value.items.map((item) => this.#flow(item));
        return items.every((i) => i !== undefined) ? `[${items.join(", ")}]` : undefined;
      }
      case "map": {
        if (value.entries.length === 0) return "{}";
        const parts = order(value.entries).map((e) => {
          const inner = e.value === null ? "" : this.#flow(e.value);
          return inner === undefined ? undefined : `${this.#source(e.key)}:${inner === "" ? "" : ` ${inner}`}`;
        });
        return parts.every((p) => p !== undefined) ? `{ ${parts.join(", ")} }` : undefined;
      }
    }
  }
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

/** What the output lost or broke, if anything, as a phrase for the refusal. */
function verify(root: MapNode, comments: readonly Comment[], after: string): string | undefined {
  const reparsed = parse(after);
  if (reparsed.diagnostics.some((d) => d.severity === "error")) return "the file readable";
  if (JSON.stringify(meaning(root, "root")) !== JSON.stringify(meaning(reparsed.document.root, "root"))) return "every value as written";
  const texts = (list: readonly Comment[]) => list.map((c) => c.text.trimEnd()).sort().join("\n");
  if (texts(comments) !== texts(reparsed.document.comments)) return "every comment";
  return undefined;
}
