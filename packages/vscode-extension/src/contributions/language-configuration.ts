/**
 * The language configuration of `hdlp`: `#` comments, bracket pairs,
 * auto-closing quotes and braces, folding by indentation, and one more level
 * of indentation after a key that opens a block (`params_schema:`,
 * `constraints:`, a param's name, `why: |`).
 */

/** A line ending in a key with no value (a comment may follow), or in a `|`/`>` block header. */
export const OPENS_BLOCK = String.raw`^\s*[^\s#:][^#]*:\s*(?:[|>][-+]?\s*)?(?:\s#.*)?$`;
/** A line that is only a closing bracket. */
const CLOSES_FLOW = String.raw`^\s*[}\]]\s*,?\s*$`;

export function buildLanguageConfiguration(): Record<string, unknown> {
  return {
    comments: { lineComment: "#" },
    brackets: [
      ["{", "}"],
      ["[", "]"],
    ],
    autoClosingPairs: [
      { open: "{", close: "}" },
      { open: "[", close: "]" },
      { open: '"', close: '"', notIn: ["string"] },
      { open: "'", close: "'", notIn: ["string"] },
    ],
    autoCloseBefore: ";:.,=}])> \n\t",
    surroundingPairs: [
      ["{", "}"],
      ["[", "]"],
      ['"', '"'],
      ["'", "'"],
    ],
    folding: { offSide: true },
    indentationRules: { increaseIndentPattern: OPENS_BLOCK, decreaseIndentPattern: CLOSES_FLOW },
    onEnterRules: [
      // Enter after `params_schema:` indents even where VS Code's auto-indent is not "full".
      { beforeText: OPENS_BLOCK, action: { indent: "indent" } },
      // Enter after a list item starts the next one.
      { beforeText: String.raw`^\s*-\s+\S`, action: { indent: "none", appendText: "- " } },
    ],
    wordPattern: String.raw`[^\s:,\[\]{}"'#]+`,
  };
}
