import { describe, expect, it } from "vitest";
import { isBlank, isCalendarDate } from "./values.ts";

describe("isCalendarDate", () => {
  it.each([
    ["2026-05-31", true],
    ["2028-02-29", true],
    ["2000-02-29", true],
    ["2026-02-29", false],
    ["1900-02-29", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-01", false],
    ["2026/01/01", false],
  ])("%s → %s", (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });
});

describe("isBlank", () => {
  const scalar = (value: string) =>
    ({
      kind: "scalar",
      style: "plain",
      raw: value,
      value,
      range: { start: { offset: 0, line: 0, character: 0 }, end: { offset: 0, line: 0, character: 0 } },
    }) as const;

  it("is true for nothing and for text of spaces only, Unicode spaces included", () => {
    for (const value of ["", " ", "\t", "\u3000", "\u00a0 ", "\ufeff", "\u2003\u2028"]) expect(isBlank(scalar(value)), JSON.stringify(value)).toBe(true);
    expect(isBlank(null)).toBe(true);
  });

  it("is false for any text with a character that is not a space, wherever it starts", () => {
    for (const value of ["a", "执行", " a", "\u3000执行", "é", "\u00a0x", "~", "\ufeffx"]) expect(isBlank(scalar(value)), JSON.stringify(value)).toBe(false);
  });

  it("is false for a map or a list: those are not blank, only not scalars", () => {
    const range = scalar("").range;
    expect(isBlank({ kind: "map", style: "flow", entries: [], range })).toBe(false);
    expect(isBlank(undefined)).toBe(false);
  });
});
