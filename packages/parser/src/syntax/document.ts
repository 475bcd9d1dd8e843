/**
 * ToolDocument: one parsed TOOL.hdlp — its text, tree, comments and the
 * questions every consumer asks of it (a field by name, a position, what the
 * cursor is on).
 */
import { FIELDS, type FieldSpec } from "../catalogue/fields.ts";
import type { LineIndex } from "../text/line-index.ts";
import type { Comment, Entry, ErrorNode, MapNode, Position, Range, Value } from "./ast.ts";
import { Scanner } from "./scanner.ts";
import type { HdlpToken } from "./tokens.ts";

export class ToolDocument {
  /** The text as given (a BOM, if any, included: offsets count it). */
  readonly text: string;
  /** The top-level block: one entry per `key:` line at the left margin, in order, duplicates and unknown keys kept. */
  readonly root: MapNode;
  /** Every comment, in order; `# hdlp-disable-next-line` suppressions are read from here. */
  readonly comments: readonly Comment[];
  /** Text the parser could not read (each also has a syntax diagnostic), in order. */
  readonly errors: readonly ErrorNode[];
  readonly lines: LineIndex;
  /**
   * The Scanner's tokens, for editors (the language service's cursor):
   * scanned again on first use rather than kept from the parse, so the
   * thousands of documents a lint run or a workspace holds do not keep their
   * tokens alive.
   */
  #tokens: readonly HdlpToken[] | undefined;

  constructor(text: string, root: MapNode, comments: readonly Comment[], errors: readonly ErrorNode[], lines: LineIndex) {
    this.text = text;
    this.root = root;
    this.comments = comments;
    this.errors = errors;
    this.lines = lines;
  }

  /** Top-level entries in the order written, duplicates and unknown fields included. */
  get entries(): readonly Entry[] {
    return this.root.entries;
  }

  /**
   * The first top-level entry named `name` (a catalogue field name such as
   * `executor`; see catalogue/fields.ts), or undefined when the file lacks it.
   */
  field(name: string): Entry | undefined {
    return this.root.entries.find((entry) => entry.key.text === name);
  }

  /**
   * Every field of the catalogue, in its canonical order, with the file's
   * (first) entry for it: what is present, what is missing, in the order the
   * formatter writes them.
   */
  catalogueFields(): { readonly spec: FieldSpec; readonly entry: Entry | undefined }[] {
    return FIELDS.map((spec) => ({ spec, entry: this.field(spec.name) }));
  }

  /** Every top-level entry named `name`: more than one is a duplicate key. */
  fieldEntries(name: string): Entry[] {
    return this.root.entries.filter((entry) => entry.key.text === name);
  }

  /** The value node of field `name`: undefined when absent, null when `name:` has no value. */
  fieldValue(name: string): Value | null | undefined {
    return this.field(name)?.value;
  }

  /** The decoded text of field `name` when its value is a scalar. */
  fieldText(name: string): string | undefined {
    const value = this.fieldValue(name);
    return value?.kind === "scalar" ? value.value : undefined;
  }

  /** The source text a node or range covers. */
  textOf(node: { readonly range: Range }): string {
    return this.text.slice(node.range.start.offset, node.range.end.offset);
  }

  positionAt(offset: number): Position {
    return this.lines.positionAt(offset);
  }

  offsetAt(position: { readonly line: number; readonly character: number }): number {
    return this.lines.offsetAt(position);
  }

  rangeOf(startOffset: number, endOffset: number): Range {
    return this.lines.rangeOf(startOffset, endOffset);
  }

  /** The Scanner's tokens, synthetic ones (indentation, closers) included; see tokens.ts. */
  get tokens(): readonly HdlpToken[] {
    this.#tokens ??= scanTokens(this.text, this.lines);
    return this.#tokens;
  }
}

function scanTokens(text: string, lines: LineIndex): readonly HdlpToken[] {
  try {
    return new Scanner(text, lines).scan().tokens;
  } catch {
    return []; // parse() already reported the internal error; a cursor then answers from the tree alone.
  }
}
