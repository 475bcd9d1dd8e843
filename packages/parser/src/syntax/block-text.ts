/**
 * The value of `|` (literal) and `>` (folded) block text, as YAML defines it.
 *
 * `lines` are the block's lines with the block's indentation removed, from the
 * first line after the header to the last non-blank one; `trailingBlank` is
 * how many blank lines followed (they matter only for `+`).
 */
export type Chomping = "clip" | "strip" | "keep";

/** What the header of block text says: `|` or `>`, then up to two indicators, a chomping `-`/`+` and an indentation digit, in either order. */
export interface BlockHeader {
  readonly folded: boolean;
  readonly chomping: Chomping;
  /** The content's indentation past the enclosing block's, 1 to 9; 0 when not given (found from the first line). */
  readonly explicitIndent: number;
  /** Offset just past the indicators. */
  readonly end: number;
}

/** The header starting at `at` (a `|` or `>`), read no further than `lineEnd`. */
export function readBlockHeader(text: string, at: number, lineEnd: number): BlockHeader {
  let chomping: Chomping = "clip";
  let explicitIndent = 0;
  let i = at + 1;
  for (let n = 0; n < 2 && i < lineEnd; n++, i++) {
    const c = text[i] as string;
    if ((c === "-" || c === "+") && chomping === "clip") chomping = c === "-" ? "strip" : "keep";
    else if (c >= "1" && c <= "9" && explicitIndent === 0) explicitIndent = c.charCodeAt(0) - 48;
    else break;
  }
  return { folded: text.charCodeAt(at) === 62, chomping, explicitIndent, end: i };
}

export function blockTextValue(lines: readonly string[], folded: boolean, chomping: Chomping, trailingBlank: number): string {
  if (lines.length === 0) return chomping === "keep" ? "\n".repeat(trailingBlank) : "";
  const body = folded ? fold(lines) : lines.join("\n");
  if (chomping === "strip") return body;
  if (chomping === "clip") return `${body}\n`;
  return `${body}\n${"\n".repeat(trailingBlank)}`;
}

const moreIndented = (line: string): boolean => line.startsWith(" ") || line.startsWith("\t");

/**
 * Folding: a line break between two lines of prose becomes a space; each
 * blank line stands for one newline; breaks around more-indented lines stay.
 */
function fold(lines: readonly string[]): string {
  let out = "";
  let previous: string | undefined;
  let lastProse: string | undefined;
  for (const line of lines) {
    if (line === "") {
      out += "\n";
    } else if (previous === undefined) {
      out += line;
    } else if (previous === "") {
      if (lastProse !== undefined && (moreIndented(line) || moreIndented(lastProse))) out += "\n";
      out += line;
    } else {
      out += moreIndented(line) || moreIndented(previous) ? `\n${line}` : ` ${line}`;
    }
    if (line !== "") lastProse = line;
    previous = line;
  }
  return out;
}
