/**
 * The Scanner's tokens as tools outside the parser read them (the language
 * service's cursor, packages/language-service/src/cursor.ts): the token types
 * and one question, "is this token of that type (or category)?".
 */
import { type TokenType, tokenMatcher } from "chevrotain";
import type { HdlpToken } from "./tokens.ts";

export { BlockText, Colon, Comma, Dash, Dedent, Indent, Key, LCurly, LSquare, Newline, RCurly, RSquare, ScalarToken } from "./tokens.ts";

export function tokenIs(token: HdlpToken, type: TokenType): boolean {
  return tokenMatcher(token, type);
}
