/**
 * The token vocabulary of the grammar.
 *
 * Tokens are produced by the hand-written Scanner (./scanner.ts), not by a
 * Chevrotain Lexer: what a character means depends on the line's indentation
 * and on whether we are inside `{ … }`/`[ … ]`, which a regex lexer cannot
 * see cheaply. So every type has `Lexer.NA` as its pattern; the types exist
 * for the grammar (./grammar.ts) to match on.
 */
import { createToken, Lexer, type IToken, type TokenType } from "chevrotain";
import type { Position, ScalarStyle } from "./ast.ts";

/** Any scalar: the grammar consumes this category and reads the style from the token. */
export const ScalarToken = createToken({ name: "ScalarToken", pattern: Lexer.NA });
export const Plain = createToken({ name: "Plain", pattern: Lexer.NA, categories: ScalarToken, label: "value" });
export const DoubleQuoted = createToken({ name: "DoubleQuoted", pattern: Lexer.NA, categories: ScalarToken, label: "string" });
export const SingleQuoted = createToken({ name: "SingleQuoted", pattern: Lexer.NA, categories: ScalarToken, label: "string" });
export const BlockText = createToken({ name: "BlockText", pattern: Lexer.NA, categories: ScalarToken, label: "block text" });

/** A key at the start of a block line (`name:`); keys inside `{ }` are scalars. */
export const Key = createToken({ name: "Key", pattern: Lexer.NA, label: "key" });
export const Colon = createToken({ name: "Colon", pattern: Lexer.NA, label: "`:`" });
export const Dash = createToken({ name: "Dash", pattern: Lexer.NA, label: "`-`" });
export const Comma = createToken({ name: "Comma", pattern: Lexer.NA, label: "`,`" });
export const LCurly = createToken({ name: "LCurly", pattern: Lexer.NA, label: "`{`" });
export const RCurly = createToken({ name: "RCurly", pattern: Lexer.NA, label: "`}`" });
export const LSquare = createToken({ name: "LSquare", pattern: Lexer.NA, label: "`[`" });
export const RSquare = createToken({ name: "RSquare", pattern: Lexer.NA, label: "`]`" });

/** Indentation structure, as in Python: one Newline ends each line that holds tokens. */
export const Newline = createToken({ name: "Newline", pattern: Lexer.NA, label: "end of line" });
export const Indent = createToken({ name: "Indent", pattern: Lexer.NA, label: "indentation" });
export const Dedent = createToken({ name: "Dedent", pattern: Lexer.NA, label: "end of indentation" });

export const ALL_TOKENS: TokenType[] = [
  ScalarToken,
  Plain,
  DoubleQuoted,
  SingleQuoted,
  BlockText,
  Key,
  Colon,
  Dash,
  Comma,
  LCurly,
  RCurly,
  LSquare,
  RSquare,
  Newline,
  Indent,
  Dedent,
];

/**
 * A token as the Scanner makes it: a Chevrotain IToken plus its exact place
 * (end exclusive) and, for scalars and keys, the decoded text.
 *
 * The place is kept as plain numbers (`end` exclusive) and `start`/`end` build
 * Position objects on demand: most tokens (commas, colons, line ends) never
 * need one, and the Scanner makes tokens without making positions first.
 */
export class HdlpToken implements IToken {
  readonly tokenTypeIdx: number;
  readonly startOffset: number;
  /** Inclusive, as Chevrotain counts it. */
  readonly endOffset: number;
  readonly line: number;
  readonly character: number;
  readonly endLine: number;
  readonly endCharacter: number;
  /** Set by Chevrotain on tokens it invents while recovering (never on ours). */
  declare readonly isInsertedInRecovery?: boolean;

  constructor(
    readonly tokenType: TokenType,
    readonly image: string,
    start: number,
    end: number,
    line: number,
    character: number,
    endLine: number,
    endCharacter: number,
    /** Decoded value of a scalar or key; the image for other tokens. */
    readonly value: string,
    readonly style: ScalarStyle,
    /** Made up by the Scanner to close a bracket (or end a line) the author left open. */
    readonly synthetic: boolean,
  ) {
    this.tokenTypeIdx = tokenType.tokenTypeIdx as number;
    this.startOffset = start;
    this.endOffset = end - 1;
    this.line = line;
    this.character = character;
    this.endLine = endLine;
    this.endCharacter = endCharacter;
  }

  get start(): Position {
    return { offset: this.startOffset, line: this.line, character: this.character };
  }

  get end(): Position {
    return { offset: this.endOffset + 1, line: this.endLine, character: this.endCharacter };
  }
}
