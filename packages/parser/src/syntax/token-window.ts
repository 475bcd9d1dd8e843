/**
 * The grammar's view of the token stream: tokens are scanned as the grammar
 * asks for them and let go once it has moved past them.
 *
 * Why not one array of every token, as Chevrotain does by default: a 1 MB
 * file is some 180,000 tokens, and an array keeps every one of them alive
 * until the parse ends. The collector then copies them from one young space
 * to the next and into the old one, which cost more than scanning them. Fed
 * line by line, a token dies young, where dying costs nothing.
 *
 * Chevrotain reads tokens only through LA / LA_FAST / SKIP_TOKEN and the
 * lexer-state methods, which it documents as the place to plug in a lazy
 * lexer; the grammar (./grammar.ts) overrides those to read from here.
 */
import { createTokenInstance, EOF, type IToken } from "chevrotain";

/** What feeds a window: the Scanner (./scanner.ts) scanning a line at a time. */
export interface TokenSource {
  /** Tokens out and not yet released; the window removes from the front. */
  readonly tokens: IToken[];
  /** Scan on until at least one more token is out; false once everything is. */
  more(): boolean;
}

/** Past the end (and before the start): Chevrotain's end-of-input token type. */
export const END_OF_INPUT: IToken = createTokenInstance(EOF, "", Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN);

/**
 * The grammar looks back at most one token (LA(0), in error messages) and
 * ahead at most two (LA(2), in recovery): anything further behind is free.
 */
const KEEP_BEHIND = 8;
/** Release in batches: removing a few tokens at a time would move the rest each time. */
const RELEASE_BATCH = 1024;

const NO_SOURCE: TokenSource = { tokens: [], more: () => false };

export class TokenWindow {
  readonly #source: TokenSource;
  readonly #tokens: IToken[];
  /** Index in the whole stream of `#tokens[0]`. */
  #base = 0;
  /** Oldest index Chevrotain may come back to (it saved its place to try a recovery). */
  #pinned = Number.POSITIVE_INFINITY;

  constructor(source: TokenSource = NO_SOURCE) {
    this.#source = source;
    this.#tokens = source.tokens;
  }

  /** The token at `index` in the whole stream; END_OF_INPUT past the end or before the start. */
  at(index: number): IToken {
    const i = index - this.#base;
    if (i >= 0 && i < this.#tokens.length) return this.#tokens[i] as IToken;
    return this.#fetch(index);
  }

  /** Chevrotain saved its place at `index` and may come back to it: keep every token from there on. */
  pin(index: number): void {
    if (index < this.#pinned) this.#pinned = index;
  }

  /** Scan to the end; the number of tokens in the whole stream. */
  drain(): number {
    while (this.#source.more());
    return this.#base + this.#tokens.length;
  }

  #fetch(index: number): IToken {
    if (index < this.#base) return END_OF_INPUT;
    this.#release(index);
    while (index - this.#base >= this.#tokens.length) if (!this.#source.more()) return END_OF_INPUT;
    return this.#tokens[index - this.#base] as IToken;
  }

  #release(index: number): void {
    const keepFrom = Math.min(index - KEEP_BEHIND, this.#pinned);
    const drop = keepFrom - this.#base;
    if (drop < RELEASE_BATCH) return;
    // By hand rather than splice, which would also build an array of what it removes.
    const tokens = this.#tokens;
    let kept = 0;
    for (let i = drop; i < tokens.length; i++) tokens[kept++] = tokens[i] as IToken;
    tokens.length = kept;
    this.#base += drop;
  }
}
