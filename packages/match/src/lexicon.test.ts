import { describe, expect, it } from "vitest";
import { buildLexicon, defaultLexicon, englishKey, type ThesaurusData } from "./lexicon.ts";

const stopwords = { zh: ["的", "帮我"], en: ["the"] };
const sense = (zh: string[], en: string[], more: object = {}) => ({ means: "a test sense", zh, en, ...more });
const thesaurus = (parts: Partial<ThesaurusData>): ThesaurusData => ({ operations: {}, objects: {}, aspects: {}, ...parts });

describe("buildLexicon", () => {
  it("maps Chinese phrases and stemmed English words to their senses, a word to several if listed so", () => {
    const lexicon = buildLexicon(
      thesaurus({ operations: { restart: sense(["重启"], ["Restarting"], { effect: "change" }), start: sense(["启动"], ["restart"], { effect: "change" }) } }),
      stopwords,
    );
    expect(lexicon.hanPhrases.get("重启")).toEqual(["restart"]);
    expect(lexicon.englishPhrases.get("restart")).toEqual(["restart", "start"]);
  });

  it("knows each sense's class, effect, what it serves and what it includes, transitively", () => {
    const lexicon = buildLexicon(
      thesaurus({
        operations: {
          write: sense(["写入"], ["write"], { effect: "change", serves: ["create"] }),
          create: sense(["新建"], ["create"], { effect: "change", general: true }),
        },
        objects: {
          path: sense(["路径"], ["path"], { includes: ["file"] }),
          file: sense(["文件"], ["file"], { includes: ["log"] }),
          log: sense(["日志"], ["log"]),
        },
        aspects: { recent: sense(["最近"], ["recent"]) },
      }),
      stopwords,
    );
    expect(lexicon.senses.get("write")).toMatchObject({ class: "operation", effect: "change", serves: ["create"], general: false });
    expect(lexicon.senses.get("create")?.general).toBe(true);
    expect(lexicon.senses.get("create")?.light).toBe(false);
    expect([...lexicon.senses.get("path")!.includes].sort()).toEqual(["file", "log"]);
    expect(lexicon.senses.get("recent")?.class).toBe("aspect");
  });

  it("marks a light verb, whose words may sit in the sense they most often have too", () => {
    const lexicon = buildLexicon(
      thesaurus({
        operations: {
          do: sense(["开个", "搞"], [], { effect: "change", general: true, light: true }),
          create: sense(["开个", "新建"], ["create"], { effect: "change", general: true }),
        },
      }),
      stopwords,
    );
    expect(lexicon.senses.get("do")?.light).toBe(true);
    expect(lexicon.hanPhrases.get("开个")).toEqual(["do", "create"]);
  });

  it("knows a Chinese entry's colloquial twin: 啥 for 什么 and 什么 for 啥", () => {
    const lexicon = buildLexicon(
      thesaurus({ operations: { compare: sense(["有什么不同"], [], { effect: "read" }), read: sense(["写了啥"], [], { effect: "read" }) } }),
      stopwords,
    );
    expect(lexicon.hanPhrases.get("有啥不同")).toEqual(["compare"]);
    expect(lexicon.hanPhrases.get("写了什么")).toEqual(["read"]);
  });

  it("finds nothing in an unrelated word, which hides the senses inside it", () => {
    const lexicon = buildLexicon(thesaurus({ objects: { table: sense(["表"], ["table"]) }, unrelated: { zh: ["表示"], en: [] } }), stopwords);
    expect(lexicon.hanPhrases.get("表示")).toEqual([]);
    expect(lexicon.hanPhrases.get("表")).toEqual(["table"]);
  });

  it("rejects a word in the wrong language list, naming it", () => {
    expect(() => buildLexicon(thesaurus({ operations: { mark: sense(["打tag"], [], { effect: "change" }) } }), stopwords)).toThrow(/打tag.*mark/);
    expect(() => buildLexicon(thesaurus({ operations: { mark: sense([], ["打标签"], { effect: "change" }) } }), stopwords)).toThrow(/打标签/);
  });

  it("rejects a sense defined twice, an operation without an effect, and a reference to no such sense", () => {
    expect(() =>
      buildLexicon(thesaurus({ operations: { tag: sense([], ["tag"], { effect: "change" }) }, objects: { tag: sense([], ["tag"]) } }), stopwords),
    ).toThrow(/"tag" is defined twice/);
    expect(() => buildLexicon(thesaurus({ operations: { view: sense([], ["view"]) } }), stopwords)).toThrow(/"view" needs an effect/);
    expect(() => buildLexicon(thesaurus({ operations: { write: sense([], ["write"], { effect: "change", serves: ["nothing"] }) } }), stopwords)).toThrow(
      /serves "nothing"/,
    );
    expect(() => buildLexicon(thesaurus({ objects: { path: sense([], ["path"], { includes: ["nothing"] }) } }), stopwords)).toThrow(/includes "nothing"/);
  });

  it("splits stop words into single characters and phrases", () => {
    const lexicon = buildLexicon(thesaurus({}), stopwords);
    expect(lexicon.hanStopChars.has("的")).toBe(true);
    expect("帮我看".match(lexicon.hanStopPattern)).toEqual(["帮我"]);
    expect(lexicon.englishStops.has("the")).toBe(true);
  });

  it("loads the bundled thesaurus: operations and objects in both languages", () => {
    const lexicon = defaultLexicon();
    const pairs = [
      ["提交", "commit"],
      ["重启", "restart"],
      ["日志", "log"],
      ["分支", "branch"],
      ["部署", "deploy"],
      ["回滚", "rollback"],
      ["磁盘", "disk"],
      ["证书", "cert"],
      ["藏起来", "stash"],
      ["写了啥", "read"],
      ["瞅一眼", "view"],
    ] as const;
    for (const [zh, en] of pairs) {
      const shared = lexicon.hanPhrases.get(zh)!.filter((c) => lexicon.englishPhrases.get(englishKey(en))!.includes(c));
      expect(shared, `${zh} / ${en}`).not.toEqual([]);
    }
  });

  it("names a shell command's operation (tar packs) and gives a word every sense it has (跑起来 starts a service and runs a pipeline)", () => {
    const lexicon = defaultLexicon();
    expect(lexicon.englishPhrases.get("tar")).toContain("compress");
    expect(lexicon.hanPhrases.get("跑起来")).toEqual(expect.arrayContaining(["start", "run"]));
    expect(lexicon.hanPhrases.get("搬家")).toContain("move");
    // a build that went red failed
    expect(lexicon.hanPhrases.get("红了")).toContain("error");
    // the API is an endpoint, and the service behind it (把 api 重启一下)
    expect(lexicon.englishPhrases.get("api")).toEqual(expect.arrayContaining(["http", "service"]));
    // a message is pushed onto a queue as code is pushed to a remote
    expect(lexicon.englishPhrases.get("push")).toEqual(expect.arrayContaining(["push", "enqueue"]));
    // close is 关闭 in English: it stops something, as shut down does
    expect(lexicon.englishPhrases.get(englishKey("close"))).toContain("stop");
    // 抓下来 takes the latest from a remote as 拉下来 does; put back returns to an earlier state as go back does
    expect(lexicon.hanPhrases.get("抓下来")).toContain("pull");
    expect(lexicon.englishPhrases.get(englishKey("put back"))).toContain("rollback");
    // 留个 / 加一条 leave what is done to their object, as 加个 does
    for (const light of ["留个", "留下", "加一条"]) expect(lexicon.hanPhrases.get(light), light).toContain("do");
  });
});

describe("englishKey", () => {
  it("stems each word of a phrase", () => {
    expect(englishKey("Pull-Requests")).toBe("pull request");
  });
});
