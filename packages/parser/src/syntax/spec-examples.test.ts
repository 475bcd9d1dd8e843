/**
 * The examples of docs/spec.md (the format part) are part of the contract: each one parses as
 * the page says (clean, unless it marks its errors with `# error`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "./parse.ts";

// The format part only: the linter maintains the section from "## Lint rules" on.
const spec = readFileSync(new URL("../../../../docs/spec.md", import.meta.url), "utf8").split("\n## Lint rules")[0] as string;
const examples = [...spec.matchAll(/^( *)```hdlp\n([\s\S]*?)^\1```/gm)].map((m) => {
  const indent = m[1] as string;
  return (m[2] as string)
    .split("\n")
    .map((line) => line.slice(indent.length))
    .join("\n");
});

describe("docs/spec.md examples", () => {
  it("are there", () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
  });

  examples.forEach((example, i) => {
    const marked = example.includes("# error");
    it(`example ${i + 1} parses ${marked ? "with the errors it marks" : "clean"}`, () => {
      const { diagnostics } = parse(example);
      const markedLines = example.split("\n").flatMap((line, n) => (line.includes("# error") ? [n] : []));
      expect(diagnostics.map((d) => d.range.start.line)).toEqual(marked ? markedLines : []);
    });
  });

  it("§9: the fields after the broken lines are all read", () => {
    const example = examples.find((e) => e.includes("is never closed")) as string;
    const { document } = parse(example);
    expect(document.entries.map((e) => e.key.text)).toEqual(["name", "params_schema", "why", "author"]);
    const params = document.field("params_schema")?.value;
    expect(params?.kind === "map" && params.entries.map((e) => e.key.text)).toEqual(["cmd", "cwd"]);
  });
});
