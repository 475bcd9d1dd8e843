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
import type { Entry, ErrorNode, Key as KeyNode, ListNode, MapNode, Position, Range, Scalar, Value } from "./ast.ts";
import { quoteSource, syntaxDiagnostic } from "./syntax-diagnostics.ts";
import { END_OF_INPUT, type TokenSource, TokenWindow } from "./token-window.ts";
import { ALL_TOKENS, Colon, Comma, Dash, Dedent, Indent, Key, LCurly, LSquare, Newline, RCurly, RSquare, ScalarToken, HdlpToken } from "./tokens.ts";

/** What a block of lines at one indentation produced. */
interface Block {
  readonly node: MapNode | ListNode | undefined;
  /** Lines that were neither `key: value` nor `- item`; the caller words the diagnostic. */
  readonly junk: readonly ErrorNode[];
}

interface ListItem {
  readonly dash: HdlpToken;
  readonly value: Value;
}

const NO_BLOCK: Block = { node: undefined, junk: [] };

const NO_TOKENS = new TokenWindow();

/**
 * The array to keep in the tree: a short one is copied to its exact size.
 * While an array grows V8 gives it room for 16 or more items; a flow map of
 * three entries would carry 13 empty slots for the life of the document, and
 * a large file has tens of thousands of such maps.
 */
function fitted<T>(array: T[]): T[] {
  return array.length < 16 ? array.slice() : array;
}

/**
 * An alternative of OR. Written as a call rather than `{ ALT: () => … }`
 * because the transpiler (tsx, esbuild keepNames) names every arrow in an
 * object literal with a defineProperty call, per parse, which cost half of
 * the parse time; an arrow passed as an argument has no name to keep.
 */
function alt<T>(ALT: () => T): IOrAlt<T> {
  return { ALT };
}

function gated<T>(GATE: () => boolean, ALT: () => T): IOrAlt<T> {
  return { GATE, ALT };
}

export interface GrammarResult {
  readonly root: MapNode;
  readonly diagnostics: Diagnostic[];
  readonly errors: ErrorNode[];
}

export class HdlpGrammar extends EmbeddedActionsParser {
  private diagnostics: Diagnostic[] = [];
  private errorNodes: ErrorNode[] = [];
  private text = "";
  private origin: Position = { offset: 0, line: 0, character: 0 };

  /**
   * `validate` runs Chevrotain's checks of the grammar itself (ambiguous
   * alternatives, left recursion, …). They cost a third of building the grammar,
   * which every process does once, and their answer changes only with this
   * file: the grammar's tests run them (grammar.test.ts), the tools do not.
   */
  constructor(options: { readonly validate?: boolean } = {}) {
    super(ALL_TOKENS, { recoveryEnabled: true, maxLookahead: 1, skipValidations: options.validate !== true });
    this.performSelfAnalysis();
  }

  /**
   * Parse the tokens `source` produces for `text` (the Scanner, pulled a line
   * at a time through a TokenWindow); `origin` is where an empty document's
   * root sits (after a BOM).
   */
  parseTokens(source: TokenSource, text: string, origin: Position): GrammarResult {
    this.diagnostics = [];
    this.errorNodes = [];
    this.text = text;
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
      this.text = "";
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
    (): MapNode => {
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
      const entries: Entry[] = [];
      const items: Value[] = [];
      const junk: ErrorNode[] = [];
      let kind: "map" | "list" | undefined;
      let start: Position | undefined;
      let lastEntry: Entry | undefined;
      // One array of alternatives for every repetition, not a fresh one (and its closures) each time.
      const alternatives: IOrAlt<unknown>[] = [
        alt(() => {
          const entry = this.SUBRULE(this.entry);
          this.ACTION(() => {
            if (kind === "list") return this.misplaced(entry, "A `key: value` line cannot stand among `- ` items.");
            kind = "map";
            start ??= entry.range.start;
            entries.push(entry);
            lastEntry = entry;
          });
        }),
        alt(() => {
          const item = this.SUBRULE(this.listItem);
          this.ACTION(() => {
            if (kind === "map") {
              return this.misplaced({ range: { start: item.dash.start, end: item.value.range.end } }, "A `- ` item cannot stand among `key: value` lines.");
            }
            kind = "list";
            start ??= item.dash.start;
            items.push(item.value);
          });
        }),
        alt(() => {
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
              start ??= node.range.start;
              for (const entry of node.entries) entries.push(entry); // (no spread: a block may hold millions)
            } else if (node.kind === "list" && kind !== "map") {
              kind = "list";
              start ??= node.range.start;
              for (const item of node.items) items.push(item);
            } else {
              this.errorNodes.push(this.errorNode(node.range));
            }
          });
        }),
        alt(() => {
          const value = this.SUBRULE(this.inlineValue);
          this.CONSUME(Newline);
          this.ACTION(() => {
            junk.push(this.errorNode(value.range));
          });
        }),
        alt(() => this.CONSUME2(Newline)),
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

  private readonly entry = this.RULE("entry", (): Entry => {
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
  private readonly valueAlternatives: IOrAlt<Value | null>[] = [
    alt(() => {
      const inline = this.SUBRULE(this.inlineValue);
      this.CONSUME(Newline);
      return inline;
    }),
    alt(() => {
      this.CONSUME2(Newline);
      const owner = this.owner;
      return this.SUBRULE(this.nested, { ARGS: [owner, owner?.tokenType === Key] });
    }),
  ];

  /** The value of `key:` or `-` with nothing after it: the indented lines below, if any. */
  private readonly nested = this.RULE(
    "nested",
    (owner?: HdlpToken, sameColumnList?: boolean): Value | null => {
      return this.OR([
        alt(() => {
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
        }),
        // `key:` followed by `- x` lines at the key's own column, as YAML allows.
        gated(
          () => sameColumnList === true,
          () => {
            const items: Value[] = [];
            let start: Position | undefined;
            this.AT_LEAST_ONE(() => {
              const item = this.SUBRULE(this.listItem);
              this.ACTION(() => {
                start ??= item.dash.start;
                items.push(item.value);
              });
            });
            return this.ACTION(() => this.blockList(items, start));
          },
        ),
        alt(() => null),
      ]);
    },
    { recoveryValueFunc: () => null },
  );

  private readonly listItem = this.RULE("listItem", (): ListItem => {
    const dash = this.CONSUME(Dash) as HdlpToken;
    this.owner = dash;
    const value = this.OR(this.itemValueAlternatives);
    return this.ACTION(() => ({ dash, value: value ?? this.emptyScalar(dash.end) }));
  });

  /** An item's value may also be a block that starts on its line (`- key: value`). Null where it has none. */
  private readonly itemValueAlternatives: IOrAlt<Value | null>[] = [
    alt(() => {
      this.CONSUME(Indent);
      const block = this.SUBRULE(this.block);
      this.CONSUME(Dedent);
      return this.ACTION(() => block.node ?? null);
    }),
    ...this.valueAlternatives,
  ];

  private readonly inlineValue = this.RULE("inlineValue", (): Value => this.OR(this.inlineValueAlternatives), {
    recoveryValueFunc: () => this.emptyScalar(this.origin),
  });

  /**
   * Made once rather than per call (as Chevrotain's docs advise for hot
   * rules): every value of the file goes through here, and a fresh array of
   * alternatives is four objects and three closures of garbage each time.
   * Possible because the alternatives share no local state.
   */
  private readonly inlineValueAlternatives: IOrAlt<Value>[] = [
    alt(() => {
      const token = this.CONSUME(ScalarToken) as HdlpToken;
      return this.ACTION(() => this.scalar(token));
    }),
    alt(() => this.SUBRULE(this.flowMap)),
    alt(() => this.SUBRULE(this.flowList)),
  ];

  private readonly flowMap = this.RULE("flowMap", (): MapNode => {
    const open = this.CONSUME(LCurly) as HdlpToken;
    const entries: Entry[] = [];
    let expectingEntry = true;
    // One array of alternatives for every repetition, not a fresh one (and its closures) each time.
    const alternatives: IOrAlt<unknown>[] = [
      alt(() => {
        const comma = this.CONSUME(Comma) as HdlpToken;
        this.ACTION(() => {
          if (expectingEntry) this.unexpectedComma(comma, entries.length === 0, "entry");
          expectingEntry = true;
        });
      }),
      alt(() => {
        const entry = this.SUBRULE(this.flowEntry);
        this.ACTION(() => {
          if (!entry) return;
          if (!expectingEntry) this.missingComma(entry.range.start, "entry");
          entries.push(entry);
          expectingEntry = false;
        });
      }),
    ];
    this.MANY(() => this.OR(alternatives));
    const close = this.CONSUME(RCurly) as HdlpToken;
    return this.ACTION((): MapNode => ({ kind: "map", style: "flow", entries: fitted(entries), range: { start: open.start, end: this.closeEnd(close, open) } }));
  });

  private readonly flowEntry = this.RULE("flowEntry", (): Entry | undefined => this.OR(this.flowEntryAlternatives), {
    recoveryValueFunc: () => undefined,
  });

  /** Made once, as inlineValue's (every entry of every `{ … }` goes through here). */
  private readonly flowEntryAlternatives: IOrAlt<Entry | undefined>[] = [
    alt(() => {
      const key = this.CONSUME(ScalarToken) as HdlpToken;
      let colon: HdlpToken | undefined;
      let value: Value | undefined;
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
    }),
    alt(() => {
      const colon = this.CONSUME2(Colon) as HdlpToken;
      const value = this.OPTION3(() => this.SUBRULE2(this.inlineValue));
      return this.ACTION(() => {
        this.diagnostics.push(syntaxDiagnostic("syntax", "Expected a key before `:`.", this.rangeOf(colon)));
        const key: KeyNode = { kind: "key", text: "", range: { start: colon.start, end: colon.start } };
        return this.makeEntry(key, colon, value ?? null);
      });
    }),
    alt(() => {
      const collection = this.OR2([alt(() => this.SUBRULE(this.flowMap)), alt(() => this.SUBRULE(this.flowList))]);
      let value: Value | undefined;
      this.OPTION4(() => {
        this.CONSUME3(Colon);
        value = this.OPTION5(() => this.SUBRULE3(this.inlineValue));
      });
      return this.ACTION(() => {
        const end = value?.range.end ?? collection.range.end;
        this.misplaced({ range: { start: collection.range.start, end } }, "Expected a `key: value` entry; a key cannot be a map or a list.");
        return undefined;
      });
    }),
  ];

  private readonly flowList = this.RULE("flowList", (): ListNode => {
    const open = this.CONSUME(LSquare) as HdlpToken;
    const items: Value[] = [];
    let expectingItem = true;
    // One array of alternatives for every repetition, not a fresh one (and its closures) each time.
    const alternatives: IOrAlt<unknown>[] = [
      alt(() => {
        const comma = this.CONSUME(Comma) as HdlpToken;
        this.ACTION(() => {
          if (expectingItem) this.unexpectedComma(comma, items.length === 0, "item");
          expectingItem = true;
        });
      }),
      alt(() => {
        const item = this.SUBRULE(this.inlineValue);
        this.ACTION(() => {
          if (!expectingItem) this.missingComma(item.range.start, "item");
          items.push(item);
          expectingItem = false;
        });
      }),
      alt(() => {
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
      }),
    ];
    this.MANY(() => this.OR(alternatives));
    const close = this.CONSUME(RSquare) as HdlpToken;
    return this.ACTION((): ListNode => ({ kind: "list", style: "flow", items: fitted(items), range: { start: open.start, end: this.closeEnd(close, open) } }));
  });

  // ---- node construction -------------------------------------------------------

  private scalar(token: HdlpToken): Scalar {
    if (!(token instanceof HdlpToken)) return this.emptyScalar(this.origin);
    return { kind: "scalar", style: token.style, raw: token.image, value: token.value, range: { start: token.start, end: token.end } };
  }

  private keyNode(token: HdlpToken): KeyNode {
    return { kind: "key", text: token.value ?? "", range: this.rangeOf(token) };
  }

  private makeEntry(key: KeyNode, colon: HdlpToken | undefined, value: Value | null): Entry {
    const end = value ? value.range.end : (colon?.end ?? key.range.end);
    return { kind: "entry", key, value, range: { start: key.range.start, end: end ?? key.range.end } };
  }

  private blockMap(entries: Entry[], start: Position | undefined): MapNode {
    const last = entries[entries.length - 1];
    const from = start ?? this.origin;
    return { kind: "map", style: "block", entries: fitted(entries), range: { start: from, end: last ? last.range.end : from } };
  }

  private blockList(items: Value[], start: Position | undefined): ListNode {
    const last = items[items.length - 1];
    const from = start ?? this.origin;
    return { kind: "list", style: "block", items: fitted(items), range: { start: from, end: last ? last.range.end : from } };
  }

  private emptyMap(at: Position): MapNode {
    return { kind: "map", style: "block", entries: [], range: { start: at, end: at } };
  }

  /** The value of an item written as a bare `-`: an empty plain scalar where the value would be. */
  private emptyScalar(at: Position): Scalar {
    return { kind: "scalar", style: "plain", raw: "", value: "", range: { start: at, end: at } };
  }

  /**
   * Where a bracketed collection ends: at its closer, which the Scanner puts
   * where the content ended when the author left it open. (A closer invented
   * by Chevrotain's recovery has no place; the opener's end stands in.)
   */
  private closeEnd(close: HdlpToken, open: HdlpToken): Position {
    return close instanceof HdlpToken ? close.end : open.end;
  }

  /** A token's range; tokens invented by Chevrotain's recovery have none, so they get the origin. */
  private rangeOf(token: HdlpToken): Range {
    if (!(token instanceof HdlpToken)) return { start: this.origin, end: this.origin };
    return { start: token.start, end: token.end };
  }

  private errorNode(range: Range): ErrorNode {
    return { kind: "error", text: this.text.slice(range.start.offset, range.end.offset), range };
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
      const range = token.start && token.end ? { start: token.start, end: token.end } : { start: this.origin, end: this.origin };
      const found = token.image ? quoteSource(token.image) : "the end of the file";
      return syntaxDiagnostic("syntax", `Unexpected ${found}.`, range);
    });
  }
}
