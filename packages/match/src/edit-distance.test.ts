import { describe, expect, it } from "vitest";
import { keepsEveryLetter, typoBudget, withinDistance } from "./edit-distance.ts";

describe("withinDistance", () => {
  it("counts substitutions, insertions, deletions and adjacent swaps as one edit", () => {
    expect(withinDistance("restart", "restsrt", 1)).toBe(true);
    expect(withinDistance("restart", "restar", 1)).toBe(true);
    expect(withinDistance("restart", "resttart", 1)).toBe(true);
    expect(withinDistance("restart", "retsart", 1)).toBe(true);
  });

  it("rejects words further than the budget", () => {
    expect(withinDistance("restart", "rstrat", 1)).toBe(false);
    expect(withinDistance("deploy", "destroy", 2)).toBe(false);
    expect(withinDistance("cert", "certificate", 2)).toBe(false);
  });
});

describe("typoBudget", () => {
  it("allows no typo in short words, one in mid-length words, two in long words", () => {
    expect(typoBudget(4)).toBe(0);
    expect(typoBudget(6)).toBe(1);
    expect(typoBudget(11)).toBe(2);
  });
});

describe("keepsEveryLetter", () => {
  it("holds for two neighbouring letters swapped, one letter dropped or one doubled", () => {
    expect(keepsEveryLetter("tga", "tag")).toBe(true);
    expect(keepsEveryLetter("isue", "issue")).toBe(true);
    expect(keepsEveryLetter("scle", "scale")).toBe(true);
    expect(keepsEveryLetter("tagg", "tag")).toBe(true);
    // a word of its own can have that shape too (cup, cpu): callers say where it is read
    expect(keepsEveryLetter("cup", "cpu")).toBe(true);
  });

  it("rejects a letter changed, a new letter added, and the word itself", () => {
    expect(keepsEveryLetter("mail", "tail")).toBe(false);
    expect(keepsEveryLetter("tags", "tag")).toBe(false);
    expect(keepsEveryLetter("tag", "tag")).toBe(false);
  });
});
