import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./values.ts";

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
