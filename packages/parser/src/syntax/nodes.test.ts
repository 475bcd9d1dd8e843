import { describe, expect, it } from "vitest";
import { parse } from "./parse.ts";

describe("the tree's nodes", () => {
  const { document } = parse("name: a\nparams_schema:\n  cmd: { type: string }\n");
  const name = document.field("name")!;

  it("work out a range once and hand out that same range after", () => {
    const first = name.value!.range;
    expect(first).toEqual({ start: { offset: 6, line: 0, character: 6 }, end: { offset: 7, line: 0, character: 7 } });
    expect(name.value!.range).toBe(first);
  });

  it("print as JSON with their range and without the text they were parsed from", () => {
    const json = JSON.parse(JSON.stringify(document.field("params_schema")));
    expect(json.range).toEqual({ start: { offset: 8, line: 1, character: 0 }, end: { offset: 46, line: 2, character: 23 } });
    expect(json.value.entries[0].value.entries[0].key).toMatchObject({ kind: "key", text: "type", range: { start: { line: 2, character: 9 } } });
    expect(JSON.stringify(document.root)).not.toContain("lineStarts");
  });
});
