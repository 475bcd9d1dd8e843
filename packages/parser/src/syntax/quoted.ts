/**
 * Quoted strings: `"…"` with backslash escapes, `'…'` where `''` is a quote.
 * A quoted string ends on the line where it starts (`lineEnd`), so a missing
 * quote costs one line, never the rest of the file.
 */

const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;

/** A problem inside a string, as offsets; the Scanner turns it into a diagnostic. */
export interface EscapeProblem {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface QuotedString {
  /** Offset after the closing quote, or `lineEnd` when there is none. */
  readonly end: number;
  readonly value: string;
  readonly terminated: boolean;
  readonly problems: readonly EscapeProblem[];
}

/** Single-character escapes of double-quoted strings (a subset of YAML's, JSON's included). */
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
};
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
const NO_PROBLEMS: readonly EscapeProblem[] = [];

/** Offset of the quote closing the string that opens at `start`, or -1 if the line has none. */
export function closingQuote(text: string, start: number, lineEnd: number): number {
  const quote = text.charCodeAt(start);
  for (let i = start + 1; i < lineEnd; i++) {
    const c = text.charCodeAt(i);
    if (quote === DQUOTE && c === BACKSLASH) i++;
    else if (c === quote) {
      if (quote === SQUOTE && text.charCodeAt(i + 1) === SQUOTE) i++;
      else return i;
    }
  }
  return -1;
}

/** Read and decode the quoted string that opens at `start` (a `"` or `'`). */
export function readQuoted(text: string, start: number, lineEnd: number): QuotedString {
  const quote = text.charCodeAt(start);
  let problems = NO_PROBLEMS as EscapeProblem[];
  let value = "";
  let segment = start + 1;
  let i = start + 1;
  let terminated = false;
  while (i < lineEnd) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      if (quote === SQUOTE && text.charCodeAt(i + 1) === SQUOTE) {
        value += text.slice(segment, i + 1);
        i += 2;
        segment = i;
        continue;
      }
      terminated = true;
      break;
    }
    if (c === BACKSLASH && quote === DQUOTE) {
      value += text.slice(segment, i);
      const decoded = decodeEscape(text, i, lineEnd);
      if (decoded.problem) {
        if (problems === NO_PROBLEMS) problems = [];
        problems.push(decoded.problem);
      }
      value += decoded.text;
      i += decoded.length;
      segment = i;
      continue;
    }
    i++;
  }
  value += text.slice(segment, i);
  return { end: terminated ? i + 1 : lineEnd, value, terminated, problems };
}

/** The escape at `i` (a backslash): its decoded text, its source length, and what is wrong with it. */
function decodeEscape(text: string, i: number, lineEnd: number): { text: string; length: number; problem?: EscapeProblem } {
  const letter = i + 1 < lineEnd ? text[i + 1] : undefined;
  if (letter === undefined) {
    return { text: "\\", length: 1, problem: { start: i, end: i + 1, message: "A `\\` must be followed by an escape; write `\\\\` for a backslash." } };
  }
  const simple = ESCAPES[letter];
  if (simple !== undefined) return { text: simple, length: 2 };
  const digits = HEX_DIGITS[letter];
  if (digits === undefined) {
    const message = `Unknown escape \`\\${letter}\`; the escapes are \\" \\\\ \\/ \\0 \\a \\b \\t \\n \\v \\f \\r \\e \\xHH \\uHHHH \\UHHHHHHHH (write \`\\\\\` for a backslash).`;
    return { text: text.slice(i, i + 2), length: 2, problem: { start: i, end: i + 2, message } };
  }
  const hex = text.slice(i + 2, Math.min(i + 2 + digits, lineEnd));
  if (hex.length === digits && /^[0-9A-Fa-f]+$/.test(hex)) {
    const code = parseInt(hex, 16);
    if (code <= 0x10ffff) return { text: String.fromCodePoint(code), length: 2 + digits };
  }
  let length = 2;
  while (length < 2 + digits && i + length < lineEnd && /[0-9A-Fa-f]/.test(text[i + length] as string)) length++;
  const message = `\`\\${letter}\` needs ${digits} hexadecimal digits${letter === "U" ? " up to 10FFFF" : ""}.`;
  return { text: text.slice(i, i + length), length, problem: { start: i, end: i + length, message } };
}
