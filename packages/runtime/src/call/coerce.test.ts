import { describe, expect, it } from "vitest";
import { modelOf } from "../../test/tool-fixtures.ts";
import { coerceCliParams } from "./coerce.ts";

const tool = modelOf({
  name: "typed",
  command: "true",
  params: [
    'count: { type: integer, required: false, description: "n" }',
    'ratio: { type: number, required: false, description: "r" }',
    'force: { type: boolean, required: false, description: "f" }',
    'tags: { type: array, required: false, description: "t" }',
    'extra: { type: object, required: false, description: "e" }',
    'msg: { type: string, required: false, description: "m" }',
  ],
});

describe("coerceCliParams", () => {
  it("reads each key=value string by the param's declared type", () => {
    expect(coerceCliParams(tool.params, { count: "5", ratio: "0.5", force: "true", tags: "a,b", extra: '{"k":1}', msg: "5" })).toEqual({
      count: 5,
      ratio: 0.5,
      force: true,
      tags: ["a", "b"],
      extra: { k: 1 },
      msg: "5",
    });
  });

  it("reads negative numbers, booleans in their spellings, JSON lists and the empty list", () => {
    expect(coerceCliParams(tool.params, { count: "-2", force: "no", tags: '["a b", "c,d"]' })).toEqual({ count: -2, force: false, tags: ["a b", "c,d"] });
    expect(coerceCliParams(tool.params, { force: "YES", tags: "" })).toEqual({ force: true, tags: [] });
  });

  it("leaves what cannot be read as the declared type as the string it was, for validation to name", () => {
    expect(coerceCliParams(tool.params, { count: "5.5", ratio: "abc", force: "maybe", extra: "{bad" })).toEqual({
      count: "5.5",
      ratio: "abc",
      force: "maybe",
      extra: "{bad",
    });
  });

  it("reads each item of a comma list by the type its param's `items` declares", () => {
    const typed = modelOf({
      name: "typed-items",
      command: "true [{ports}] [{flags}]",
      params: [
        'ports: { type: array, required: false, description: "p", items: integer }',
        'flags: { type: array, required: false, description: "f", items: { type: boolean } }',
      ],
    });
    expect(coerceCliParams(typed.params, { ports: "80,443,x", flags: "yes,0" })).toEqual({ ports: [80, 443, "x"], flags: [true, false] });
  });

  it("keeps an undeclared param a string", () => {
    expect(coerceCliParams(tool.params, { unknown: "5" })).toEqual({ unknown: "5" });
  });
});
