/**
 * Inputs for property tests of anything that reads TOOL.hdlp text (the
 * parser, the linter's fixes, the formatter, the language service): clean
 * files in every line-ending style, and text made of what matters to the syntax.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";

const seed = readFileSync(new URL("testdata/seed.hdlp", import.meta.url), "utf8");
export const variants = [
  seed,
  seed.replace(/\n/g, "\r\n"),
  seed.replace(/\n/g, "\r"),
  `\uFEFF${seed}`,
  "p:\n  a: {\n    b: [1, 'x', { c: \"d\\n\" }],\n  }\n  l:\n    - k: v\n      m: |\n        text\n    - [z]\nwhy: >-\n  folded\n  text # no comment\n# end\n",
];

/** Text made by joining up to `maxLength` pieces, each one of `atoms`. */
export function textOf(atoms: readonly string[], maxLength: number): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...atoms), { maxLength }).map((parts) => parts.join(""));
}

/** One of `texts` with a few pieces inserted, deleted or replaced, each insertion made by `insert`. */
export function mutationsOf(texts: readonly string[], insert: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...texts), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 4 }), insert), { minLength: 1, maxLength: 6 })).map(([text, edits]) => {
    let out = text;
    for (const [at, remove, inserted] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + inserted + out.slice(i + remove);
    }
    return out;
  });
}

/** The characters and pieces that matter to the syntax. */
export const syntaxAtoms: readonly string[] = [
  "a",
  "键",
  "😀",
  ":",
  ": ",
  " ",
  "  ",
  "\n",
  "\r\n",
  "\r",
  "\t",
  "{",
  "}",
  "[",
  "]",
  ",",
  "- ",
  "#",
  " #",
  '"',
  "'",
  "\\",
  "|",
  ">",
  "-",
  "+",
  "2",
  "\uFEFF",
];

/** Text built from the characters that matter to the syntax. */
export const syntaxy = textOf(syntaxAtoms, 200);

/** A valid file with a few characters inserted, deleted or replaced. */
export const mutated = mutationsOf(variants, fc.string({ maxLength: 3, unit: "binary" }));
