import { describe, expect, it } from "vitest";
import { globPattern, toolFilter } from "./tool-filter.ts";

describe("toolFilter", () => {
  it("reads * and ? as globs and everything else literally", () => {
    expect(globPattern("git-*").test("git-ops")).toBe(true);
    expect(globPattern("git-*").test("agit-ops")).toBe(false);
    expect(globPattern("a.b").test("a.b")).toBe(true);
    expect(globPattern("a.b").test("axb")).toBe(false);
    expect(globPattern("t?").test("t1")).toBe(true);
    expect(globPattern("t?").test("t12")).toBe(false);
  });

  it("lets deny win over allow, allows all with an empty allow list, and lets --tools only narrow", () => {
    const names = ["git-log", "git-push", "shell-exec", "file-read"];
    const keep = (options: Parameters<typeof toolFilter>[0]) => names.filter(toolFilter(options));
    expect(keep({})).toEqual(names);
    expect(keep({ policy: { allow: [], deny: ["shell-*"] } })).toEqual(["git-log", "git-push", "file-read"]);
    expect(keep({ policy: { allow: ["git-*"], deny: ["git-push"] } })).toEqual(["git-log"]);
    expect(keep({ policy: { allow: ["git-*"], deny: [] }, narrow: ["*-push", "file-*"] })).toEqual(["git-push"]);
  });
});
