import { describe, expect, it } from "vitest";
import { normalizeText, pastSpaces, SpanMask, splitRuns } from "./normalize.ts";

describe("normalizeText", () => {
  it("folds full-width forms and case", () => {
    expect(normalizeText("ＧＩＴ：Log")).toBe("git:log");
  });

  it("writes traditional characters as the simplified ones they stand for, one for one", () => {
    expect(normalizeText("開個 Issue 記一下這個 bug")).toBe("开个 issue 记一下这个 bug");
    expect(normalizeText("回滾到上個版本")).toBe("回滚到上个版本");
    // 裡 lists itself among its simplified variants before 里
    expect(normalizeText("日誌裡")).toBe("日志里");
  });

  it("keeps the characters simplified text is typed in (乾 and 後 are in GB2312)", () => {
    expect(normalizeText("删除日志 然後乾杯")).toBe("删除日志 然後乾杯");
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

describe("pastSpaces", () => {
  it("finds where the text goes on after the spaces at an offset, or the offset itself when none are there", () => {
    expect(pastSpaces("kubectl  rollout", 7)).toBe(9);
    expect(pastSpaces("重启 nginx", 2)).toBe(3);
    expect(pastSpaces("nginx", 2)).toBe(2);
    expect(pastSpaces("end  ", 3)).toBe(5);
  });
});
