import { describe, expect, it } from "vitest";
import { normalizeText, SpanMask, splitRuns } from "./normalize.ts";

describe("normalizeText", () => {
  it("folds full-width forms and case", () => {
    expect(normalizeText("ＧＩＴ：Log")).toBe("git:log");
  });
});

describe("splitRuns", () => {
  it("alternates Han and other runs with their offsets", () => {
    expect(splitRuns("重启 nginx 服务")).toEqual([
      { kind: "han", text: "重启", start: 0 },
      { kind: "other", text: " nginx ", start: 2 },
      { kind: "han", text: "服务", start: 9 },
    ]);
  });
});

describe("SpanMask", () => {
  it("covers a stretch only when every offset of it is marked", () => {
    const mask = new SpanMask(10, [[2, 5]]);
    expect(mask.covers(2, 5)).toBe(true);
    expect(mask.covers(3, 4)).toBe(true);
    expect(mask.covers(4, 6)).toBe(false);
    expect(mask.covers(3, 3)).toBe(false);
  });
});
