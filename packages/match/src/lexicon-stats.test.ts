import { describe, expect, it } from "vitest";
import { thesaurusCoverage, thesaurusGaps } from "./lexicon-stats.ts";

describe("thesaurusGaps", () => {
  it("lists the content words no sense knows, most used first, with who uses them; not known words, stop words, numbers or values", () => {
    const gaps = thesaurusGaps([
      { owner: "feed-camel", text: "重启服务以后给骆驼喂草" },
      { owner: "zoo", text: "restart the zebra and the 骆驼 on /srv/zoo, 3 times" },
    ]);
    expect(gaps[0]).toEqual({ word: "骆驼", usedBy: ["feed-camel", "zoo"] });
    const words = gaps.map((g) => g.word);
    expect(words).toContain("zebra");
    for (const known of ["重启", "服务", "restart", "the", "and", "3", "srv", "zoo"]) expect(words, known).not.toContain(known);
  });
});

describe("thesaurusCoverage", () => {
  it("counts the share of intent words inside a thesaurus word, and the requests naming an operation and an object", () => {
    const coverage = thesaurusCoverage(["重启服务", "给骆驼喂草"]);
    expect(coverage.withOperation).toBe(0.5);
    expect(coverage.withObject).toBe(0.5);
    expect(coverage.inThesaurus).toBeGreaterThan(0);
    expect(coverage.inThesaurus).toBeLessThan(1);
  });
});
