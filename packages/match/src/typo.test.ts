import { describe, expect, it } from "vitest";
import { differsInOneChar, pinyinKey } from "./pinyin.ts";
import { TypoVocabulary } from "./typo.ts";

describe("pinyinKey", () => {
  it("spells a word in toneless pinyin", () => {
    expect(pinyinKey("删除")).toBe("shan chu");
    expect(pinyinKey("山除")).toBe("shan chu");
    expect(pinyinKey("列表")).toBe(pinyinKey("烈表"));
  });

  it("is undefined for characters outside the table", () => {
    expect(pinyinKey("abc")).toBeUndefined();
  });
});

describe("differsInOneChar", () => {
  it("holds for one substitution only", () => {
    expect(differsInOneChar("删除", "山除")).toBe(true);
    expect(differsInOneChar("删除", "删除")).toBe(false);
    expect(differsInOneChar("删除", "山出")).toBe(false);
    expect(differsInOneChar("删除", "删除了")).toBe(false);
  });
});

describe("TypoVocabulary", () => {
  const vocabulary = new TypoVocabulary(["restart", "deploy", "certificate"], ["删除", "列表", "提交", "检索"]);

  it("finds the Chinese word an input method slip meant", () => {
    expect(vocabulary.han("山除")).toEqual(["删除"]);
    expect(vocabulary.han("提叫")).toEqual(["提交"]);
    expect(vocabulary.han("捡索")).toEqual(["检索"]);
  });

  it("does not take a same-sounding word with two different characters", () => {
    expect(vocabulary.han("山出")).toEqual([]);
  });

  it("finds English words within the edit budget, nearest first", () => {
    expect(vocabulary.english("retsart")).toEqual(["restart"]);
    expect(vocabulary.english("certifcate")).toEqual(["certificate"]);
    expect(vocabulary.english("dploy")).toEqual(["deploy"]);
    expect(vocabulary.english("banana")).toEqual([]);
  });
});
