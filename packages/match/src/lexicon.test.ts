import { describe, expect, it } from "vitest";
import { buildLexicon, defaultLexicon, englishKey } from "./lexicon.ts";

const stopwords = { zh: ["的", "帮我"], en: ["the"] };

describe("buildLexicon", () => {
  it("maps Chinese phrases and stemmed English terms to their concepts, a term to several if listed so", () => {
    const lexicon = buildLexicon({ concepts: { restart: ["重启", "Restarting"], start: ["启动", "restart"] } }, stopwords);
    expect(lexicon.hanPhrases.get("重启")).toEqual(["restart"]);
    expect(lexicon.englishPhrases.get("restart")).toEqual(["restart", "start"]);
  });

  it("rejects an entry that mixes Chinese with other text, naming it", () => {
    expect(() => buildLexicon({ concepts: { tag: ["打tag"] } }, stopwords)).toThrow(/打tag.*tag/);
  });

  it("splits stop words into single characters and phrases", () => {
    const lexicon = buildLexicon({ concepts: {} }, stopwords);
    expect(lexicon.hanStopChars.has("的")).toBe(true);
    expect("帮我看".match(lexicon.hanStopPattern)).toEqual(["帮我"]);
    expect(lexicon.englishStops.has("the")).toBe(true);
  });

  it("loads the bundled thesaurus with the operations vocabulary in both languages", () => {
    const lexicon = defaultLexicon();
    for (const [zh, en] of [["提交", "commit"], ["重启", "restart"], ["日志", "log"], ["分支", "branch"], ["部署", "deploy"], ["回滚", "rollback"], ["磁盘", "disk"], ["证书", "cert"]] as const) {
      const shared = lexicon.hanPhrases.get(zh)!.filter((c) => lexicon.englishPhrases.get(englishKey(en))!.includes(c));
      expect(shared, `${zh} / ${en}`).not.toEqual([]);
    }
  });
});

describe("englishKey", () => {
  it("stems each word of a phrase", () => {
    expect(englishKey("Pull-Requests")).toBe("pull request");
  });
});
