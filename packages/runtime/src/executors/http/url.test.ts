import { describe, expect, it } from "vitest";
import { filePath, joinUrl, segment } from "./url.ts";

describe("joinUrl", () => {
  it("keeps the base's own path and adds the query", () => {
    expect(joinUrl("https://h/api/", "/modules/7", { q: "运维", n: 2, skip: undefined, none: null })).toBe("https://h/api/modules/7?q=%E8%BF%90%E7%BB%B4&n=2");
  });

  it("repeats the key for a list and writes an object as JSON", () => {
    expect(joinUrl("http://h", "x", { tag: ["a", "b"], filter: { level: "error" } })).toBe("http://h/x?tag=a&tag=b&filter=%7B%22level%22%3A%22error%22%7D");
  });
});

describe("path encoding", () => {
  it("a segment cannot add a segment, a query or a fragment", () => {
    expect(segment("../a/b?c#d")).toBe("..%2Fa%2Fb%3Fc%23d");
  });

  it("a file path keeps its slashes and encodes the rest", () => {
    expect(filePath("/docs/运维 笔记#1.md")).toBe("docs/%E8%BF%90%E7%BB%B4%20%E7%AC%94%E8%AE%B0%231.md");
  });
});
