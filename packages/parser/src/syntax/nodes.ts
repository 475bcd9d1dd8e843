/**
 * The nodes the grammar builds: each keeps its place as two UTF-16 offsets
 * and works out its `range` (line and character, as ast.ts promises) the
 * first time somebody asks, through the document's LineIndex.
 *
 * Why not plain objects with a range each: a Range and its two Positions were
 * three of every four objects in a tree. A 1 MB file's tree held 440,000
 * objects (25 MB), which the garbage collector copied out of the young
 * generation while parsing; most of those ranges are never read (the linter
 * reads one per finding, the editor those on screen). TypeScript's compiler,
 * rust-analyzer and taplo keep offsets in their trees for the same reason and
 * convert at the edge.
 *
 * Consumers see only the interfaces of ast.ts; a node made by hand as a plain
 * object (tests, the formatter's checks) is just as good a node.
 */
import type { LineIndex } from "../text/line-index.ts";
import type { Entry, Key, ListNode, MapNode, Range, Scalar, ScalarStyle } from "./ast.ts";

/**
 * Where a node is: what every node class shares. The fields are assigned in
 * the constructors, not written as class fields or parameter properties,
 * which compile to field definitions that V8 runs slower in the parser's
 * hottest allocations (docs/benchmarks.md has the figure).
 */
abstract class Spanned {
  declare readonly lines: LineIndex;
  declare readonly startOffset: number;
  declare readonly endOffset: number;
  declare private cachedRange: Range | undefined;

  constructor(lines: LineIndex, startOffset: number, endOffset: number) {
    this.lines = lines;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.cachedRange = undefined;
  }

  /** Worked out on first use, then kept: the editor asks for the same nodes' ranges again and again. */
  get range(): Range {
    return (this.cachedRange ??= this.lines.rangeOf(this.startOffset, this.endOffset));
  }

  /** For `JSON.stringify` (debugging, snapshots): the range, which is no own property, and not the whole text. */
  toJSON(): object {
    const { lines: _lines, cachedRange: _cached, ...rest } = this;
    return { ...rest, range: this.range };
  }
}

export class SpannedScalar extends Spanned implements Scalar {
  declare readonly kind: "scalar";
  declare readonly style: ScalarStyle;
  declare readonly raw: string;
  declare readonly value: string;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, style: ScalarStyle, raw: string, value: string) {
    super(lines, startOffset, endOffset);
    this.kind = "scalar";
    this.style = style;
    this.raw = raw;
    this.value = value;
  }
}

export class SpannedKey extends Spanned implements Key {
  declare readonly kind: "key";
  declare readonly text: string;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, text: string) {
    super(lines, startOffset, endOffset);
    this.kind = "key";
    this.text = text;
  }
}

export class SpannedEntry extends Spanned implements Entry {
  declare readonly kind: "entry";
  declare readonly key: SpannedKey;
  declare readonly value: SpannedValue | null;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, key: SpannedKey, value: SpannedValue | null) {
    super(lines, startOffset, endOffset);
    this.kind = "entry";
    this.key = key;
    this.value = value;
  }
}

export class SpannedMap extends Spanned implements MapNode {
  declare readonly kind: "map";
  declare readonly style: "block" | "flow";
  declare readonly entries: readonly SpannedEntry[];

  constructor(lines: LineIndex, startOffset: number, endOffset: number, style: "block" | "flow", entries: readonly SpannedEntry[]) {
    super(lines, startOffset, endOffset);
    this.kind = "map";
    this.style = style;
    this.entries = entries;
  }
}

export class SpannedList extends Spanned implements ListNode {
  declare readonly kind: "list";
  declare readonly style: "block" | "flow";
  declare readonly items: readonly SpannedValue[];

  constructor(lines: LineIndex, startOffset: number, endOffset: number, style: "block" | "flow", items: readonly SpannedValue[]) {
    super(lines, startOffset, endOffset);
    this.kind = "list";
    this.style = style;
    this.items = items;
  }
}

/** The values the grammar makes (error nodes are never values: they stand beside the tree). */
export type SpannedValue = SpannedScalar | SpannedMap | SpannedList;
