/**
 * LSP snippets (`$1`, `${1:text}`, `${1|a,b|}`, `$0`, `\$`) as CodeMirror
 * snippet templates (`${1:text}`, literal braces escaped with a backslash).
 * CodeMirror has no choice lists: a choice becomes a field holding its first
 * value, as LSP asks of clients without choice support. `$0`, the cursor's
 * place at the end, becomes the last field.
 */

type Piece = { readonly text: string } | { readonly stop: number; readonly text: string };

export function snippetTemplate(lsp: string): string {
  const { pieces } = readPieces(lsp, 0, false);
  const final = Math.max(0, ...pieces.map((piece) => ("stop" in piece ? piece.stop : 0))) + 1;
  return pieces.map((piece) => ("stop" in piece ? `\${${piece.stop === 0 ? final : piece.stop}:${literal(piece.text)}}` : literal(piece.text))).join("");
}

/** The pieces from `start` to the end of the snippet, or, `nested` in a placeholder, to its closing brace. */
function readPieces(lsp: string, start: number, nested: boolean): { pieces: Piece[]; end: number } {
  const pieces: Piece[] = [];
  let i = start;
  while (i < lsp.length) {
    const c = lsp[i]!;
    if (nested && c === "}") return { pieces, end: i + 1 };
    if (c === "\\" && "$}\\".includes(lsp[i + 1] ?? "-")) {
      pieces.push({ text: lsp[i + 1]! });
      i += 2;
      continue;
    }
    const field = /^\$(\d+)|^\$\{(\d+)([:|}])/.exec(lsp.slice(i, i + 16));
    if (!field) {
      pieces.push({ text: c });
      i++;
      continue;
    }
    i += field[0].length;
    if (field[1] !== undefined) {
      pieces.push({ stop: Number(field[1]), text: "" });
    } else if (field[3] === "}") {
      pieces.push({ stop: Number(field[2]), text: "" });
    } else if (field[3] === ":") {
      // A placeholder's text, fields inside it counting as their own text.
      const inner = readPieces(lsp, i, true);
      pieces.push({ stop: Number(field[2]), text: inner.pieces.map((piece) => piece.text).join("") });
      i = inner.end;
    } else {
      const close = lsp.indexOf("|}", i);
      const first = lsp.slice(i, close).split(/(?<!\\),/)[0]!;
      pieces.push({ stop: Number(field[2]), text: first.replace(/\\(.)/g, "$1") });
      i = close + 2;
    }
  }
  return { pieces, end: i };
}

/** Text that CodeMirror must not read as a field. */
function literal(text: string): string {
  return text.replace(/[{}]/g, (c) => `\\${c}`);
}
