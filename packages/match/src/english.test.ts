import { describe, expect, it } from "vitest";
import { englishWords, identifiers, isSForm, stem } from "./english.ts";

describe("stem", () => {
  it("makes inflections of one verb one word", () => {
    expect(new Set(["restart", "restarts", "restarted", "restarting"].map(stem))).toEqual(new Set(["restart"]));
    expect(new Set(["cache", "caches", "cached", "caching"].map(stem))).toEqual(new Set(["cach"]));
    expect(stem("stopped")).toBe(stem("stop"));
    expect(stem("entries")).toBe(stem("entry"));
    expect(stem("processes")).toBe("process");
  });

  it("leaves words that only look inflected alone", () => {
    expect(stem("status")).toBe("status");
    expect(stem("kill")).toBe("kill");
    expect(stem("killed")).toBe("kill");
    expect(stem("sha256")).toBe("sha256");
    expect(stem("log")).toBe("log");
  });
});

describe("englishWords", () => {
  it("reads letters with trailing digits as one word, with offsets from the base", () => {
    expect(englishWords("md5 of k8s-pods", 10).map((w) => [w.surface, w.start])).toEqual([
      ["md5", 10],
      ["of", 14],
      ["k8s", 17],
      ["pods", 21],
    ]);
  });
});

describe("identifiers", () => {
  it("finds names with inner punctuation", () => {
    expect(identifiers("run git-log then cache.get and git-log")).toEqual([
      { id: "git-log", index: 4 },
      { id: "cache.get", index: 17 },
      { id: "git-log", index: 31 },
    ]);
  });
});

describe("isSForm", () => {
  it("tells an -s form (a plural, a verb saying what something does) from a word that only ends in s", () => {
    const form = (word: string) => isSForm(englishWords(word, 0)[0]!);
    for (const word of ["queries", "commits", "restarts", "buckets"]) expect(form(word), word).toBe(true);
    for (const word of ["process", "status", "kubectl", "restart"]) expect(form(word), word).toBe(false);
  });
});
