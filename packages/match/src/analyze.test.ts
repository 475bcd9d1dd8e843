import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { defaultLexicon } from "./lexicon.ts";

const keys = (text: string): string[] => analyze(text, defaultLexicon()).terms.map((t) => t.key);

describe("analyze", () => {
  it("segments mixed Chinese and English text into words, bigrams and concepts", () => {
    const terms = keys("查一下 nginx 的 error log");
    expect(terms).toEqual(expect.arrayContaining(["w:nginx", "w:error", "w:log", "c:nginx", "c:log", "c:view"]));
    // stop words carry no intent
    expect(terms).not.toContain("w:的");
    expect(terms).not.toContain("w:一下");
  });

  it("indexes Chinese by segmenter words and character bigrams", () => {
    const terms = keys("查看服务状态");
    expect(terms).toEqual(expect.arrayContaining(["w:查看", "w:服务", "w:状态", "b:查看", "b:看服", "b:服务", "b:务状", "b:状态", "c:service", "c:status"]));
  });

  it("reads thesaurus words by forward maximum matching: the longest at the leftmost place", () => {
    const terms = keys("重新启动服务");
    expect(terms).toContain("c:restart");
    expect(terms).not.toContain("c:start");
    // 检查一下 is 检查 then 一下, not 查一下; 测下到 is 测下, not 下到 (download)
    expect(keys("检查一下")).toContain("c:check");
    expect(keys("检查一下")).not.toContain("c:view");
    expect(keys("测下到 redis-01 的延迟")).not.toContain("c:download");
  });

  it("reads no thesaurus word across a particle the segmenter reads as one word (一下, 到底)", () => {
    // 一下到 is 一下 then 到, not download's 下到; 上到底 is 上 then 到底, not deploy's 上到
    expect(keys("追踪一下到 cdn.example.com 的路由")).not.toContain("c:download");
    expect(keys("这台机子上到底装没装 jq")).not.toContain("c:deploy");
    // a word that holds the particle whole is read (检查一下), and a word beside it too
    expect(keys("检查一下")).toContain("c:check");
    expect(keys("先下到本地再说")).toContain("c:download");
    expect(keys("统一下载到 /tmp")).toContain("c:download");
    // a stop phrase that holds a word (看看 holds 看) is no function word: 发给我看看 is still 发给我看, show me
    expect(analyze("工资条发给我看看", defaultLexicon()).terms.find((t) => t.key === "c:view")?.surface).toBe("发给我看");
  });

  it("finds nothing in a word that only holds a sense's characters", () => {
    expect(keys("0 表示永不过期")).not.toContain("c:table");
  });

  it("finds no one-character operation or object inside an everyday word that holds it without its meaning", () => {
    // 推荐 recommends (no push), 算法 is an algorithm (no compute), 库存 is stock (no database, no write), 继续 goes on (no renew)
    expect(keys("新的推荐算法")).not.toContain("c:push");
    expect(keys("新的推荐算法")).not.toContain("c:compute");
    expect(keys("库存为零的商品")).not.toContain("c:database");
    expect(keys("库存为零的商品")).not.toContain("c:write");
    expect(keys("继续观察")).not.toContain("c:renew");
    expect(keys("关键日志")).not.toContain("c:key");
    // inventory is a stock of things (the inventory service), hardly ever a request to list
    expect(keys("restore the inventory database")).not.toContain("c:list");
    // the sense's own words are still read
    expect(keys("推到 origin")).toContain("c:push");
    expect(keys("删库")).toContain("c:database");
  });

  it("reads a two-character verb-object word split by a count or 一下 as the whole word (离合词)", () => {
    // 留个言 is 留言 (comment), not the light 留个; 校一下时 is 校时 (sync); 上个线 is 上线 (deploy)
    expect(keys("去 issue 88 底下留个言")).toContain("c:comment");
    expect(keys("去 issue 88 底下留个言")).not.toContain("c:do");
    expect(keys("时钟飘了，校一下时")).toContain("c:sync");
    expect(keys("帮我上个线")).toContain("c:deploy");
    // an unsplit light verb keeps its reading
    expect(keys("留个底")).toContain("c:backup");
    expect(keys("开个号")).toContain("c:do");
  });

  it("knows the colloquial upgrade 升, remember 记牢, fix 修, check 核一下, telling people, a periodic job and the English take a dump, each beside the words that hold them without their meaning", () => {
    expect(keys("能升的包都升一遍")).toContain("c:upgrade");
    expect(keys("接口性能提升了")).not.toContain("c:upgrade");
    expect(keys("take a dump of the billing database")).toContain("c:backup");
    expect(keys("这事帮铸渊记牢了")).toContain("c:remember");
    // to fix is to change how something is (修, 修复, fix), to 核一下 to check; 装修 is no fix, 4 核 no check
    expect(keys("把权限修一修")).toContain("c:update");
    expect(keys("fix the permissions")).toContain("c:update");
    expect(keys("帮忙核一下")).toContain("c:check");
    expect(keys("办公室在装修")).not.toContain("c:update");
    expect(keys("两台云主机，4 核 8G")).not.toContain("c:check");
    // telling people: let them know, a heads up, ping someone, 跟他说一下
    expect(keys("ping ICE-GL-SY002 to let them know the backup finished")).toContain("c:send");
    expect(keys("跟霜砚说一下")).toContain("c:send");
    // a rolling update is a deployment
    expect(keys("这次滚动更新走到哪一步了")).toContain("c:deploy");
    expect(keys("a rolling update of web")).toContain("c:deploy");
    // a job on a schedule is said by its regularity too
    expect(keys("有啥周期性的活在跑")).toContain("c:cron");
    expect(keys("list the recurring jobs")).toContain("c:cron");
  });

  it("finds a phrasal verb with its object between verb and particle", () => {
    const analysis = analyze("roll order-api back to 1.7.4", defaultLexicon());
    const rollback = analysis.terms.find((t) => t.key === "c:rollback");
    expect(rollback?.surface).toBe("roll … back");
    expect(analysis.terms.map((t) => t.key)).not.toContain("c:rotate");
  });

  it("splits identifiers into parts and keeps the whole identifier", () => {
    expect(keys("git-log")).toEqual(expect.arrayContaining(["w:git", "w:log", "i:git-log"]));
    expect(keys("cache.get")).toEqual(expect.arrayContaining(["w:cach", "w:get", "i:cache.get"]));
  });

  it("gives camel-case words their parts as well as the whole word", () => {
    expect(keys("PromQL")).toEqual(expect.arrayContaining(["w:promql", "w:prom", "w:ql"]));
    expect(keys("cacheGet")).toEqual(expect.arrayContaining(["w:cacheget", "w:cach", "w:get"]));
  });

  it("matches English thesaurus phrases over several words", () => {
    expect(keys("open a pull request")).toContain("c:pull-request");
    expect(keys("roll back the release")).toContain("c:rollback");
  });

  it("folds full-width letters and upper case", () => {
    expect(keys("ＮＧＩＮＸ")).toContain("w:nginx");
  });

  it("keeps offsets that point at the surface text", () => {
    const analysis = analyze("重启 nginx，再看 git-log 和 git-log", defaultLexicon());
    for (const t of analysis.terms) expect(analysis.text.slice(t.start, t.end)).toBe(t.surface);
  });
});
