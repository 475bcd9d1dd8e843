/**
 * The nodes the grammar builds: each keeps its place as two UTF-16 offsets
 * and works out its `range` (line and character, as ast.ts promises) the
 * first time somebody asks, through the document's LineIndex.
 *
 * Why not plain objects with a range each: a Range and its two Positions were
 * three of every four objects in a tree. A 1 MB file's tree held 440,000
 * objects (25 MB), and copying them out of the young generation while
 * parsing was a third of a cold parse; most of those ranges are never read
 * (the linter reads one per finding, the editor those on screen). TypeScript's
 * compiler, rust-analyzer and taplo keep offsets in their trees for the same
 * reason and convert at the edge.
 *
 * Consumers see only the interfaces of ast.ts; a node made by hand as a plain
 * object (tests, the formatter's checks) is just as good a node.
 *
 * There is no base class, on purpose. V8 does not inline a `super()` call into
 * a class whose `name` was redefined, which tsx and esbuild's `keepNames` do to
 * every class: allocating a node ran three times slower (the 1 MB file's
 * parse under tsx: 50 -> 135 ms). And a base class's field initialiser, shared
 * by five classes, ran megamorphic in cold code (170 ms of `hdlp lint` on
 * 10,000 files). So each class assigns its own fields, in one order; what the
 * five share is `Placed` and the two functions below.
 */
import type { LineIndex } from "../text/line-index.ts";
import type { Entry, Key, ListNode, MapNode, Range, Scalar, ScalarStyle } from "./ast.ts";

/** Where a node is, as every node class keeps it. */
interface Placed {
  readonly startOffset: number;
  readonly endOffset: number;
  readonly lines: LineIndex;
  cachedRange: Range | undefined;
}

/** Worked out on first use, then kept: the editor asks for the same nodes' ranges again and again. */
function rangeOf(node: Placed): Range {
  return (node.cachedRange ??= node.lines.rangeOf(node.startOffset, node.endOffset));
}

/** For `JSON.stringify` (debugging, snapshots): the range, which is no own property, and not the whole text. */
function jsonOf(node: Placed): object {
  const { lines: _lines, cachedRange: _cached, ...rest } = node;
  return { ...rest, range: rangeOf(node) };
}

export class SpannedScalar implements Scalar, Placed {
  declare readonly kind: "scalar";
  declare readonly style: ScalarStyle;
  declare readonly raw: string;
  declare readonly value: string;
  declare readonly startOffset: number;
  declare readonly endOffset: number;
  declare readonly lines: LineIndex;
  declare cachedRange: Range | undefined;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, style: ScalarStyle, raw: string, value: string) {
    this.kind = "scalar";
    this.style = style;
    this.raw = raw;
    this.value = value;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.lines = lines;
    this.cachedRange = undefined;
  }

  get range(): Range {
    return rangeOf(this);
  }

  toJSON(): object {
    return jsonOf(this);
  }
}

export class SpannedKey implements Key, Placed {
  declare readonly kind: "key";
  declare readonly text: string;
  declare readonly startOffset: number;
  declare readonly endOffset: number;
  declare readonly lines: LineIndex;
  declare cachedRange: Range | undefined;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, text: string) {
    this.kind = "key";
    this.text = text;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.lines = lines;
    this.cachedRange = undefined;
  }

  get range(): Range {
    return rangeOf(this);
  }

  toJSON(): object {
    return jsonOf(this);
  }
}

export class SpannedEntry implements Entry, Placed {
  declare readonly kind: "entry";
  declare readonly key: SpannedKey;
  declare readonly value: SpannedValue | null;
  declare readonly startOffset: number;
  declare readonly endOffset: number;
  declare readonly lines: LineIndex;
  declare cachedRange: Range | undefined;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, key: SpannedKey, value: SpannedValue | null) {
    this.kind = "entry";
    this.key = key;
    this.value = value;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.lines = lines;
    this.cachedRange = undefined;
  }

  get range(): Range {
    return rangeOf(this);
  }

  toJSON(): object {
    return jsonOf(this);
  }
}

export class SpannedMap implements MapNode, Placed {
  declare readonly kind: "map";
  declare readonly style: "block" | "flow";
  declare readonly entries: readonly SpannedEntry[];
  declare readonly startOffset: number;
  declare readonly endOffset: number;
  declare readonly lines: LineIndex;
  declare cachedRange: Range | undefined;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, style: "block" | "flow", entries: readonly SpannedEntry[]) {
    this.kind = "map";
    this.style = style;
    this.entries = entries;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.lines = lines;
    this.cachedRange = undefined;
  }

  get range(): Range {
    return rangeOf(this);
  }

  toJSON(): object {
    return jsonOf(this);
  }
}

export class SpannedList implements ListNode, Placed {
  declare readonly kind: "list";
  declare readonly style: "block" | "flow";
  declare readonly items: readonly SpannedValue[];
  declare readonly startOffset: number;
  declare readonly endOffset: number;
  declare readonly lines: LineIndex;
  declare cachedRange: Range | undefined;

  constructor(lines: LineIndex, startOffset: number, endOffset: number, style: "block" | "flow", items: readonly SpannedValue[]) {
    this.kind = "list";
    this.style = style;
    this.items = items;
    this.startOffset = startOffset;
    this.endOffset = endOffset;
    this.lines = lines;
    this.cachedRange = undefined;
  }

  get range(): Range {
    return rangeOf(this);
  }

  toJSON(): object {
    return jsonOf(this);
  }
}

/** The values the grammar makes (error nodes are never values: they stand beside the tree). */
export type SpannedValue = SpannedScalar | SpannedMap | SpannedList;
