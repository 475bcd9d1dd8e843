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

/** Text built from the characters that matter to the syntax. */
export const syntaxy = fc
  .array(
    fc.constantFrom(
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
    ),
    {
      maxLength: 200,
    },
  )
  .map((parts) => parts.join(""));

/** A valid file with a few characters inserted, deleted or replaced. */
export const mutated = fc
  .tuple(
    fc.constantFrom(...variants),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 4 }), fc.string({ maxLength: 3, unit: "binary" })), { minLength: 1, maxLength: 6 }),
  )
  .map(([text, edits]) => {
    let out = text;
    for (const [at, remove, insert] of edits) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + insert + out.slice(i + remove);
    }
    return out;
  });
