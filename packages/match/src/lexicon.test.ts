import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { buildLexicon, defaultLexicon, englishKey, type ThesaurusData } from "./lexicon.ts";
import { createMatcher } from "./matcher.ts";
import { tool } from "./testdata/tools.ts";

const stopwords = { zh: ["的", "帮我"], en: ["the"] };
const sense = (zh: string[], en: string[], more: object = {}) => ({ means: "a test sense", zh, en, ...more });
const thesaurus = (parts: Partial<ThesaurusData>): ThesaurusData => ({ operations: {}, objects: {}, aspects: {}, ...parts });

describe("buildLexicon", () => {
  it("maps Chinese phrases and stemmed English words to their senses, a word to several if listed so", () => {
    const lexicon = buildLexicon(
      thesaurus({
        operations: { restart: sense(["重启"], ["Restarting", "reboots"], { effect: "change" }), start: sense(["启动"], ["Restart"], { effect: "change" }) },
      }),
      stopwords,
    );
    expect(lexicon.hanPhrases.get("重启")).toEqual(["restart"]);
    expect(lexicon.englishPhrases.get("reboot")).toEqual(["restart"]);
    expect(lexicon.englishPhrases.get("restart")).toEqual(["start"]);
  });

  it("matches an English entry the stemmer would make another sense's word as written: it is that word only, and the other stays itself", () => {
    // running is a state, run an operation; queued says work piles up, a queue is a thing
    const lexicon = defaultLexicon();
    const senses = (text: string) =>
      analyze(text, lexicon)
        .terms.filter((t) => t.kind === "concept")
        .map((t) => t.key);
    expect(senses("is nginx running")).toContain("c:status");
    expect(senses("is nginx running")).not.toContain("c:run");
    expect(senses("run the job")).toContain("c:run");
    expect(senses("run the job")).not.toContain("c:status");
    expect(senses("purge the queue")).not.toContain("c:backlog");
    expect(senses("queued messages")).toContain("c:backlog");
    // other forms of the other sense's word are still it
    expect(senses("runs the job")).toContain("c:run");
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

  it("reads a compound made wholly of thesaurus words by its own sense and by its parts' things and aspects, each where it stands", () => {
    const lexicon = buildLexicon(
      thesaurus({
        operations: {
          query: sense(["查询", "查库"], [], { effect: "read" }),
          view: sense(["查"], [], { effect: "read" }),
          list: sense(["列表"], [], { effect: "read" }),
        },
        objects: {
          database: sense(["库", "慢查询"], []),
          repository: sense(["代码库"], []),
          code: sense(["代码"], []),
          queue: sense(["队列"], []),
          table: sense(["表"], []),
        },
        aspects: { slow: sense(["慢"], []), backlog: sense(["队列深度"], []) },
        unrelated: { zh: ["库存"], en: [] },
      }),
      stopwords,
    );
    const senses = (text: string) =>
      analyze(text, lexicon)
        .terms.filter((t) => t.kind === "concept")
        .map((t) => `${t.surface}≈${t.key.slice(2)}`);
    // a thing's word says which aspect (慢: slow), an operation's word what it is done to (库: a database)
    expect(senses("慢查询")).toEqual(["慢查询≈database", "慢≈slow"]);
    expect(senses("查库")).toEqual(["查库≈query", "库≈database"]);
    // split by a count, a verb-object word's parts stand where they are (查个库: 库 at the end)
    expect(senses("查个库")).toEqual(["查个库≈query", "库≈database"]);
    // a part of the compound's own class is what the compound refines (代码库 is a repository, not code); an operation inside a thing's word only says which thing (查询 in 慢查询)
    expect(senses("代码库")).toEqual(["代码库≈repository"]);
    // a part of two characters is a word wherever it stands (深度 is no word: 队列 is); one character only where the rest is words too (列表 holds no table)
    expect(senses("队列深度")).toEqual(["队列深度≈backlog", "队列≈queue"]);
    expect(senses("列表")).toEqual(["列表≈list"]);
    // an unrelated word hides what it holds
    expect(senses("库存")).toEqual([]);
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
    expect(() => buildLexicon(thesaurus({ operations: { send: sense([], ["send"], { effect: "change", carries: "nothing" }) } }), stopwords)).toThrow(
      /carries "nothing"/,
    );
    expect(() => buildLexicon(thesaurus({ objects: { bucket: sense([], ["bucket"], { holds: ["nothing"] }) } }), stopwords)).toThrow(/holds "nothing"/);
    expect(() => buildLexicon(thesaurus({ objects: { http: sense([], ["http"], { doneBy: "nothing" }) } }), stopwords)).toThrow(/done by "nothing"/);
    expect(() => buildLexicon(thesaurus({ objects: { pr: sense([], ["pr"], { madeFor: "nothing" }) } }), stopwords)).toThrow(/made for "nothing"/);
    // only an operation moves something, in or out
    expect(() => buildLexicon(thesaurus({ objects: { bucket: sense([], ["bucket"], { direction: "in" }) } }), stopwords)).toThrow(/"bucket" has the direction/);
    expect(() => buildLexicon(thesaurus({ operations: { upload: sense([], ["upload"], { effect: "change", direction: "up" as "in" }) } }), stopwords)).toThrow(
      /"upload" has the direction "up"/,
    );
  });

  it("calls a holder's parts by the kinds it holds and every kind those include", () => {
    const lexicon = buildLexicon(
      thesaurus({
        objects: {
          file: sense([], ["file"], { includes: ["archive"] }),
          archive: sense([], ["archive"]),
          bucket: sense([], ["bucket"], { includes: ["blob"], holds: ["file"] }),
          blob: sense([], ["blob"]),
        },
      }),
      stopwords,
    );
    expect([...lexicon.senses.get("bucket")!.holds].sort()).toEqual(["archive", "file"]);
    expect(lexicon.senses.get("file")!.holds.size).toBe(0);
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

describe("the senses of the tools' own words (docs/matching.md, The thesaurus)", () => {
  it("knows the words tools use for their operations, objects and aspects, and their colloquial kin in the other language", () => {
    const lexicon = defaultLexicon();
    const pairs = [
      ["定位", "locate", "search"],
      ["流量", "bandwidth", "network"],
      ["漂移", "drift", "clock"],
      ["就绪", "ready", "status"],
      ["安全补丁", "security patch", "upgrade"],
      ["前缀", "prefix", "pattern"],
      ["死锁", "deadlock", "database"],
      ["退出码", "exit code", "output"],
      ["瞄一下", "skim", "view"],
      ["拉个清单", "rundown", "list"],
      ["发一版", "push out", "deploy"],
      ["扩一下", "autoscale", "scale"],
      ["交给", "hand off", "assign"],
      ["龟速", "crawling", "slow"],
      ["余量", "spare", "free"],
      ["虚拟机", "vm", "host"],
    ] as const;
    for (const [zh, en, sense] of pairs) {
      expect(lexicon.hanPhrases.get(zh), zh).toContain(sense);
      expect(lexicon.englishPhrases.get(englishKey(en)), en).toContain(sense);
    }
  });

  it("reads a compound of two senses' words by both, hiding neither (慢查询 is slow and a query, 被谁占了 who and usage)", () => {
    const lexicon = defaultLexicon();
    const senses = (text: string) =>
      analyze(text, lexicon)
        .terms.filter((t) => t.kind === "concept")
        .map((t) => t.key.slice(2));
    expect(senses("慢查询")).toEqual(expect.arrayContaining(["slow", "query"]));
    expect(senses("被谁占了")).toEqual(expect.arrayContaining(["who", "usage"]));
    expect(senses("查库")).toContain("database");
    expect(senses("队列深度")).toContain("queue");
    expect(senses("发个请求")).toContain("http");
    // a compound the thesaurus holds says what its parts say too
    expect(senses("错误日志")).toEqual(expect.arrayContaining(["log", "error"]));
    expect(senses("转成中文")).toEqual(expect.arrayContaining(["translate", "language"]));
  });

  // Each new sense: a request with one of its words reaches the made-up tool that uses another, ahead of its twin that does not.
  // Ranking only: an aspect alone names nothing to do, so the request may still be found:false.
  const cases: ReadonlyArray<readonly [sense: string, request: string, wanted: Parameters<typeof tool>[0], twin: Parameters<typeof tool>[0], label: string]> = [
    [
      "attack: someone abusing a system",
      "有爬虫在狂刷，封掉 1.2.3.4",
      { name: "ip-block-abuse", display: "封禁攻击来源", intent: "封禁发起恶意请求的 IP" },
      { name: "ip-block-region", display: "按地区封禁", intent: "按国家或地区封禁 IP" },
      "爬虫≈attack",
    ],
    [
      "cause: why something happened",
      "what is the root cause? pipeline 142",
      { name: "pipeline-logs", display: "流水线日志", intent: "查看流水线的日志，找出失败的原因" },
      { name: "pipeline-status", display: "流水线状态", intent: "查看流水线的运行记录和结果" },
      "root cause≈cause",
    ],
    [
      "top: the most of something, in order",
      "列出内存占用最高的进程",
      { name: "process-top", display: "进程排行", intent: "按内存或 CPU 排序列出进程" },
      { name: "process-tree", display: "进程树", intent: "以树的形式列出进程和它们的父子关系" },
      "最高≈top",
    ],
    [
      "capacity: how much load something can take",
      "大促快到了，orders 服务怕扛不住",
      { name: "deployment-scale", display: "调整副本", intent: "调整部署的副本数，高峰前加，低谷时减" },
      { name: "deployment-restart", display: "滚动重启", intent: "逐个重启部署的所有副本" },
      "大促≈capacity",
    ],
    [
      "maintenance: planned work during which things break",
      "tonight's maintenance window: the alerts",
      { name: "alert-silence", display: "告警静默", intent: "在计划内的维护期间让告警暂时不响" },
      { name: "alert-list", display: "告警列表", intent: "列出正在触发的告警" },
      "maintenance window≈maintenance",
    ],
    [
      "stale: no longer what the source says",
      "缓存里的数据已经过时了",
      { name: "cache-clear", display: "清缓存", intent: "清除缓存里的脏数据，让下次读取回源" },
      { name: "cache-get", display: "读缓存", intent: "按键读取缓存里的内容" },
      "过时≈stale",
    ],
    [
      "vulnerability: a security hole to fix",
      "openssl 出了个 CVE",
      { name: "pkg-upgrade", display: "升级软件包", intent: "升级软件包，修补安全漏洞" },
      { name: "pkg-info", display: "软件包信息", intent: "查看软件包的版本和依赖" },
      "cve≈vulnerability",
    ],
    [
      "connection: an open connection to a server (an object)",
      "how many sessions are open on the orders db",
      { name: "db-connections", display: "数据库连接", intent: "列出数据库当前的连接和它们在执行的语句" },
      { name: "db-tables", display: "数据库表", intent: "列出数据库里的表和它们的大小" },
      "sessions≈connection",
    ],
    [
      "staffing: someone joining or leaving the team",
      "下周一有人入职",
      { name: "user-add", display: "开账号", intent: "给新同事创建系统账号" },
      { name: "user-list", display: "账号列表", intent: "列出系统里的账号" },
      "入职≈staffing",
    ],
  ];
  it.each(cases)("%s", (_sense, request, wantedText, twinText, label) => {
    const [wanted, twin] = [tool(wantedText), tool(twinText)];
    const explained = createMatcher([twin, wanted]).explain(request, { top: 2, tools: [twin.name, wanted.name] });
    const ranked = explained.candidates.filter((c) => c.rank !== undefined).sort((a, b) => a.rank! - b.rank!);
    expect(ranked[0]?.name, request).toBe(wanted.name);
    expect(
      ranked[0]?.contributions.map((c) => c.label),
      request,
    ).toContain(label);
  });
});

describe("englishKey", () => {
  it("stems each word of a phrase", () => {
    expect(englishKey("Pull-Requests")).toBe("pull request");
  });
});
