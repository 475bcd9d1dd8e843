import { describe, expect, it } from "vitest";
import { normalizeText, pathSpans, splitRuns, valueSpans } from "./normalize.ts";

const values = (text: string): string[] => valueSpans(text).map(([s, e]) => text.slice(s, e));

describe("normalizeText", () => {
  it("folds full-width forms and case", () => {
    expect(normalizeText("ＧＩＴ：Log")).toBe("git:log");
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

describe("valueSpans", () => {
  it("finds paths, quoted text, file names, numbers, versions and ids", () => {
    const text = normalizeText('把 /var/log/app.log 里 "timeout" 的行给 m-1088 看，版本 v2.3.1，共 600 行，读 dump.log');
    expect(values(text)).toEqual(expect.arrayContaining(["/var/log/app.log", '"timeout"', "m-1088", "v2.3.1", "600", "dump.log"]));
  });

  it("takes any token with a digit for a value, and leaves plain words alone", () => {
    expect(values("ping db01 和 web-02，看 nginx 日志")).toEqual(["db01", "web-02"]);
  });

  it("takes a Chinese unit after a number as part of the value", () => {
    expect(values("6 月 18 号记下的，保留 600 秒")).toEqual(expect.arrayContaining(["6 月", "18 号", "600 秒"]));
  });

  it("takes what follows a colon for content, but not a key like deploy:last", () => {
    expect(values(normalizeText("记住：明天要续证书"))).toEqual(["明天要续证书"]);
    expect(values(normalizeText("run this promql: rate(x)"))).toEqual([" rate(x)"]);
    expect(values("cache key deploy:last")).toEqual([]);
  });

  it("does not let trailing punctuation or Chinese text into a value", () => {
    expect(values("版本v2.3.1，路径/srv/app。")).toEqual(["v2.3.1", "/srv/app"]);
  });
});

describe("pathSpans", () => {
  it("finds filesystem paths, not URLs or plain words", () => {
    const text = "读 /etc/hosts 和 ~/notes.md，再 curl https://example.com/a 看 ./build";
    expect(pathSpans(text).map(([s, e]) => text.slice(s, e))).toEqual(["/etc/hosts", "~/notes.md", "./build"]);
  });
});
