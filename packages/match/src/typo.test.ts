import { describe, expect, it } from "vitest";
import { differsInOneChar, fuzzyPinyinKey, nearSyllables, pinyinKey, syllableKeys } from "./pinyin.ts";
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

describe("fuzzyPinyinKey", () => {
  it("folds the sounds pinyin input methods confuse, and no others", () => {
    expect(fuzzyPinyinKey("sheng ji")).toBe(fuzzyPinyinKey("sen ji"));
    expect(fuzzyPinyinKey("zhi")).toBe("zi");
    expect(fuzzyPinyinKey("liu")).toBe("niu");
    expect(fuzzyPinyinKey("ming")).toBe("min");
    expect(fuzzyPinyinKey("gong")).toBe("gong");
    expect(fuzzyPinyinKey("ba")).not.toBe(fuzzyPinyinKey("pa"));
  });
});

describe("nearSyllables", () => {
  it("leaves a letter of a final uo out, or puts it in, when a syllable comes of it", () => {
    expect(nearSyllables("suo")).toEqual(["su"]);
    expect(nearSyllables("duo")).toEqual(["du"]);
    expect(nearSyllables("su")).toEqual(["suo"]);
    // no syllable comes of it (bo has no buo), or the final is another
    expect(nearSyllables("bo")).toEqual([]);
    expect(nearSyllables("shan")).toEqual([]);
  });
});

describe("syllableKeys and spelled: a Chinese word written in pinyin", () => {
  it("splits Latin letters into pinyin syllables every way they split, and none for an English word", () => {
    expect(syllableKeys("jieya")).toContain("jie ya");
    expect(syllableKeys("xian")).toEqual(expect.arrayContaining(["xian", "xi an"]));
    expect(syllableKeys("deploy")).toEqual([]);
  });

  it.each([
    ["jieya", ["解压"]],
    ["shanchu", ["删除"]],
    // a single syllable spells no word: too many words of one syllable sound alike
    ["shan", []],
  ])("reads %s as %j", (letters, words) => {
    expect(new TypoVocabulary([], ["解压", "删除", "山"]).spelled(letters)).toEqual(words);
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
  const vocabulary = new TypoVocabulary(["restart", "deploy", "certificate", "list", "cnam"], ["删除", "列表", "提交", "检索", "升级", "部署"]);

  it("finds the Chinese word an input method slip meant", () => {
    expect(vocabulary.han("山除")).toEqual(["删除"]);
    expect(vocabulary.han("提叫")).toEqual(["提交"]);
    expect(vocabulary.han("捡索")).toEqual(["检索"]);
  });

  it("takes a same-sounding word whatever its characters when what was typed is no word (an input method offers whole words)", () => {
    expect(vocabulary.han("山出", false)).toEqual(["删除"]);
    expect(vocabulary.han("不属", false)).toEqual(["部署"]);
    expect(vocabulary.han("山出")).toEqual([]);
  });

  it("gives the words of the very same sound one character away from a word, whether or not it is a slip", () => {
    const words = new TypoVocabulary([], ["恢复", "回复", "升级"]);
    expect(words.homophones("回复")).toEqual(["恢复"]);
    // a near sound is no homophone
    expect(words.homophones("森级")).toEqual([]);
  });

  it("takes a word whose final uo is typed short, failing a fuzzy one, only where what was typed is no word", () => {
    const words = new TypoVocabulary([], ["压缩", "增加"]);
    expect(words.han("压宿", false)).toEqual(["压缩"]);
    expect(words.han("压宿")).toEqual([]);
  });

  it("takes a near-sounding word only with one character changed", () => {
    expect(vocabulary.han("森级")).toEqual(["升级"]);
    expect(vocabulary.han("森机")).toEqual([]);
  });

  it("finds English words within the edit budget, nearest first", () => {
    expect(vocabulary.english("retsart")).toEqual(["restart"]);
    expect(vocabulary.english("certifcate")).toEqual(["certificate"]);
    expect(vocabulary.english("dploy")).toEqual(["deploy"]);
    expect(vocabulary.english("banana")).toEqual([]);
  });

  it("takes the typed length for the budget, and two swapped letters in a short word", () => {
    expect(vocabulary.english("lsit")).toEqual(["list"]);
    expect(vocabulary.english("lost")).toEqual([]);
  });

  it("keeps the first letter: a slip rarely starts a word", () => {
    expect(vocabulary.english("unam", "uname")).toEqual([]);
  });

  it("finds the known word a short word keeps every letter of, swapped, dropped or doubled, with the same first letter", () => {
    const short = new TypoVocabulary(["tag", "issu", "scale", "tail", "start"], []);
    expect(short.shortEnglish("tga", "tga")).toEqual(["tag"]);
    expect(short.shortEnglish("isu", "isue")).toEqual(["issu"]);
    expect(short.shortEnglish("tagg", "tagg")).toEqual(["tag"]);
    expect(short.shortEnglish("scle", "scle")).toEqual(["scale"]);
    // a letter changed or added anew is another word; a long word has its own budget
    expect(short.shortEnglish("tale", "tale")).toEqual([]);
    expect(short.shortEnglish("tags", "tags")).toEqual([]);
    expect(short.shortEnglish("startt", "startt")).toEqual([]);
  });
});
