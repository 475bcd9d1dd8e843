/**
 * cursorAt: what the cursor is on, for completion and hover, in half-typed text.
 *
 * The tree alone cannot say it: `executor: ` has no value node yet, `  typ`
 * on a fresh line is junk to the grammar, `{ type: string, ` has no entry
 * after its comma. So the answer combines three sources:
 *   - the tree, for the chain of nodes enclosing the offset and field paths;
 *   - the tokens before the cursor, for the role of the position inside
 *     brackets (after `{`/`,`: a key; after `:`: a value) and on a line;
 *   - the indentation of the cursor's line, for which block map a key
 *     typed on a fresh line would belong to.
 */
import {
  type Comment,
  type Entry,
  type HdlpToken,
  type ListNode,
  type MapNode,
  type Node,
  type Position,
  type Range,
  type ToolDocument,
  Tokens,
  type Value,
} from "@hdlp/parser";

const { BlockText, Colon, Comma, Dash, Dedent, Indent, Key, LCurly, LSquare, Newline, RCurly, RSquare, ScalarToken, tokenIs } = Tokens;

/** A step of a field path: a key, or an index into a list. */
export type PathSegment = string | number;

export interface Cursor {
  /** The nodes enclosing the offset, outermost first: root map, entry, key or value, entry… (ends inclusive). */
  readonly nodes: readonly Node[];
  readonly context: CursorContext;
}

export type CursorContext = KeyContext | ValueContext | CommentContext | NoContext;

/** At a key position: on a key, on a fresh line, after `{` or `,` in a map. */
export interface KeyContext {
  readonly kind: "key";
  /** Field path of the map the key belongs to: [] top level, ["params_schema"], ["params_schema", "cmd"]. */
  readonly path: readonly PathSegment[];
  /** That map; undefined when the key would start a new block under `path` (the line after `params_schema:`). */
  readonly map: MapNode | undefined;
  /** The entry whose key the cursor is on, if any. */
  readonly entry: Entry | undefined;
  /** The text typed so far, up to the cursor. */
  readonly prefix: string;
  /** What a completion replaces: the key (or partial word) under the cursor, else an empty range at it. */
  readonly replace: Range;
  /** Inside `{ … }`: insert `key: value`, not a new line. */
  readonly flow: boolean;
}

/** At a value position: after `key: `, after `:` in a flow map, in a list item, in block text. */
export interface ValueContext {
  readonly kind: "value";
  /** Field path of the value: ["executor"], ["params_schema", "cmd", "type"], ["params_schema", "cmd", "enum", 1]. */
  readonly path: readonly PathSegment[];
  /** The entry the value belongs to (for a list item, the entry holding the list). */
  readonly entry: Entry | undefined;
  /** The value node under the cursor, or null when nothing is typed yet. */
  readonly value: Value | null;
  readonly prefix: string;
  readonly replace: Range;
  readonly flow: boolean;
}

export interface CommentContext {
  readonly kind: "comment";
  readonly comment: Comment;
}

/** Nowhere completion makes sense: after a complete value, between a key and its `:`. */
export interface NoContext {
  readonly kind: "none";
}

const NONE: NoContext = { kind: "none" };

interface Located {
  readonly path: PathSegment[];
  readonly ancestors: Node[];
}

const inside = (range: Range, offset: number): boolean => range.start.offset <= offset && offset <= range.end.offset;

/** The nodes enclosing `offset`, descending from the root and preferring the last match. */
export function nodesAt(root: MapNode, offset: number): Node[] {
  const chain: Node[] = [root];
  let node: Value = root;
  for (;;) {
    if (node.kind === "map") {
      const entry: Entry | undefined = lastInside(node.entries, offset);
      if (!entry) break;
      chain.push(entry);
      if (inside(entry.key.range, offset) && entry.key.range.end.offset > entry.key.range.start.offset) {
        chain.push(entry.key);
        break;
      }
      if (!entry.value || !inside(entry.value.range, offset)) break;
      chain.push(entry.value);
      node = entry.value;
    } else if (node.kind === "list") {
      const item: Value | undefined = lastInside(node.items, offset);
      if (!item) break;
      chain.push(item);
      node = item;
    } else break;
  }
  return chain;
}

function lastInside<T extends { readonly range: Range }>(nodes: readonly T[], offset: number): T | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) if (inside((nodes[i] as T).range, offset)) return nodes[i];
  return undefined;
}

/** Depth-first search for the node matching `test`, with its field path and ancestors. */
function locate(root: MapNode, test: (node: Node) => boolean): (Located & { node: Node }) | undefined {
  const path: PathSegment[] = [];
  const ancestors: Node[] = [];
  const visit = (node: Node): Node | undefined => {
    if (test(node)) return node;
    ancestors.push(node);
    let found: Node | undefined;
    if (node.kind === "map") {
      for (const entry of node.entries) {
        path.push(entry.key.text);
        found = visit(entry);
        if (found) return found;
        path.pop();
      }
    } else if (node.kind === "list") {
      for (let i = 0; i < node.items.length && !found; i++) {
        path.push(i);
        found = visit(node.items[i] as Value);
        if (found) return found;
        path.pop();
      }
    } else if (node.kind === "entry") {
      found = test(node.key) ? node.key : node.value ? visit(node.value) : undefined;
      if (found) return found;
    }
    ancestors.pop();
    return undefined;
  };
  const node = visit(root);
  return node ? { node, path, ancestors } : undefined;
}

function lastEntryOf(nodes: readonly Node[]): Entry | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) if ((nodes[i] as Node).kind === "entry") return nodes[i] as Entry;
  return undefined;
}

/**
 * The nodes enclosing `rawOffset` and what the cursor there is on: a key
 * position (with the map's field path), a value (with its entry), a comment.
 */
export function cursorAt(document: ToolDocument, rawOffset: number): Cursor {
  const offset = document.positionAt(rawOffset).offset;
  const nodes = nodesAt(document.root, offset);
  const comment = document.comments.find((c) => c.range.start.offset < offset && offset <= c.range.end.offset);
  if (comment) return { nodes, context: { kind: "comment", comment } };
  return { nodes, context: new CursorReader(document, document.tokens, offset).context() };
}

class CursorReader {
  private readonly line: number;
  /** Index of the last token that starts before the cursor (synthetic ones skipped), or -1. */
  private readonly last: number;

  constructor(
    private readonly document: ToolDocument,
    private readonly tokens: readonly HdlpToken[],
    private readonly offset: number,
  ) {
    this.line = document.lines.lineOf(offset);
    this.last = this.previousReal(this.lastStartingBefore(offset));
  }

  context(): CursorContext {
    const opener = this.openBracket();
    return opener >= 0 ? this.flowContext(opener) : this.blockContext();
  }

  // ---- tokens ------------------------------------------------------------------

  private lastStartingBefore(offset: number): number {
    let low = 0;
    let high = this.tokens.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if ((this.tokens[mid] as HdlpToken).start.offset < offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  /** Skip back over tokens that are not text: synthetic closers, Indent/Dedent, a Newline made up on the cursor's line. */
  private previousReal(i: number): number {
    for (; i >= 0; i--) {
      const t = this.tokens[i] as HdlpToken;
      if (t.synthetic || t.tokenType === Indent || t.tokenType === Dedent) continue;
      if (t.tokenType === Newline && t.start.line === this.line) continue;
      return i;
    }
    return -1;
  }

  /**
   * Index of the bracket the cursor is inside, or -1 in block context. A
   * bracket the author has not closed yet still counts on the lines after it
   * that are indented deeper than its own line.
   */
  private openBracket(): number {
    let depth = 0;
    let crossedLine = false;
    for (let j = this.last; j >= 0; j--) {
      const t = this.tokens[j] as HdlpToken;
      const type = t.tokenType;
      if (type === RCurly || type === RSquare) {
        if (!t.synthetic) depth++;
      } else if (type === LCurly || type === LSquare) {
        if (depth === 0) return !crossedLine || this.indentOfLine(this.line, true) > this.indentOfLine(t.start.line, false) ? j : -1;
        depth--;
      } else if (type === Newline) {
        if (!t.synthetic || crossedLine) return -1;
        crossedLine = true;
      } else if (type === Key || type === Dash || type === Indent || type === Dedent) {
        return -1;
      }
    }
    return -1;
  }

  private indentOfLine(line: number, uptoCursor: boolean): number {
    const text = this.document.text;
    const start = this.document.lines.lineStarts[line] as number;
    const end = uptoCursor ? this.offset : this.document.lines.lineEnd(line);
    let p = start;
    while (p < end && (text[p] === " " || text[p] === "\t" || (p === 0 && text.charCodeAt(0) === 0xfeff))) p++;
    return p - start;
  }

  /** The indentation column of a position (a BOM before line 0 is not indentation). */
  private columnOf(position: Position): number {
    return position.character - (position.line === 0 && this.document.text.charCodeAt(0) === 0xfeff ? 1 : 0);
  }

  private onlyBlanksSince(offset: number): boolean {
    return /^\s*$/.test(this.document.text.slice(offset, this.offset));
  }

  private cursorRange(): Range {
    const at = this.document.positionAt(this.offset);
    return { start: at, end: at };
  }

  private isScalar(t: HdlpToken | undefined): t is HdlpToken {
    return t !== undefined && tokenIs(t, ScalarToken);
  }

  // ---- inside brackets -----------------------------------------------------------

  private flowContext(opener: number): CursorContext {
    const root = this.document.root;
    const open = this.tokens[opener] as HdlpToken;
    const isMap = open.tokenType === LCurly;
    let previous = this.last;
    let typed: HdlpToken | undefined;
    const current = this.tokens[previous];
    if (this.isScalar(current) && this.offset <= current.end.offset) {
      typed = current;
      previous = this.previousReal(previous - 1);
    }
    const before = this.tokens[previous] as HdlpToken;
    const prefix = typed ? this.document.text.slice(typed.start.offset, this.offset) : "";
    const replace = typed ? { start: typed.start, end: typed.end } : this.cursorRange();
    const container = locate(root, (n) => (n.kind === "map" || n.kind === "list") && n.style === "flow" && n.range.start.offset === open.start.offset);
    if (!container) return NONE;
    const path = container.path;
    const ancestors = [...container.ancestors, container.node];
    const separator = before.tokenType === Comma || previous === opener;

    if (isMap) {
      const map = container.node as MapNode;
      if (separator) {
        const entry = typed ? map.entries.find((e) => e.key.range.start.offset === typed.start.offset) : undefined;
        return { kind: "key", path, map, entry, prefix, replace, flow: true };
      }
      if (before.tokenType !== Colon) return NONE;
      const entry = lastBefore(map.entries, before.start.offset, (e) => e.key.range.end.offset);
      if (!entry) return NONE;
      const value = typed ? entry.value : null;
      return { kind: "value", path: [...path, entry.key.text], entry, value, prefix, replace, flow: true };
    }
    if (!separator) return NONE;
    const list = container.node as ListNode;
    const at = typed ? typed.start.offset : this.offset;
    const index = list.items.filter((item) => item.range.start.offset < at).length;
    const value = typed ? (list.items.find((item) => item.range.start.offset === typed.start.offset) ?? null) : null;
    return { kind: "value", path: [...path, index], entry: lastEntryOf(ancestors), value, prefix, replace, flow: true };
  }

  // ---- block lines -------------------------------------------------------------

  private blockContext(): CursorContext {
    const text = this.document.text;
    // Block text is followed by its Newline (and Dedents, skipped already).
    const previous = this.tokens[this.last];
    const last = previous?.tokenType === Newline ? this.tokens[this.previousReal(this.last - 1)] : previous;
    if (last && last.tokenType === BlockText && last.start.line < this.line) {
      const found = locate(this.document.root, (n) => n.kind === "scalar" && n.range.start.offset === last.start.offset);
      const entry = found && lastEntryOf(found.ancestors);
      // Inside the text, or on a blank line after it indented deeper than its key: typing more of it.
      const more = () => this.onlyBlanksSince(last.end.offset) && this.indentOfLine(this.line, true) > (entry?.key.range.start.character ?? 0);
      if (found && (this.offset <= last.end.offset || more())) {
        return { kind: "value", path: found.path, entry, value: found.node as Value, prefix: "", replace: this.cursorRange(), flow: false };
      }
    }
    const onLine: HdlpToken[] = [];
    for (let j = this.last; j >= 0; j--) {
      const t = this.tokens[j] as HdlpToken;
      if (t.start.line !== this.line) break;
      if (!t.synthetic && t.tokenType !== Indent && t.tokenType !== Dedent && t.tokenType !== Newline) onLine.unshift(t);
    }
    if (onLine.length === 0) {
      const margin = this.line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
      return this.keyByColumn(this.indentOfLine(this.line, true) - margin, "", this.cursorRange());
    }
    let k = 0;
    while (k < onLine.length && (onLine[k] as HdlpToken).tokenType === Dash) k++;
    const first = onLine[k];
    if (!first) return this.listItemContext(onLine[k - 1] as HdlpToken, undefined);
    if (first.tokenType === Key) return this.keyLine(onLine, k);
    if (this.isScalar(first) && this.offset <= first.end.offset && k + 1 === onLine.length) {
      const prefix = text.slice(first.start.offset, this.offset);
      const replace = { start: first.start, end: first.end };
      if (k > 0) return this.listItemContext(onLine[k - 1] as HdlpToken, first);
      return this.keyByColumn(this.columnOf(first.start), prefix, replace);
    }
    return NONE;
  }

  /** The cursor on a `key: value` line. */
  private keyLine(onLine: readonly HdlpToken[], k: number): CursorContext {
    const key = onLine[k] as HdlpToken;
    const found = locate(this.document.root, (n) => n.kind === "entry" && n.key.range.start.offset === key.start.offset);
    if (!found) return NONE;
    const entry = found.node as Entry;
    const map = found.ancestors[found.ancestors.length - 1] as MapNode;
    const mapPath = found.path.slice(0, -1);
    if (this.offset <= key.end.offset) {
      const prefix = this.document.text.slice(key.start.offset, this.offset);
      return { kind: "key", path: mapPath, map, entry, prefix, replace: { start: key.start, end: key.end }, flow: false };
    }
    const colon = onLine[k + 1];
    if (!colon || colon.tokenType !== Colon || this.offset <= colon.start.offset) return NONE;
    const typed = onLine[k + 2];
    if (typed && !(this.isScalar(typed) && this.offset <= typed.end.offset && k + 3 === onLine.length)) return NONE;
    const value = entry.value;
    if (value?.kind === "scalar" && inside(value.range, this.offset) && value.range.start.line === this.line) {
      const prefix = this.document.text.slice(value.range.start.offset, this.offset);
      return { kind: "value", path: found.path, entry, value, prefix, replace: value.range, flow: false };
    }
    return { kind: "value", path: found.path, entry, value: null, prefix: "", replace: this.cursorRange(), flow: false };
  }

  /** After `- `: an item of the list the dash belongs to. */
  private listItemContext(dash: HdlpToken, typed: HdlpToken | undefined): CursorContext {
    // The item of a dash starts after it, on its line (a bare `-` has an empty item right there).
    const isItemOfDash = (item: Value): boolean => item.range.start.line === dash.line && item.range.start.offset >= dash.endOffset + 1;
    const found = locate(this.document.root, (n) => n.kind === "list" && n.style === "block" && n.items.some(isItemOfDash));
    if (!found) return NONE;
    const list = found.node as ListNode;
    const index = list.items.findIndex(isItemOfDash);
    const value = typed ? (list.items[index] ?? null) : null;
    const prefix = typed ? this.document.text.slice(typed.startOffset, this.offset) : "";
    const replace = typed ? { start: typed.start, end: typed.end } : this.cursorRange();
    return { kind: "value", path: [...found.path, index], entry: lastEntryOf(found.ancestors), value, prefix, replace, flow: false };
  }

  /** A key typed at `column` on the cursor's line: which block map it joins, by indentation. */
  private keyByColumn(column: number, prefix: string, replace: Range): KeyContext {
    let map: MapNode = this.document.root;
    const path: PathSegment[] = [];
    for (;;) {
      const first = map.entries[0];
      // The map's last entry above the cursor's line: the cursor may be starting its value.
      const entry = lastBefore(map.entries, this.line - 1, (e) => e.key.range.start.line);
      if (!entry || !first || column <= this.columnOf(first.key.range.start)) break;
      const value = entry.value;
      if (value === null || value.kind === "error") {
        return { kind: "key", path: [...path, entry.key.text], map: undefined, entry: undefined, prefix, replace, flow: false };
      }
      if (value.kind === "map" && value.style === "block") {
        path.push(entry.key.text);
        map = value;
        continue;
      }
      if (value.kind === "list" && value.style === "block") {
        const index = value.items.length - 1;
        const item = value.items[index];
        if (item?.kind === "map" && item.style === "block" && item.range.start.line < this.line) {
          path.push(entry.key.text, index);
          map = item;
          continue;
        }
      }
      break;
    }
    return { kind: "key", path, map, entry: undefined, prefix, replace, flow: false };
  }
}

/** The last node whose `end(node)` is at most `limit` (nodes in text order). */
function lastBefore<T>(nodes: readonly T[], limit: number, end: (node: T) => number): T | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) if (end(nodes[i] as T) <= limit) return nodes[i];
  return undefined;
}
