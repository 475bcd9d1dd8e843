/**
 * The grammar of TOOL.hdlp, as Chevrotain rules that build the AST directly.
 *
 *   document   := block
 *   block      := ( entry | listItem | Indent block Dedent | inlineValue Newline | Newline )*
 *   entry      := Key Colon ( inlineValue Newline | Newline nested )
 *   nested     := Indent block Dedent | listItem+ | ε          (listItem+: `key:` then `- x` lines at its column)
 *   listItem   := Dash ( Indent block Dedent | inlineValue Newline | Newline nested )
 *   inlineValue:= Scalar | flowMap | flowList
 *   flowMap    := "{" ( Comma | flowEntry )* "}"
 *   flowEntry  := Scalar ( Colon inlineValue? )? | Colon inlineValue? | (flowMap | flowList) ( Colon inlineValue? )?
 *   flowList   := "[" ( Comma | inlineValue | Colon )* "]"
 *
 * The rules accept every sequence the Scanner can produce (it guarantees
 * balanced Indent/Dedent and brackets): the wrong shapes (a `- item` among
 * keys, a bare value where a key belongs, a missing `,`, a key without `:`)
 * are alternatives of their own that report a diagnostic and keep going, so
 * one mistake costs one diagnostic and never the rest of the file.
 * Chevrotain's own recovery stays enabled as a safety net behind that.
 */
import { EmbeddedActionsParser, type IOrAlt, type IRecognitionException, type IToken } from "chevrotain";
import type { Diagnostic } from "../diagnostics.ts";
import { LineIndex } from "../text/line-index.ts";
import type { ErrorNode, Position, Range } from "./ast.ts";
import { SpannedEntry, SpannedKey, SpannedList, SpannedMap, SpannedScalar, type SpannedValue } from "./nodes.ts";
import { quoteSource, syntaxDiagnostic } from "./syntax-diagnostics.ts";
import { END_OF_INPUT, type TokenSource, TokenWindow } from "./token-window.ts";
import { ALL_TOKENS, Colon, Comma, Dash, Dedent, Indent, Key, LCurly, LSquare, Newline, RCurly, RSquare, ScalarToken, HdlpToken } from "./tokens.ts";

/** What a block of lines at one indentation produced. */
interface Block {
  readonly node: SpannedMap | SpannedList | undefined;
  /** Lines that were neither `key: value` nor `- item`; the caller words the diagnostic. */
  readonly junk: readonly ErrorNode[];
}

interface ListItem {
  readonly dash: HdlpToken;
  readonly value: SpannedValue;
}

const NO_BLOCK: Block = { node: undefined, junk: [] };

const NO_TOKENS = new TokenWindow();
const NO_LINES = new LineIndex("");

/**
 * The array to keep in the tree: a short one is copied to its exact size.
 * While an array grows V8 gives it room for 16 or more items; a flow map of
 * three entries would carry 13 empty slots for the life of the document, and
 * a large file has tens of thousands of such maps.
 */
function fitted<T>(array: T[]): T[] {
  return array.length < 16 ? array.slice() : array;
}

export interface GrammarResult {
  readonly root: SpannedMap;
  readonly diagnostics: Diagnostic[];
  readonly errors: ErrorNode[];
}

export class HdlpGrammar extends EmbeddedActionsParser {
  private diagnostics: Diagnostic[] = [];
  private errorNodes: ErrorNode[] = [];
  private lines = NO_LINES;
  /** Where an empty document's root sits: 0, or 1 after a BOM. */
  private origin = 0;

  /**
   * `validate` runs Chevrotain's checks of the grammar itself (ambiguous
   * alternatives, left recursion, …). They are much of the work of building the
   * grammar, which every process does once, and their answer changes only with
   * this file: the grammar's tests run them (grammar.test.ts), the tools do not.
   */
  constructor(options: { readonly validate?: boolean } = {}) {
    super(ALL_TOKENS, { recoveryEnabled: true, maxLookahead: 1, skipValidations: options.validate !== true });
    this.performSelfAnalysis();
  }

  /**
   * Parse the tokens `source` produces for the text of `lines` (the Scanner,
   * pulled a line at a time through a TokenWindow); `origin` is the offset
   * where an empty document's root sits (1 after a BOM).
   */
  parseTokens(source: TokenSource, lines: LineIndex, origin: number): GrammarResult {
    this.diagnostics = [];
    this.errorNodes = [];
    this.lines = lines;
    this.origin = origin;
    this.input = []; // resets Chevrotain's state; the tokens come from the window
    this.window = new TokenWindow(source);
    try {
      const root = this.document();
      this.diagnostics.push(...this.recognitionErrors());
      return { root: root ?? this.emptyMap(origin), diagnostics: this.diagnostics, errors: this.errorNodes };
    } finally {
      // The grammar is shared and lives as long as the process: holding on to the
      // text and tokens would keep the last document's (hundreds of MB for 10 MB) alive.
      this.lines = NO_LINES;
      this.window = NO_TOKENS;
    }
  }

  // ---- the token stream: Chevrotain's lexer adapter, reading from the window ----

  /** Chevrotain's index of the last consumed token (not in its typings). */
  declare private currIdx: number;
  private window = NO_TOKENS;

  protected override LA(howMuch: number): IToken {
    return this.window.at(this.currIdx + howMuch);
  }

  protected override LA_FAST(howMuch: number): IToken {
    return this.window.at(this.currIdx + howMuch);
  }

  protected override SKIP_TOKEN(): IToken {
    if (this.LA(1) === END_OF_INPUT) return END_OF_INPUT;
    this.currIdx++;
    return this.LA(1);
  }

  /** Recovery saves its place to come back to it: the window must keep the tokens from there. */
  protected exportLexerState(): number {
    this.window.pin(this.currIdx);
    return this.currIdx;
  }

  /** Only compared, to see that a repetition advanced: nothing to keep. */
  protected getLexerPosition(): number {
    return this.currIdx;
  }

  protected moveToTerminatedState(): void {
    this.currIdx = this.window.drain() - 1;
  }

  // ---- rules ------------------------------------------------------------------

  private readonly document = this.RULE(
    "document",
    (): SpannedMap => {
      const block = this.SUBRULE(this.block);
      return this.ACTION(() => {
        this.reportJunk(block.junk, (text) => `Expected a \`key: value\` line, found ${quoteSource(text)}.`);
        const node = block.node;
        if (node?.kind === "map") return node;
        if (node) this.misplaced(node, "A TOOL.hdlp file holds `key: value` lines, not a list of `- ` items.");
        return this.emptyMap(this.origin);
      });
    },
    { recoveryValueFunc: () => this.emptyMap(this.origin) },
  );

  private readonly block = this.RULE(
    "block",
    (): Block => {
      const entries: SpannedEntry[] = [];
      const items: SpannedValue[] = [];
      const junk: ErrorNode[] = [];
      let kind: "map" | "list" | undefined;
      let start: number | undefined;
      let lastEntry: SpannedEntry | undefined;
      // One array of alternatives for every repetition, not a fresh one (and its closures) each time.
      const alternatives: IOrAlt<unknown>[] = [
        {
          ALT: () => {
            const entry = this.SUBRULE(this.entry);
            this.ACTION(() => {
              if (kind === "list") return this.misplaced(entry, "A `key: value` line cannot stand among `- ` items.");
              kind = "map";
              start ??= entry.startOffset;
              entries.push(entry);
              lastEntry = entry;
            });
          },
        },
        {
          ALT: () => {
            const item = this.SUBRULE(this.listItem);
            this.ACTION(() => {
              if (kind === "map") {
                return this.misplaced({ range: { start: item.dash.start, end: item.value.range.end } }, "A `- ` item cannot stand among `key: value` lines.");
              }
              kind = "list";
              start ??= item.dash.startOffset;
              items.push(item.value);
            });
          },
        },
        {
          ALT: () => {
            const indent = this.CONSUME(Indent) as HdlpToken;
            const inner = this.SUBRULE2(this.block);
            this.CONSUME(Dedent);
            this.ACTION(() => {
              const continuesText = lastEntry?.value?.kind === "scalar" && inner.node === undefined;
              this.reportJunk(inner.junk, (text) =>
                continuesText
                  ? `A plain value ends with its line, so ${quoteSource(text)} is not part of it; write \`${lastEntry?.key.text}: |\` (or \`>\`) and indent the text under it.`
                  : `Expected a \`key: value\` line, found ${quoteSource(text)}.`,
              );
              const node = inner.node;
              if (!node) return;
              this.diagnostics.push(
                syntaxDiagnostic(
                  "syntax",
                  "Unexpected indentation: only the lines under a `key:` with nothing after it may be indented deeper.",
                  this.rangeOf(indent),
                ),
              );
              // The lines are still read as part of this block, so their fields are not lost.
              if (node.kind === "map" && kind !== "list") {
                kind = "map";
                start ??= node.startOffset;
                for (const entry of node.entries) entries.push(entry); // (no spread: a block may hold millions)
              } else if (node.kind === "list" && kind !== "map") {
                kind = "list";
                start ??= node.startOffset;
                for (const item of node.items) items.push(item);
              } else {
                this.errorNodes.push(this.errorNode(node.range));
              }
            });
          },
        },
        {
          ALT: () => {
            const value = this.SUBRULE(this.inlineValue);
            this.CONSUME(Newline);
            this.ACTION(() => {
              junk.push(this.errorNode(value.range));
            });
          },
        },
        { ALT: () => this.CONSUME2(Newline) },
      ];
      this.MANY(() => this.OR(alternatives));
      return this.ACTION((): Block => {
        if (kind === "map") return { node: this.blockMap(entries, start), junk };
        if (kind === "list") return { node: this.blockList(items, start), junk };
        return { node: undefined, junk };
      });
    },
    { recoveryValueFunc: () => NO_BLOCK },
  );

  private readonly entry = this.RULE("entry", (): SpannedEntry => {
    const key = this.CONSUME(Key) as HdlpToken;
    const colon = this.CONSUME(Colon) as HdlpToken;
    this.owner = key;
    const value = this.OR(this.valueAlternatives);
    return this.ACTION(() => this.makeEntry(this.keyNode(key), colon, value ?? null));
  });

  /**
   * The `key:` or `-` whose value is being read, for `nested`: a field rather
   * than a local, so that the alternatives below are made once (every line of
   * the file goes through them). Read before anything nested can set it again.
   */
  private owner: HdlpToken | undefined;

  /** The value of a `key:` or `-` (the owner): on its line, or on the lines below. */
  private readonly valueAlternatives: IOrAlt<SpannedValue | null>[] = [
    {
      ALT: () => {
        const inline = this.SUBRULE(this.inlineValue);
        this.CONSUME(Newline);
        return inline;
      },
    },
    {
      ALT: () => {
        this.CONSUME2(Newline);
        const owner = this.owner;
        return this.SUBRULE(this.nested, { ARGS: [owner, owner?.tokenType === Key] });
      },
    },
  ];

  /** The value of `key:` or `-` with nothing after it: the indented lines below, if any. */
  private readonly nested = this.RULE(
    "nested",
    (owner?: HdlpToken, sameColumnList?: boolean): SpannedValue | null => {
      return this.OR([
        {
          ALT: () => {
            this.CONSUME(Indent);
            const block = this.SUBRULE(this.block);
            this.CONSUME(Dedent);
            return this.ACTION(() => {
              const name = owner?.tokenType === Key ? owner.value : undefined;
              this.reportJunk(block.junk, (text) =>
                name === undefined
                  ? `Expected a value, found ${quoteSource(text)}; write it on the line of the \`-\`.`
                  : `Write the value on the same line as \`${name}:\`, or \`${name}: |\` for text over several lines (found ${quoteSource(text)}).`,
              );
              return block.node ?? null;
            });
          },
        },
        // `key:` followed by `- x` lines at the key's own column, as YAML allows.
        {
          GATE: () => sameColumnList === true,
          ALT: () => {
            const items: SpannedValue[] = [];
            let start: number | undefined;
            this.AT_LEAST_ONE(() => {
              const item = this.SUBRULE(this.listItem);
              this.ACTION(() => {
                start ??= item.dash.startOffset;
                items.push(item.value);
              });
            });
            return this.ACTION(() => this.blockList(items, start));
          },
        },
        { ALT: () => null },
      ]);
    },
    { recoveryValueFunc: () => null },
  );

  private readonly listItem = this.RULE("listItem", (): ListItem => {
    const dash = this.CONSUME(Dash) as HdlpToken;
    this.owner = dash;
    const value = this.OR(this.itemValueAlternatives);
    return this.ACTION(() => ({ dash, value: value ?? this.emptyScalar(this.endOf(dash, this.origin)) }));
  });

  /** An item's value may also be a block that starts on its line (`- key: value`). Null where it has none. */
  private readonly itemValueAlternatives: IOrAlt<SpannedValue | null>[] = [
    {
      ALT: () => {
        this.CONSUME(Indent);
        const block = this.SUBRULE(this.block);
        this.CONSUME(Dedent);
        return this.ACTION(() => {
          this.reportJunk(block.junk, (text) => `Expected a \`key: value\` line, found ${quoteSource(text)}.`);
          return block.node ?? null;
        });
      },
    },
    ...this.valueAlternatives,
  ];

  private readonly inlineValue = this.RULE("inlineValue", (): SpannedValue => this.OR(this.inlineValueAlternatives), {
    recoveryValueFunc: () => this.emptyScalar(this.origin),
  });

  /**
   * Made once rather than per call (as Chevrotain's docs advise for hot
   * rules): every value of the file goes through here, and a fresh array of
   * alternatives is four objects and three closures of garbage each time.
   * Possible because the alternatives share no local state.
   */
  private readonly inlineValueAlternatives: IOrAlt<SpannedValue>[] = [
    {
      ALT: () => {
        const token = this.CONSUME(ScalarToken) as HdlpToken;
        return this.ACTION(() => this.scalar(token));
      },
    },
    { ALT: () => this.SUBRULE(this.flowMap) },
    { ALT: () => this.SUBRULE(this.flowList) },
  ];

  private readonly flowMap = this.RULE("flowMap", (): SpannedMap => {
    const open = this.CONSUME(LCurly) as HdlpToken;
    const entries: SpannedEntry[] = [];
    let expectingEntry = true;
    // One array of alternatives for every repetition, not a fresh one (and its closures) each time.
    const alternatives: IOrAlt<unknown>[] = [
      {
        ALT: () => {
          const comma = this.CONSUME(Comma) as HdlpToken;
          this.ACTION(() => {
            if (expectingEntry) this.unexpectedComma(comma, entries.length === 0, "entry");
            expectingEntry = true;
          });
        },
      },
      {
        ALT: () => {
          const entry = this.SUBRULE(this.flowEntry);
          this.ACTION(() => {
            if (!entry) return;
            if (!expectingEntry) this.missingComma(entry.range.start, "entry");
            entries.push(entry);
            expectingEntry = false;
          });
        },
      },
    ];
    this.MANY(() => this.OR(alternatives));
    const close = this.CONSUME(RCurly) as HdlpToken;
    return this.ACTION(() => new SpannedMap(this.lines, this.startOf(open, this.origin), this.closeEnd(close, open), "flow", fitted(entries)));
  });

  private readonly flowEntry = this.RULE("flowEntry", (): SpannedEntry | undefined => this.OR(this.flowEntryAlternatives), {
    recoveryValueFunc: () => undefined,
  });

  /** Made once, as inlineValue's (every entry of every `{ … }` goes through here). */
  private readonly flowEntryAlternatives: IOrAlt<SpannedEntry | undefined>[] = [
    {
      ALT: () => {
        const key = this.CONSUME(ScalarToken) as HdlpToken;
        let colon: HdlpToken | undefined;
        let value: SpannedValue | undefined;
        this.OPTION(() => {
          colon = this.CONSUME(Colon) as HdlpToken;
          value = this.OPTION2(() => this.SUBRULE(this.inlineValue));
        });
        return this.ACTION(() => {
          if (!colon) {
            const hint = key.value.includes(":") ? " (a `:` needs a space after it)" : "";
            this.diagnostics.push(syntaxDiagnostic("syntax", `Expected \`:\` after the key ${quoteSource(key.value)}${hint}.`, this.rangeOf(key)));
          }
          return this.makeEntry(this.keyNode(key), colon, value ?? null);
        });
      },
    },
    {
      ALT: () => {
        const colon = this.CONSUME2(Colon) as HdlpToken;
        const value = this.OPTION3(() => this.SUBRULE2(this.inlineValue));
        return this.ACTION(() => {
          this.diagnostics.push(syntaxDiagnostic("syntax", "Expected a key before `:`.", this.rangeOf(colon)));
          const at = this.startOf(colon, this.origin);
          return this.makeEntry(new SpannedKey(this.lines, at, at, ""), colon, value ?? null);
        });
      },
    },
    {
      ALT: () => {
        const collection = this.OR2([{ ALT: () => this.SUBRULE(this.flowMap) }, { ALT: () => this.SUBRULE(this.flowList) }]);
        let value: SpannedValue | undefined;
        this.OPTION4(() => {
          this.CONSUME3(Colon);
          value = this.OPTION5(() => this.SUBRULE3(this.inlineValue));
        });
        return this.ACTION(() => {
          const end = value?.range.end ?? collection.range.end;
          this.misplaced({ range: { start: collection.range.start, end } }, "Expected a `key: value` entry; a key cannot be a map or a list.");
          return undefined;
        });
      },
    },
  ];

  private readonly flowList = this.RULE("flowList", (): SpannedList => {
    const open = this.CONSUME(LSquare) as HdlpToken;
    const items: SpannedValue[] = [];
    let expectingItem = true;
    // One array of alternatives for every repetition, not a fresh one (and its closures) each time.
    const alternatives: IOrAlt<unknown>[] = [
      {
        ALT: () => {
          const comma = this.CONSUME(Comma) as HdlpToken;
          this.ACTION(() => {
            if (expectingItem) this.unexpectedComma(comma, items.length === 0, "item");
            expectingItem = true;
          });
        },
      },
      {
        ALT: () => {
          const item = this.SUBRULE(this.inlineValue);
          this.ACTION(() => {
            if (!expectingItem) this.missingComma(item.range.start, "item");
            items.push(item);
            expectingItem = false;
          });
        },
      },
      {
        ALT: () => {
          const colon = this.CONSUME(Colon) as HdlpToken;
          this.ACTION(() =>
            this.diagnostics.push(
              syntaxDiagnostic(
                "syntax",
                "Unexpected `:` in a list; a list holds values (`[a, b]`), a map holds `key: value` (`{ a: b }`).",
                this.rangeOf(colon),
              ),
            ),
          );
        },
      },
    ];
    this.MANY(() => this.OR(alternatives));
    const close = this.CONSUME(RSquare) as HdlpToken;
    return this.ACTION(() => new SpannedList(this.lines, this.startOf(open, this.origin), this.closeEnd(close, open), "flow", fitted(items)));
  });

  // ---- node construction -------------------------------------------------------

  /**
   * Where a token starts and ends. Tokens invented by Chevrotain's recovery
   * are not HdlpTokens and have no place: `fallback` stands in.
   */
  private startOf(token: HdlpToken, fallback: number): number {
    return token instanceof HdlpToken ? token.startOffset : fallback;
  }

  private endOf(token: HdlpToken, fallback: number): number {
    return token instanceof HdlpToken ? token.endOffset + 1 : fallback;
  }

  private scalar(token: HdlpToken): SpannedScalar {
    if (!(token instanceof HdlpToken)) return this.emptyScalar(this.origin);
    return new SpannedScalar(this.lines, token.startOffset, token.endOffset + 1, token.style, token.image, token.value);
  }

  private keyNode(token: HdlpToken): SpannedKey {
    if (!(token instanceof HdlpToken)) return new SpannedKey(this.lines, this.origin, this.origin, "");
    return new SpannedKey(this.lines, token.startOffset, token.endOffset + 1, token.value);
  }

  private makeEntry(key: SpannedKey, colon: HdlpToken | undefined, value: SpannedValue | null): SpannedEntry {
    const end = value ? value.endOffset : colon ? this.endOf(colon, key.endOffset) : key.endOffset;
    return new SpannedEntry(this.lines, key.startOffset, end, key, value);
  }

  private blockMap(entries: SpannedEntry[], start: number | undefined): SpannedMap {
    const last = entries[entries.length - 1];
    const from = start ?? this.origin;
    return new SpannedMap(this.lines, from, last ? last.endOffset : from, "block", fitted(entries));
  }

  private blockList(items: SpannedValue[], start: number | undefined): SpannedList {
    const last = items[items.length - 1];
    const from = start ?? this.origin;
    return new SpannedList(this.lines, from, last ? last.endOffset : from, "block", fitted(items));
  }

  private emptyMap(at: number): SpannedMap {
    return new SpannedMap(this.lines, at, at, "block", []);
  }

  /** The value of an item written as a bare `-`: an empty plain scalar where the value would be. */
  private emptyScalar(at: number): SpannedScalar {
    return new SpannedScalar(this.lines, at, at, "plain", "", "");
  }

  /**
   * Where a bracketed collection ends: at its closer, which the Scanner puts
   * where the content ended when the author left it open. (A closer invented
   * by Chevrotain's recovery has no place; the opener's end stands in.)
   */
  private closeEnd(close: HdlpToken, open: HdlpToken): number {
    return this.endOf(close, this.endOf(open, this.origin));
  }

  /** A token's range, for a diagnostic; a token invented by Chevrotain's recovery gets the origin. */
  private rangeOf(token: HdlpToken): Range {
    if (!(token instanceof HdlpToken)) return this.lines.rangeOf(this.origin, this.origin);
    return { start: token.start, end: token.end };
  }

  private errorNode(range: Range): ErrorNode {
    return { kind: "error", text: this.lines.text.slice(range.start.offset, range.end.offset), range };
  }

  // ---- diagnostics ---------------------------------------------------------------

  private misplaced(node: { readonly range: Range }, message: string): void {
    this.errorNodes.push(this.errorNode(node.range));
    this.diagnostics.push(syntaxDiagnostic("syntax", message, node.range));
  }

  private reportJunk(junk: readonly ErrorNode[], message: (text: string) => string): void {
    for (const error of junk) {
      this.errorNodes.push(error);
      this.diagnostics.push(syntaxDiagnostic("syntax", message(error.text), error.range));
    }
  }

  private unexpectedComma(comma: HdlpToken, first: boolean, what: "entry" | "item"): void {
    this.diagnostics.push(
      syntaxDiagnostic(
        "syntax",
        first ? `Unexpected \`,\` before the first ${what}.` : "Unexpected `,`: nothing stands between these commas.",
        this.rangeOf(comma),
      ),
    );
  }

  private missingComma(at: Position, what: "entry" | "item"): void {
    this.diagnostics.push(syntaxDiagnostic("syntax", `Expected \`,\` before this ${what}.`, { start: at, end: at }));
  }

  /** Chevrotain's recovery reports (a safety net: the rules above accept every well-formed token stream). */
  private recognitionErrors(): Diagnostic[] {
    return this.errors.map((error: IRecognitionException) => {
      const token = error.token as Partial<HdlpToken>;
      const range = token.start && token.end ? { start: token.start, end: token.end } : this.lines.rangeOf(this.origin, this.origin);
      const found = token.image ? quoteSource(token.image) : "the end of the file";
      return syntaxDiagnostic("syntax", `Unexpected ${found}.`, range);
    });
  }
}
