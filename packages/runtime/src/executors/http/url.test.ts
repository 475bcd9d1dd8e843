import { describe, expect, it } from "vitest";
import { InvalidCallError } from "../executor.ts";
import { HARMLESS_DOTS, HOSTILE_VALUES } from "../../../test/hostile-values.ts";
import { dotSegmentIn, filePath, joinUrl, pathSegment } from "./url.ts";

describe("dot segments", () => {
  it.each(HOSTILE_VALUES)("%j holds one", (value) => {
    expect(dotSegmentIn(value)).toMatch(/^holds the segment `[^`]+`/);
  });

  it.each(HARMLESS_DOTS)("%j holds none", (value) => {
    expect(dotSegmentIn(value)).toBeUndefined();
  });

  it("the parser would fold each of them: the reason they are refused rather than encoded", () => {
    // What the rule guards against, shown on the parser itself (Node's URL is the WHATWG parser).
    for (const spelling of [".", "%2e", "..", ".%2e", "%2e.", "%2E%2E", ".\t."]) {
      expect(new URL(`http://h/repos/a/b/${spelling}/x`).pathname).not.toContain(`/b/${spelling}/`);
    }
  });
});

describe("pathSegment and filePath", () => {
  it("a segment cannot add a segment, a query or a fragment", () => {
    expect(pathSegment("a/b?c#d", "id")).toBe("a%2Fb%3Fc%23d");
  });

  it("a file path keeps its slashes and encodes the rest", () => {
    expect(filePath("/docs/运维 笔记#1.md", "path")).toBe("docs/%E8%BF%90%E7%BB%B4%20%E7%AC%94%E8%AE%B0%231.md");
    expect(filePath("tools/", "path")).toBe("tools");
    expect(filePath("", "path")).toBe("");
  });

  it("refuses a value with a dot segment, naming the param", () => {
    const error = (() => {
      try {
        filePath("../../../bob/private/contents/secret.txt", "path");
      } catch (thrown) {
        return thrown as InvalidCallError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidCallError);
    expect(error!.param).toBe("path");
    expect(error!.message).toBe(
      'path "../../../bob/private/contents/secret.txt" holds the segment `..`, which a URL parser or the server would read as "this folder" or "the folder above"; it is refused so that it cannot leave its place in the URL',
    );
  });

  it("refuses an empty segment: it would change the path", () => {
    expect(() => pathSegment("", "index")).toThrow("index is empty");
    expect(() => filePath("a//b", "path")).toThrow("has an empty segment");
  });
});

describe("joinUrl", () => {
  it("keeps the base's own path and adds the query, as the URL parser writes it", () => {
    expect(joinUrl("https://h/api/", "/modules/7", { q: "运维", n: 2, skip: undefined, none: null })).toBe("https://h/api/modules/7?q=%E8%BF%90%E7%BB%B4&n=2");
    expect(joinUrl("http://H:80", "/x")).toBe("http://h/x");
  });

  it("repeats the key for a list, or joins it with commas where the server reads one value; an object is JSON", () => {
    expect(joinUrl("http://h", "x", { tag: ["a", "b"], filter: { level: "error" } })).toBe("http://h/x?tag=a&tag=b&filter=%7B%22level%22%3A%22error%22%7D");
    expect(joinUrl("http://h", "x", { labels: ["bug", "ui"] }, { labels: "csv" })).toBe("http://h/x?labels=bug%2Cui");
    expect(() => joinUrl("http://h", "x", { labels: ["a,b"] }, { labels: "csv" })).toThrow('labels: "a,b" holds a comma');
  });

  it("checks query values as it checks path segments", () => {
    expect(() => joinUrl("http://h", "x", { path: "../../etc" })).toThrow(InvalidCallError);
    expect(() => joinUrl("http://h", "x", { ref: ["main", "%2e%2e"] })).toThrow(/ref "%2e%2e" holds the segment/);
  });
});
