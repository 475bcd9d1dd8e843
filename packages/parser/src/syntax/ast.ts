/**
 * The typed syntax tree of a TOOL.hdlp file.
 *
 * The tree is a faithful picture of the text, not of its meaning: every scalar
 * keeps its source form and its decoded string, and nothing is typed here.
 * `name: 2026` is the scalar "2026"; the catalogue decides it is a string
 * (see ../model/). Every node carries the exact range it covers, so the linter
 * can point at the defect and the formatter can keep what it does not touch.
 */

/** A point in the text: UTF-16 offset, 0-based line and character (as LSP counts). */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly character: number;
}

/** A half-open span [start, end). */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

export type ScalarStyle = "plain" | "double" | "single" | "literal" | "folded";

/** Any leaf value. `value` is decoded (escapes, block text folding); `raw` is the source. */
export interface Scalar {
  readonly kind: "scalar";
  readonly style: ScalarStyle;
  readonly raw: string;
  readonly value: string;
  readonly range: Range;
}

/** A key: value pair. `value` is null when nothing follows the colon. */
export interface Entry {
  readonly kind: "entry";
  readonly key: Key;
  readonly value: Value | null;
  /** From the key's first character to the end of its value (or of the colon). */
  readonly range: Range;
}

export interface Key {
  readonly kind: "key";
  readonly text: string;
  readonly range: Range;
}

export interface MapNode {
  readonly kind: "map";
  /** `block`: indented lines; `flow`: `{ k: v, … }`. */
  readonly style: "block" | "flow";
  readonly entries: readonly Entry[];
  readonly range: Range;
}

export interface ListNode {
  readonly kind: "list";
  /** `block`: `- item` lines; `flow`: `[a, b]`. */
  readonly style: "block" | "flow";
  readonly items: readonly Value[];
  readonly range: Range;
}

/** Text the parser could not read as a value; kept so nothing after it is lost. */
export interface ErrorNode {
  readonly kind: "error";
  readonly text: string;
  readonly range: Range;
}

export type Value = Scalar | MapNode | ListNode | ErrorNode;
export type Node = Value | Entry | Key;

export interface Comment {
  /** Text after the `#`, untrimmed. */
  readonly text: string;
  readonly range: Range;
  /** True when the comment follows a value on the same line. */
  readonly trailing: boolean;
}
