import { describe, expect, it } from "vitest";
import { NOT_FOUND_SUGGESTION } from "./not-found.ts";
import { createMatcher, DEFAULT_THRESHOLDS } from "./matcher.ts";
import { REGISTRY, tool } from "./testdata/tools.ts";

const matcher = createMatcher(REGISTRY);
const first = (intent: string): string | undefined => matcher.match(intent).candidates[0]?.name;

describe("intent matching", () => {
  it("bridges synonyms from Chinese requests to English tools", () => {
    expect(first("重启一下 api 容器")).toBe("container-restart");
    expect(first("看看磁盘还剩多少空间")).toBe("disk-usage");
    expect(first("证书快过期了，续一下")).toBe("cert-renew");
  });

  it("bridges synonyms from English requests to Chinese tools", () => {
    expect(first("show the commit history of main")).toBe("git-log");
    expect(first("restart the systemd service sshd")).toBe("service-restart");
    expect(first("delete /tmp/old.txt")).toBe("file-delete");
  });

  it("tolerates Chinese input-method typos and English misspellings", () => {
    // in each request the misspelt words are the only ones that name a tool
    expect(first("把 /srv/old/report.csv 山除")).toBe("file-delete");
    const result = matcher.match("帮我捡索 timeout");
    expect(result.candidates[0]?.name).toBe("log-grep");
    expect(result.candidates[0]?.matched).toContain("捡索→检索≈search");
    expect(first("retsart the containr")).toBe("container-restart");
  });

  it("reads a percentage of users or traffic something is given to as a share a feature is switched on for", () => {
    expect(matcher.explain("新首页先对 5% 的用户放出来").required).toContain("toggle");
    expect(matcher.explain("暗色模式灰度推到 30%").required).toContain("toggle");
    expect(matcher.explain("roll out the dark-mode flag to 20% of users").required).toContain("toggle");
    // a percentage that is a level reached or a threshold is no share
    expect(matcher.explain("磁盘用到 80% 了").required).not.toContain("toggle");
    expect(matcher.explain("scale web to 50% more pods").required).not.toContain("toggle");
  });

  it("counts an operation not wanted, or what a thing asked to be made is for, for little in the ranking, though its words stay known", () => {
    const weight = (text: string, key: string) => matcher.explain(text).terms.find((t) => t.key === key)?.weight ?? 0;
    // 开个 PR，dev 合到 master asks for a pull request, which is made to be merged: the merge says what it is for
    expect(weight("开个 PR，dev 合到 master", "c:merge")).toBeGreaterThan(0);
    expect(weight("开个 PR，dev 合到 master", "c:merge")).toBeLessThan(weight("把 PR #3 合到 master", "c:merge"));
    // 别重启了 asks for no restart: its sense weighs less than the same word asked for
    expect(weight("api 容器别重启了，先看看日志", "c:restart")).toBeGreaterThan(0);
    expect(weight("api 容器别重启了，先看看日志", "c:restart")).toBeLessThan(weight("api 容器重启一下，再看看日志", "c:restart"));
    expect(weight("don't restart the api container, check its logs", "c:restart")).toBeLessThan(
      weight("restart the api container, check its logs", "c:restart"),
    );
  });

  it("reads a sure slip in an operation word as that operation asked for: the same sound, no word of its own changed", () => {
    // 推宋 is 推送 (push) mistyped, 题交 提交 (commit), 摘药 摘要 (summarize): asked for as if typed right
    expect(matcher.explain("代码推宋到 origin 上，别人要看").required).toContain("push");
    expect(matcher.explain("把本地改动题交一下").required).toContain("commit");
    expect(matcher.explain("把这篇长文章压缩成一段摘药").required).toContain("summarize");
    // 写了 is write typed on purpose, not 卸了 (uninstall); 对不上 holds a stop character, no 补上; 上了 only nearly sounds like 删了
    expect(matcher.explain("配置文件里写了 8443 这个端口").required).not.toContain("uninstall");
    expect(matcher.explain("日志时间戳对不上，同步一下").required).not.toContain("write");
    expect(matcher.explain("hlpd.cn 现在解析到哪个 IP 上了？").required).not.toContain("delete");
  });

  it("serves a path from the root by a tool whose param takes an absolute path, and one inside something by a tool whose path is inside a repository", () => {
    const files = createMatcher([
      ...REGISTRY,
      tool({ name: "server-file-read", display: "文件查看", intent: "查看服务器上某个文件的内容", params: [["path", "文件的绝对路径"]] }),
      tool({
        name: "repo-file-read",
        display: "仓库文件查看",
        intent: "查看仓库里某个文件的内容",
        params: [
          ["repo", "仓库全名"],
          ["path", "文件在仓库中的路径"],
        ],
      }),
    ]);
    expect(files.match("看看 /srv/notes.txt 的内容").candidates[0]?.name).toBe("server-file-read");
    expect(files.explain("看看 /srv/notes.txt 的内容").terms.find((t) => t.key === "v:file@absolute")?.refines).toBe(true);
    // a path not from the root is inside something: the repository's
    expect(files.match("看看 docs/notes.txt 的内容").candidates[0]?.name).toBe("repo-file-read");
    // the qualified slot ranks; it asks nothing more of a tool that takes neither: its share is the same either way
    const share = (intent: string) => files.explain(intent, { tools: ["disk-usage"] }).candidates.find((c) => c.name === "disk-usage")?.score;
    expect(share("看看 /srv/notes.txt 的内容")).toBeGreaterThan(0);
    expect(share("看看 /srv/notes.txt 的内容")).toBe(share("看看 ./srv/notes.txt 的内容"));
  });

  it("serves a path whose name says the kind of file (a log) by a tool whose param takes a path to that kind before the plain file reader", () => {
    const files = createMatcher([
      tool({ name: "server-file-read", display: "文件查看", intent: "查看服务器上某个文件的内容", params: [["path", "文件的绝对路径"]] }),
      tool({
        name: "log-search",
        display: "日志检索",
        intent: "在日志里按关键字查找",
        params: [
          ["path", "日志文件路径"],
          ["keyword", "关键字"],
        ],
      }),
    ]);
    expect(files.match("/srv/app/logs/worker.log NullPointer").candidates[0]?.name).toBe("log-search");
    expect(files.match("/srv/app/conf/worker.yaml").candidates[0]?.name).toBe("server-file-read");
    expect(files.explain("/var/log/syslog").terms.find((t) => t.key === "v:file@log")?.refines).toBe(true);
  });

  it("reads SQL privileges as what an account is granted, not as statements to run", () => {
    const db = createMatcher([
      tool({ name: "sql-run", display: "执行SQL", intent: "在数据库上执行一条查询或更新语句", params: [["sql", "SQL语句"]] }),
      tool({
        name: "db-grant",
        display: "数据库授权",
        intent: "给账号授予某个库的权限",
        params: [
          ["user", "账号"],
          ["privileges", "权限列表，如 SELECT, INSERT"],
        ],
      }),
    ]);
    expect(db.explain("INSERT, DELETE on billing for app_rw").candidates[0]?.name).toBe("db-grant");
    expect(db.explain("INSERT, DELETE on billing for app_rw").required).toEqual([]);
  });

  it("reads a file in a repository at a ref as the repository, a path inside it and the ref", () => {
    const repo = createMatcher([
      ...REGISTRY,
      tool({
        name: "repo-file-read",
        display: "仓库文件查看",
        intent: "查看仓库里某个文件的内容",
        params: [
          ["repo", "仓库全名"],
          ["path", "文件在仓库中的路径"],
          ["ref", "分支、标签或提交"],
        ],
      }),
    ]);
    expect(repo.match("ops/infra:deploy/values.yaml@v3.1.0").candidates[0]?.name).toBe("repo-file-read");
  });

  it("ranks by what notation asks for as by an operation word: a range a comparison, an address → a path a download, a path → an address an upload", () => {
    const notation = createMatcher([
      tool({ name: "commit-history", display: "提交历史", intent: "查看仓库某个分支的提交历史", params: [["ref", "分支、标签或提交"]] }),
      tool({ name: "ref-diff", display: "代码差异", intent: "比较两个版本之间的改动", params: [["base", "基准分支、标签或提交"]] }),
      tool({
        name: "object-get",
        display: "对象下载",
        intent: "把对象存储里的文件下载到本地",
        params: [
          ["source", "对象地址"],
          ["dest", "本地路径"],
        ],
      }),
      tool({
        name: "object-put",
        display: "对象上传",
        intent: "把本地文件上传到对象存储",
        params: [
          ["source", "本地文件路径"],
          ["dest", "对象地址"],
        ],
      }),
    ]);
    expect(notation.match("3e1a7f0...9b2c4d1").candidates[0]?.name).toBe("ref-diff");
    expect(notation.match("s3://media/img/banner.png -> /srv/www/banner.png").candidates[0]?.name).toBe("object-get");
    expect(notation.match("/srv/www/banner.png -> s3://media/img/banner.png").candidates[0]?.name).toBe("object-put");
    // the notation's sense ranks and asks nothing more of the request than its values do (left out of what it could score)
    expect(notation.explain("3e1a7f0...9b2c4d1").terms.find((t) => t.key === "c:compare")?.refines).toBe(true);
  });

  // Tools on one object told apart by the senses the thesaurus gives their words (docs/matching.md, "Round ten: ranking").
  it.each<[string, Parameters<typeof createMatcher>[0], Array<[string, string]>]>([
    [
      "tells the network's tools apart by the aspect asked: whether a host answers (丢包, reachable) or the way to it (hops, 路由)",
      [
        tool({ name: "net-probe", display: "连通性检测", intent: "向主机发送探测包，看网络通不通、丢包多少", params: [["host", "目标主机"]] }),
        tool({ name: "net-path", display: "路径追踪", intent: "Show each hop of the network route to a host", params: [["host", "目标主机"]] }),
      ],
      [
        ["10.2.0.7 packet loss", "net-probe"],
        ["is 10.2.0.7 reachable from here", "net-probe"],
        ["到 10.2.0.7 的路由要经过几跳", "net-path"],
        ["10.2.0.7 的网络链路", "net-path"],
      ],
    ],
    [
      "reads the monitoring system (监控, monitoring) as what holds both the figures and the alerts, not as the figures",
      [
        tool({ name: "alarms", display: "当前告警", intent: "列出监控系统里正在触发的告警", params: [["level", "告警级别"]] }),
        tool({ name: "figures", display: "指标查询", intent: "查询监控系统中的时序指标和曲线", params: [["expr", "查询表达式"]] }),
      ],
      [
        ["监控里是不是一片红", "alarms"],
        ["anything red in monitoring?", "alarms"],
        ["监控上 api 的曲线", "figures"],
      ],
    ],
    [
      "reads a program's memory dump (core dump, heap dump, 转储文件) as a file, not as a database's dump (a backup)",
      [
        tool({ name: "db-dump", display: "数据库备份", intent: "Back up a database to a dump file", params: [["database", "数据库名"]] }),
        tool({ name: "rm-file", display: "删除文件", intent: "删除服务器上的一个文件", params: [["path", "文件路径"]] }),
      ],
      [
        ["remove the heap dump the JVM left behind", "rm-file"],
        ["把那个崩溃转储删了", "rm-file"],
        ["dump the orders database", "db-dump"],
      ],
    ],
    [
      "reads logging in (logging into, logged into, signing in) as a user's login, not as a log",
      [
        tool({ name: "app-logs", display: "应用日志", intent: "Show the last lines of an application's log", params: [["app", "应用名"]] }),
        tool({ name: "accounts", display: "账号列表", intent: "列出机器上的账号和它们最近一次登录的时间", params: [["host", "主机"]] }),
      ],
      [
        ["anyone logging into db-02 at night?", "accounts"],
        ["who logged into db-02 yesterday", "accounts"],
      ],
    ],
    [
      "reads a thing's stats (statistics, 统计数据) as its counts: the tool that counts its contents, not one that only names it",
      [
        tool({ name: "queue-drop", display: "清空队列", intent: "Drop every message waiting in a queue", params: [["queue", "队列名"]] }),
        tool({ name: "queue-size", display: "队列消息数", intent: "查看每个队列里待消费消息的数量", params: [["queue", "队列名"]] }),
      ],
      [
        ["stats of the orders queue", "queue-size"],
        ["queue statistics", "queue-size"],
      ],
    ],
  ])("%s", (_, tools, expectations) => {
    const matcher = createMatcher(tools);
    for (const [intent, best] of expectations) expect(matcher.explain(intent).candidates[0]?.name, intent).toBe(best);
  });

  it("takes an adjective between a determiner and an object word for what it says of the thing, not for its name", () => {
    const named = (intent: string) => matcher.explain(intent).named.map((n) => `${n.text}⇒${n.names}`);
    expect(named("nuke the old release folder")).toEqual([]);
    expect(named("did the last pipeline of infra pass?")).toEqual([]);
    // a name in the same place is still one
    expect(named("back up the billing database")).toContain("billing⇒database");
  });

  it("reads a name beside an object word as that object's, a kebab-case name ending in one as a thing of that kind, and one holding what is asked of as where it is", () => {
    const named = (intent: string) => matcher.explain(intent).named.map((n) => `${n.text}⇒${n.names}`);
    expect(named("把 media-bucket 里的 2024/a.png 删掉")).toContain("media-bucket⇒bucket");
    // what it is of is said already by an object word beside it, whose name it is; after called it is only a name; snake_case is an identifier, not a resource
    expect(named("把 old-logs 这个 bucket 删掉")).toContain("old-logs⇒bucket");
    expect(named("grab the dump from bucket db-backups")).toContain("db-backups⇒bucket");
    expect(named("scale the order-service deployment to 8")).toContain("order-service⇒workload");
    expect(named("create a bucket called logs-archive")).not.toContain("logs-archive⇒archive");
    expect(named("config 里的 redis_password 改一下").filter((n) => n.startsWith("redis_password"))).toEqual([]);
    const objects = createMatcher([
      ...REGISTRY,
      tool({
        name: "object-remove",
        display: "对象删除",
        intent: "从对象存储桶中删除一批对象",
        params: [
          ["bucket", "存储桶名"],
          ["keys", "要删除的对象键列表"],
        ],
      }),
    ]);
    // the bucket holds the files named: a tool on its objects serves the request, before the one deleting files on a disk
    expect(objects.explain("把 media-bucket 里的 2024/a.png 和 2024/b.png 删掉").objects).toContain("bucket");
    expect(objects.match("把 media-bucket 里的 2024/a.png 和 2024/b.png 删掉").candidates[0]?.name).toBe("object-remove");
  });

  it("takes an operation word in a name's place for a name, not for the operation asked for", () => {
    const read = (intent: string) => matcher.explain(intent);
    // after 叫 / 带 / labeled, between a determiner and its object word, before a determiner and its object word, before a place under it
    for (const [intent, word, names] of [
      ["list closed issues labeled deploy", "deploy", "tag"],
      ["有个名字叫 deploy 什么开头的脚本", "deploy", "name"],
      ["找一下文件名里带 restart 的脚本", "restart", "pattern"],
      ["那个 test 文件删掉", "test", "file"],
      ["看看 checkout 这个 deployment 的发布进度", "checkout", "workload"],
      ["deploy 这个用户底下挂了哪些定时任务", "deploy", "user"],
      ["把 old_reports 目录 mv 到 archive 底下", "archive", "directory"],
      ["is the rollout of deployment checkout finished yet?", "checkout", "workload"],
    ] as const) {
      expect(read(intent).named).toContainEqual({ text: word, names });
      expect(read(intent).operations.map((o) => o.surface)).not.toContain(word);
    }
    // a word that is a thing too is that thing (the api deployment), and where a verb stands it is the verb (restart 一下, delete 掉)
    expect(read("watch the rollout of the api deployment").named.map((n) => n.text)).not.toContain("deployment");
    // a measure has no name: before one, a word that is a thing too is the thing measured (这个 deployment 内存), and a name still names a thing that has one
    expect(read("web 那个 deployment 内存涨得不行，滚动重启一下吧").named.map((n) => n.text)).not.toContain("deployment");
    expect(read("web 那个 deployment 内存涨得不行，滚动重启一下吧").objects).toContain("workload");
    expect(read("把那个 release 分支删掉").named).toContainEqual({ text: "release", names: "branch" });
    expect(read("restart 一下 nginx 服务").required).toContain("restart");
    expect(read("S3 上那个文件 delete 掉").required).toContain("delete");
  });

  it("reads an address of its own scheme by its scheme, which names the system, and by the object words of its path, which name what it points to", () => {
    const reading = matcher.explain("pull up the full text of HLDP://shuangyan/module/L4-TOOL-007");
    expect(reading.objects).toContain("module");
    expect(reading.terms.find((t) => t.key === "w:hldp")?.weight).toBe(1);
    // the other words of the address stay a value's
    expect(reading.terms.find((t) => t.key === "w:shuangyan")?.weight).toBeLessThan(1);
    // a web address is read as before: its slot says it is one
    expect(matcher.explain("curl https://api.example.com/v1/module").objects).not.toContain("module");
  });

  it("keeps an operation read both in what was typed and in a correction of its stretch: 按装 holds 装, install, as 安装 does", () => {
    expect(matcher.explain("帮我按装 git").required).toEqual(["install"]);
    // an operation the correction does not read is still not asked for: 建听 is 监听, no create
    expect(matcher.explain("帮我看看哪个进程在建听 8080").required).not.toContain("create");
  });

  it("reads an operation word as another word of its sound when no tool does what it says and the first tool then does what the other says, to what is spoken of", () => {
    const databases = createMatcher([
      ...REGISTRY,
      tool({ name: "db-backup", display: "数据库备份", intent: "把数据库导出成一个备份文件", params: [["database", "数据库名"]] }),
      tool({
        name: "db-restore",
        display: "数据库恢复",
        intent: "用备份文件恢复数据库",
        params: [
          ["database", "数据库名"],
          ["file", "备份文件路径"],
        ],
      }),
    ]);
    // 回复 (reply) is comment; no tool comments on a database, one restores it: 恢复, restore, typed as 回复
    expect(databases.match("用昨天的备份文件把 crm 数据库回复一下").candidates[0]?.name).toBe("db-restore");
    expect(databases.explain("用昨天的备份文件把 crm 数据库回复一下").required).toEqual(["restore"]);
    // the word as written, where a tool does what it says
    expect(databases.explain("在 #42 下面回复一句：已修复").required).toEqual(["comment"]);
    // and where the other word's tool does not work on what is spoken of (no tool restores mail)
    expect(databases.explain("帮我回复一下这封邮件").required).toEqual(["comment"]);
  });

  it("reads a short English word nobody knows in the made thing's place as the known word whose every letter it keeps", () => {
    const tags = createMatcher([
      ...REGISTRY,
      tool({ name: "git-tag", display: "打标签", intent: "Create a tag on the current commit", params: [["tag", "tag name, e.g. v1.2.0"]] }),
    ]);
    // tga keeps every letter of tag: a slip, not a thing no tool makes
    expect(tags.explain("帮我打个 tga v2.0").found).toBe(true);
    expect(tags.explain("帮我打个 tga v2.0").candidates[0]?.name).toBe("git-tag");
    // a word that keeps no known word's letters is still a thing nobody knows
    expect(tags.explain("帮我打个 zpx v2.0").found).toBe(false);
  });

  it("reads a lone Han character no sense knows as the English word a tool has that its sound spells (平 for ping)", () => {
    const pings = createMatcher([
      ...REGISTRY,
      tool({ name: "ping-host", display: "连通测试", intent: "对目标主机发 ping 包，看延迟和丢包", params: [["host", "主机名或 IP"]] }),
    ]);
    const typos = (intent: string) =>
      pings
        .explain(intent)
        .terms.filter((t) => t.origin === "typo")
        .map((t) => t.label);
    expect(typos("平一下 10.0.0.8")).toContain("平→ping");
    expect(pings.match("平一下 10.0.0.8").candidates[0]?.name).toBe("ping-host");
    // a character inside a word, even one nobody knows, is that word's (平时), and a sound of fewer than four letters spells no command
    expect(typos("平时看 10.0.0.8 的延迟")).toEqual([]);
  });

  it("reads what an issue is opened to keep on record, after a word of recording, as its content, not as operations asked for", () => {
    const read = matcher.explain("开个新 ticket 记录一下证书续期要做成自动化");
    expect(read.values).toContainEqual({ kind: "content", text: "证书续期要做成自动化" });
    expect(read.required).not.toContain("renew");
    expect(matcher.explain("open an issue to track the cert renewal").values).toContainEqual({ kind: "content", text: "the cert renewal" });
    // no issue made (记录一下 the renewal itself), or nothing recorded: no content
    expect(matcher.explain("记录一下证书续期").values.filter((v) => v.kind === "content")).toEqual([]);
    expect(matcher.explain("把这个 issue 关掉").values.filter((v) => v.kind === "content")).toEqual([]);
  });

  it("reads a Chinese word written in pinyin (jie ya, shanchu) as that word: its sense ranks and is asked for", () => {
    expect(matcher.explain("jie ya 一下 backup.zip").operations.map((o) => o.sense)).toContain("extract");
    expect(matcher.explain("shanchu /tmp/a.log").required).toContain("delete");
    // English words are no pinyin, whatever their letters
    expect(matcher.explain("delete /tmp/a.log").terms.filter((t) => t.origin === "typo")).toEqual([]);
  });

  it("reads a request typed in traditional characters as the simplified words it means", () => {
    // 刪除, 重啟, 服務: no tool's text is traditional, and the words are known once simplified
    expect(matcher.explain("刪除伺服器上的 /tmp/a.log").candidates[0]?.name).toBe("file-delete");
    expect(matcher.explain("刪除伺服器上的 /tmp/a.log").required).toEqual(["delete"]);
    expect(matcher.explain("幫我重啟一下 nginx 服務").candidates[0]?.name).toBe("service-restart");
    expect(matcher.explain("幫我重啟一下 nginx 服務").found).toBe(true);
  });

  it("reads a single character in the verb's place that no sense knows as an operation word of its sound, when the first tool then does it to what is spoken of", () => {
    // 毒 (poison) is no verb; 读 (read) sounds the same, and a tool reads cache values
    expect(matcher.match("帮我毒一下缓存里 session 这个键的值").candidates[0]?.name).toBe("cache-get");
    expect(matcher.explain("帮我毒一下缓存里 session 这个键的值").required).toEqual(["read"]);
    // the verb is read where it stands, not where its character first comes (病毒 before it)
    expect(matcher.explain("病毒库的缓存里 session 这个键，帮我毒一下它的值").candidates[0]?.name).toBe("cache-get");
    expect(matcher.explain("病毒库的缓存里 session 这个键，帮我毒一下它的值").found).toBe(true);
    // a verb of no sound a sense has stays unknown
    expect(matcher.explain("帮我啃一下缓存里 session 这个键的值").found).toBe(false);
  });

  it("finds no slip in a stretch that takes in a word it knows: 配置|文件 is no 置文 (指纹), 文件|里 no 件里 (建立)", () => {
    const typos = (intent: string) => matcher.explain(intent).terms.filter((t) => t.origin === "typo");
    expect(typos("配置文件里写了啥")).toEqual([]);
    // a slip in a word nobody knows is still read
    expect(typos("配置文件里的 timeout 帮我捡索一下").map((t) => t.label)).toContain("捡索→检索≈search");
  });

  it("takes 几 after 这 / 那 for a determiner (these few), not a question asking to see", () => {
    expect(matcher.explain("这几个配置文件归成一个压缩包").required).not.toContain("view");
    expect(matcher.explain("有几个容器").required).toContain("view");
  });

  it("counts a command's flags and their arguments neither for nor against the request being known", () => {
    expect(matcher.explain("git log --author wangfang").coverage).toBe(1);
  });

  it("takes a question of how long, how big or how (多久, 多长时间, 多大, 如何, 咋样) for a question asking to see something", () => {
    for (const intent of ["这个容器跑了多久", "离证书过期还有多长时间", "那个进程占的内存有多大", "磁盘现在咋样"])
      expect(matcher.explain(intent).required).toContain("view");
    // a question with an operation asks for that operation
    expect(matcher.explain("这个容器怎样重启").required).toEqual(["restart"]);
  });

  it("takes a sentence ending in 没 / 没有 for a question asking to see something", () => {
    expect(matcher.explain("nginx 还活着没").required).toContain("view");
    expect(matcher.explain("docker daemon 这个 service 起着没有").required).toContain("view");
    // 没 inside a sentence is no question
    expect(matcher.explain("nginx 没起来，重启一下").required).not.toContain("view");
  });

  it("takes a question put out of politeness (could you …?) for the request it makes, not for one to be shown something", () => {
    expect(matcher.explain("could you jot something under issue 42?").required).not.toContain("view");
    expect(matcher.explain("is nginx up?").required).toContain("view");
  });

  it("takes a tool to work on the product of what it does: a tool that deploys works on deployments", () => {
    expect(matcher.explain("看下最近的部署", { tools: ["deploy"] }).candidates.find((c) => c.name === "deploy")?.servesObject).toBe(true);
  });

  it("serves a request to see a thing's content only with a tool that reads it, not one that reads something else of it (where its lines came from)", () => {
    const origin = tool({
      name: "line-origin",
      display: "来历追溯",
      intent: "查看配置文件每一行是谁在哪次变更里改的",
      params: [["path", "配置文件路径"]],
    });
    const tracing = createMatcher([origin, tool({ name: "queue-depth", display: "队列深度", intent: "查看消息队列里积压了多少条消息" })]);
    // the content of a file is no line's origin
    expect(tracing.match("看一下 /srv/app/settings.ini 里写了什么").found).toBe(false);
    expect(tracing.match("show me the contents of /srv/app/settings.ini").found).toBe(false);
    // what it does read it serves
    expect(tracing.match("/srv/app/settings.ini 每一行是谁改的").candidates[0]?.name).toBe("line-origin");
    // a tool that reads the content serves the same request
    const reading = createMatcher([
      origin,
      tool({ name: "config-show", display: "配置查看", intent: "查看配置文件的内容", params: [["path", "配置文件路径"]] }),
    ]);
    expect(reading.match("看一下 /srv/app/settings.ini 里写了什么").candidates[0]?.name).toBe("config-show");
  });

  it("serves a request to read a thing's content only with a tool that reads it, not one that shows a measure of it (how many, how much)", () => {
    const backlog = tool({ name: "ticket-backlog", display: "工单积压", intent: "查看每个工单池中待处理工单的数量", params: [["pool", "工单池名"]] });
    const measuring = createMatcher([backlog]);
    // the content of the tickets is no count of them
    expect(measuring.match("看一下 billing 工单池里前 3 张工单的内容").found).toBe(false);
    // the count it shows it serves
    expect(measuring.match("billing 工单池里积压了多少工单").candidates[0]?.name).toBe("ticket-backlog");
    // a tool that reads the tickets serves the same request
    const reading = createMatcher([
      backlog,
      tool({ name: "ticket-read", display: "工单查看", intent: "读取工单池中工单的内容", params: [["pool", "工单池名"]] }),
    ]);
    expect(reading.match("看一下 billing 工单池里前 3 张工单的内容").candidates[0]?.name).toBe("ticket-read");
  });

  it("serves a listing of things only with a tool that lists them, not one that lists something else located by them", () => {
    const variables = tool({ name: "proc-vars", display: "环境变量查看", intent: "列出某个进程的环境变量", params: [["pid", "进程号"]] });
    const listing = createMatcher([variables, tool({ name: "disk-usage", display: "磁盘用量", intent: "查看每个分区还剩多少空间" })]);
    // the processes are what is listed: a tool listing one process's variables lists none
    expect(listing.match("看下机器上都有哪些进程").found).toBe(false);
    expect(listing.match("list the processes on this box").found).toBe(false);
    // what it lists it serves
    expect(listing.match("列一下 1234 这个进程的环境变量").candidates[0]?.name).toBe("proc-vars");
    // a tool that lists processes serves the same request
    const processes = createMatcher([variables, tool({ name: "proc-list", display: "进程列表", intent: "列出机器上正在运行的进程" })]);
    expect(processes.match("看下机器上都有哪些进程").candidates[0]?.name).toBe("proc-list");
  });

  it("serves a listing of the things inside a holder (队列里有哪些消息) only with a tool that lists them, not one that lists the holders", () => {
    const queues = tool({ name: "queue-list", display: "队列列表", intent: "列出消息代理上所有的队列" });
    const digest = tool({ name: "message-digest", display: "消息摘要值", intent: "计算一条消息的校验和", params: [["id", "消息编号"]] });
    const listing = createMatcher([queues, digest]);
    // the messages are what is listed: a tool listing queues lists none, and one computing a checksum enumerates nothing
    expect(listing.match("看看 jobs 队列里都有哪些消息").found).toBe(false);
    expect(listing.match("list the messages inside the jobs queue").found).toBe(false);
    // the queues it lists it serves
    expect(listing.match("列一下都有哪些队列").candidates[0]?.name).toBe("queue-list");
    // a tool that lists the messages serves the same request
    const messages = createMatcher([
      queues,
      digest,
      tool({ name: "message-list", display: "消息列表", intent: "列出某个队列中的消息", params: [["queue", "队列名"]] }),
    ]);
    expect(messages.match("看看 jobs 队列里都有哪些消息").candidates[0]?.name).toBe("message-list");
  });

  it("holds a tool that does an operation done to one kind of thing (install) to no object, though a general one is asked beside it", () => {
    const install = tool({ name: "pkg-install", display: "软件包安装", intent: "在服务器上安装一个或多个软件包", params: [["packages", "包名列表"]] });
    const calls = tool({ name: "http-get", display: "HTTP 请求", intent: "向一个接口发一个 GET 请求并返回响应", params: [["url", "接口地址"]] });
    const installing = createMatcher([install, calls]);
    // curl is read as the HTTP it speaks; install says what is done to it: it is software to put on the machine
    const asked = "服务器刚重装，初始化一下，把 curl 装上";
    expect(installing.explain(asked).objects).toContain("http");
    expect(installing.explain(asked).candidates[0]).toMatchObject({ name: "pkg-install", servesOperation: true, servesObject: true });
    expect(installing.match(asked).found).toBe(true);
    // the general operation alone still holds the tool to its object: installing serves no new request to an endpoint
    expect(installing.explain("新建一个 curl 请求", { tools: ["pkg-install"] }).candidates.find((c) => c.name === "pkg-install")?.servesObject).toBe(false);
  });

  it("takes what a send names for what its message says: a tool that sends messages serves it, whatever the message is about", () => {
    const notify = tool({
      name: "notify",
      display: "消息通知",
      intent: "给指定的人发送一条通知消息",
      params: [
        ["to", "接收者账号"],
        ["text", "消息正文"],
      ],
    });
    const usage = tool({ name: "disk-usage", display: "磁盘用量", intent: "查看服务器磁盘的使用情况", params: [["host", "主机名"]] });
    const telling = createMatcher([notify, usage]);
    // the disk is what the message is about, not what the send is done to
    for (const told of ["告诉值班的同事 db3 磁盘快满了", "tell the on-call engineer that the disk on db3 is almost full"])
      expect(telling.explain(told).candidates[0]).toMatchObject({ name: "notify", servesOperation: true, servesObject: true });
    // a change of another kind done to the disk still asks the disk's own tools
    expect(telling.explain("把 db3 的磁盘清理一下", { tools: ["notify"] }).candidates.find((c) => c.name === "notify")?.servesObject).toBe(false);
  });

  it("takes a file named beside a bucket, or an address past a bucket, for an object in it, and a file named alone for no object of object storage", () => {
    const remove = tool({
      name: "object-delete",
      display: "对象删除",
      intent: "从对象存储桶中删除一个对象",
      params: [
        ["bucket", "存储桶名"],
        ["key", "对象键"],
      ],
    });
    const storage = createMatcher([remove]);
    // the bucket says where the file is kept, though not as where (桶里, from the bucket): the file is one of the bucket's objects
    for (const asked of ["存储桶 media 的旧文件都删了", "remove a file, bucket media"])
      expect(storage.explain(asked).candidates[0]).toMatchObject({ name: "object-delete", servesObject: true });
    // an address of the bucket's scheme that goes on past the bucket names one of its objects; one that stops at it, the bucket
    expect(storage.explain("s3 delete s3://media/banners/old.png").candidates[0]).toMatchObject({ name: "object-delete", servesObject: true });
    expect(storage.explain("s3 delete s3://media").candidates[0]).toMatchObject({ name: "object-delete", servesObject: false });
    // a file on a disk is no object of a bucket
    expect(storage.explain("删掉 /tmp/a.log 这个文件").candidates[0]).toMatchObject({ name: "object-delete", servesObject: false });
    expect(storage.match("删掉 /tmp/a.log 这个文件").found).toBe(false);
  });

  it("finds a request the first tool does not serve when a tool ranked after it does what is asked, to what it acts on, and takes a value whose shape says what it is", () => {
    const tail = tool({
      name: "log-tail",
      display: "日志末尾",
      intent: "查看日志文件末尾的若干行",
      params: [
        ["path", "日志文件路径"],
        ["lines", "行数", "integer"],
      ],
    });
    const write = tool({
      name: "file-write",
      display: "写文件",
      intent: "把内容写入文件",
      params: [
        ["path", "文件路径"],
        ["content", "内容"],
      ],
    });
    const files = createMatcher([tail, write]);
    const asked = "往 /var/log/app/notes.log 末尾加一行：已处理";
    // the log's own tool ranks first and only reads; the writer, second, writes and takes the path
    expect(files.explain(asked).candidates.map((c) => [c.name, c.servesOperation])).toEqual([
      ["log-tail", false],
      ["file-write", true],
    ]);
    expect(files.match(asked)).toMatchObject({ found: true, candidates: [{ name: "log-tail" }, { name: "file-write" }] });
    expect(files.explain(asked).verdict).toMatch(/^file-write serves it/);
    // without a value it takes, the tool after the first is no evidence of its own
    expect(files.match("日志末尾加一行：已处理").found).toBe(false);
  });

  it("takes the decision on a tool ranked after the first that does what is asked to a thing the request names as acted on, with no value it takes", () => {
    const logs = tool({
      name: "pipeline-logs",
      display: "流水线日志",
      intent: "获取CI流水线某个作业的完整构建日志，用于排查构建失败原因",
      params: [
        ["run_id", "流水线运行编号"],
        ["job", "作业名"],
      ],
    });
    const run = tool({
      name: "pipeline-run",
      display: "触发流水线",
      intent: "Trigger a CI pipeline run again for a branch",
      params: [
        ["repo", "仓库名"],
        ["branch", "分支名"],
      ],
    });
    const pipelines = createMatcher([logs, run]);
    const asked = "the build log says it failed, run the pipeline again";
    // the log reader ranks first and runs nothing; the second runs the pipeline the request names: the decision is its (here, its score)
    expect(pipelines.explain(asked).candidates.map((c) => [c.name, c.servesOperation])).toEqual([
      ["pipeline-logs", false],
      ["pipeline-run", true],
    ]);
    expect(pipelines.explain(asked).verdict).toMatch(/^the best tool, pipeline-run, scores/);
  });

  it("takes a version for one of a repository's: a tool that compares a repository's commits serves comparing two versions", () => {
    const diff = tool({
      name: "git-diff",
      display: "代码差异",
      intent: "比较仓库里两个提交或分支之间的代码差异",
      params: [
        ["from", "起始提交"],
        ["to", "结束提交"],
      ],
    });
    const repository = createMatcher([diff]);
    const fitOf = (asked: string) => repository.explain(asked, { tools: ["git-diff"] }).candidates.find((c) => c.name === "git-diff");
    for (const asked of ["对比一下这两个版本", "diff the two versions"]) expect(fitOf(asked)).toMatchObject({ servesOperation: true, servesObject: true });
    // a certificate is no part of a repository
    expect(fitOf("对比一下这两个证书")?.servesObject).toBe(false);
  });

  it("takes a running script or command for a process: a tool that ends processes serves ending one", () => {
    const kill = tool({ name: "process-kill", display: "结束进程", intent: "按 PID 向进程发送信号结束它", params: [["pid", "进程号", "integer"]] });
    const processes = createMatcher([kill]);
    for (const asked of ["那个跑飞的清理脚本给我停了", "stop that runaway backup script"])
      expect(processes.explain(asked, { tools: ["process-kill"] }).candidates.find((c) => c.name === "process-kill")).toMatchObject({
        servesOperation: true,
        servesObject: true,
      });
    // a thing that is no program is no process
    expect(processes.explain("把这张表停掉", { tools: ["process-kill"] }).candidates.find((c) => c.name === "process-kill")?.servesObject).toBe(false);
  });

  it("takes a server program (a cache, a database, a queue broker) for a service: a tool on system services serves a restart of one", () => {
    const restart = tool({ name: "service-restart", display: "重启服务", intent: "重启一个 systemd 系统服务", params: [["unit", "服务名"]] });
    const services = createMatcher([restart]);
    for (const asked of ["redis 卡死了，帮我重启", "restart mysql on db-01", "rabbitmq 卡住了，重启一下"])
      expect(services.explain(asked).candidates[0]).toMatchObject({ name: "service-restart", servesOperation: true, servesObject: true });
    // a thing that runs no program is no service
    expect(services.explain("重启一下这个证书", { tools: ["service-restart"] }).candidates.find((c) => c.name === "service-restart")?.servesObject).toBe(false);
  });

  it("takes whatever is asked of an endpoint given by its address or method for a call of it, and an endpoint named by a word alone for no call", () => {
    const call = tool({
      name: "http-call",
      display: "HTTP 调用",
      intent: "用指定方法调用一个 HTTP 接口并返回响应",
      params: [
        ["url", "接口地址"],
        ["method", "请求方法，如 GET、POST、PUT"],
      ],
    });
    const calling = createMatcher([call]);
    // triggering, updating: done by calling the endpoint
    for (const asked of ["trigger the build hook at https://ci.example.org/hooks/build", "用 PATCH 把 http://10.1.2.3/api/limits 的上限改成 50"])
      expect(calling.explain(asked).candidates[0]).toMatchObject({ name: "http-call", servesOperation: true, servesObject: true });
    // an API named by a word asks for something done about it, not a call
    expect(calling.explain("给 api 服务加个环境变量 DEBUG=1", { tools: ["http-call"] }).candidates[0]?.servesOperation).toBe(false);
  });

  it("serves a light verb's addition to a holder (给 x 仓库加个分支) only with a tool that acts on what is added, not one that makes holders", () => {
    const repo = tool({ name: "repo-create", display: "新建仓库", intent: "为个人或组织新建一个代码仓库", params: [["name", "仓库名"]] });
    const making = createMatcher([repo]);
    // the holder 给 names receives the thing: making holders adds nothing to one
    expect(making.match("给 web 仓库加个分支 dev").found).toBe(false);
    expect(making.explain("给 web 仓库加个分支 dev").candidates[0]).toMatchObject({ name: "repo-create", servesObject: false });
    // making the holder itself it serves
    expect(making.match("新建一个仓库 web").candidates[0]?.name).toBe("repo-create");
    // a tool that adds the thing serves the same request
    const branch = tool({
      name: "branch-create",
      display: "新建分支",
      intent: "在仓库中新建一个分支",
      params: [
        ["repo", "仓库名"],
        ["branch", "分支名"],
      ],
    });
    expect(createMatcher([repo, branch]).match("给 web 仓库加个分支 dev").candidates[0]?.name).toBe("branch-create");
  });

  it("serves a change of a thing that holds others only with a tool that acts on it, not one that locates what it acts on by it", () => {
    const tools = [
      tool({
        name: "git-branch",
        display: "分支管理",
        intent: "在仓库里创建或删除分支",
        params: [
          ["repo", "仓库全名"],
          ["branch", "分支名"],
        ],
      }),
      tool({
        name: "bucket-object-delete",
        display: "删除存储对象",
        intent: "删除存储桶里的对象",
        params: [
          ["bucket", "存储桶名"],
          ["key", "对象的键"],
        ],
      }),
    ];
    const holders = createMatcher(tools);
    // the repository only says where the branch tool's branch is: deleting a repository is not its job
    expect(holders.match("把这个仓库整个删掉").found).toBe(false);
    expect(holders.match("delete the whole repository").found).toBe(false);
    // what it acts on it serves, with the holder named as where it is
    expect(holders.match("把仓库里的 feature/x 分支删掉").candidates[0]?.name).toBe("git-branch");
    expect(holders.match("删掉桶里的那些对象").candidates[0]?.name).toBe("bucket-object-delete");
    expect(holders.match("clear out the objects in the bucket").candidates[0]?.name).toBe("bucket-object-delete");
  });

  it("takes a program's name that starts a command line (kubectl rollout restart) for the system it works in, not for a holder the change is done to", () => {
    const kubernetes = createMatcher([
      tool({
        name: "deployment-restart",
        display: "Deployment滚动重启",
        intent: "对Kubernetes的Deployment执行滚动重启，让所有Pod依次重建",
        params: [["deployment", "Deployment名"]],
      }),
    ]);
    expect(kubernetes.match("kubectl rollout restart").candidates[0]?.name).toBe("deployment-restart");
    expect(kubernetes.match("kubectl rollout restart deploy/web -n prod").found).toBe(true);
    // the system itself named as the thing changed is still a change of the holder
    expect(kubernetes.match("restart the whole kubernetes cluster").found).toBe(false);
  });

  it("takes a command written out (`uptime`, `df -h /srv`) for a command the request speaks of, so the tool that runs commands works on it", () => {
    const tools = [
      tool({ name: "run-command", display: "执行命令", intent: "在主机上执行一条命令并返回输出", params: [["cmd", "要执行的命令"]] }),
      tool({ name: "service-state", display: "服务状态", intent: "查看服务是否在运行，返回输出", params: [["service", "服务名"]] }),
    ];
    const commands = createMatcher(tools);
    const read = commands.explain("run `df -h /srv` and paste the output", { tools: ["run-command"] });
    expect(read.objects).toContain("command");
    expect(read.candidates.find((c) => c.name === "run-command")?.servesObject).toBe(true);
    expect(read.candidates[0]?.name).toBe("run-command");
  });

  it("counts a value's shape only where its kind does not say what takes it: a repository's shape is no second piece of evidence, an id's or a version's is", () => {
    const tools = [
      tool({ name: "branch-list", display: "分支列表", intent: "列出仓库的全部分支", params: [["repo", "仓库全名"]] }),
      tool({ name: "tag-list", display: "标签列表", intent: "列出仓库的全部标签", params: [["repo", "仓库全名，如 zoo/shop"]] }),
      tool({ name: "member-get", display: "成员信息", intent: "查看成员的资料", params: [["member", "成员编号，如 TEAM-AB042"]] }),
    ];
    const shapes = createMatcher(tools);
    const shapeTerms = (intent: string) => shapes.explain(intent).terms.filter((t) => t.label.includes("⇒like"));
    // a repository fills the repository slot of both list tools: the example one author gave is not more evidence, so nothing but the name breaks the tie
    expect(shapeTerms("team/web 的列表")).toEqual([]);
    expect(
      shapes
        .match("team/web 的列表")
        .candidates.map((c) => c.name)
        .slice(0, 2),
    ).toEqual(["branch-list", "tag-list"]);
    // an id is told by its shape, and so is a version, which fills the slots of a tag and a release as well
    expect(shapeTerms("ab007 的资料").map((t) => t.label)).toContain("ab007⇒like a9");
    expect(shapeTerms("v2.3.1 的分支").map((t) => t.label)).toContain("v2.3.1⇒like 9.9.9");
  });

  it("takes a word the thesaurus knows as an operation for a name when 这个 / 那个 and an object follow that own or hold what is asked (deploy 这个用户底下…)", () => {
    const read = matcher.explain("deploy 这个用户底下跑着哪些进程");
    expect(read.named).toEqual([{ text: "deploy", names: "user" }]);
    expect(read.required).toEqual(["list"]);
    expect(read.candidates[0]?.name).toBe("process-list");
    // as the verb of its object it is asked for, as before
    expect(matcher.explain("restart 这个容器").required).toEqual(["restart"]);
  });

  it("takes a holder after 进 / 入 (存进人格体, 写入仓库) for where the thing goes, not the thing changed", () => {
    const modules = createMatcher([
      tool({
        name: "hldp-module-write",
        display: "写入模块",
        intent: "把内容写入人格体的某个模块",
        params: [
          ["persona", "人格体编号"],
          ["module", "模块编号"],
        ],
      }),
    ]);
    const servesObject = (intent: string) => modules.explain(intent).candidates[0]?.servesObject;
    expect(servesObject("把这条规则存进人格体")).toBe(true);
    // the persona itself is still no thing this tool makes
    expect(servesObject("新建一个人格体")).toBe(false);
  });

  it("takes 上 and 下 before a time (域名下个月到期) for no place: the thing itself is what is asked of", () => {
    const certs = createMatcher([tool({ name: "cert-renew", display: "证书续期", intent: "为域名续期 TLS 证书", params: [["domain", "域名"]] })]);
    const servesObject = (intent: string) => certs.explain(intent).candidates[0]?.servesObject;
    // renewing the domain is not renewing its certificate: the tool only locates certificates by their domain
    expect(servesObject("这个域名下个月到期，帮忙续一年")).toBe(false);
    expect(servesObject("域名上周就过期了，续一下")).toBe(false);
    // a domain named as where the certificate is, as before
    expect(servesObject("域名下的证书续一下")).toBe(true);
  });

  it("does not let a date (today, 这个月) lift a request over the score floor: it says when, not what", () => {
    const metrics = createMatcher([
      tool({
        name: "metrics-query",
        display: "监控指标查询",
        intent: "查询监控系统中的时序指标，比如请求量和延迟",
        params: [
          ["query", "PromQL 表达式"],
          ["time", "时间范围，如 今天、昨天"],
        ],
      }),
      tool({ name: "alert-list", display: "告警列表", intent: "列出正在触发的告警" }),
    ]);
    expect(metrics.explain("what time is the sunset in Paris today?").verdict).toMatch(/besides the date, under/);
    // with what is asked named, the date still counts for the tool that takes one
    expect(metrics.match("show me yesterday's latency metrics").candidates[0]?.name).toBe("metrics-query");
    expect(metrics.match("今天的请求量指标查一下").candidates[0]?.name).toBe("metrics-query");
  });

  it("takes an operation the request says it does not want (不是清空，是删除) for serving nothing it asks, unless a light verb asks (do a dry run, don't renew)", () => {
    const queues = createMatcher([
      tool({ name: "queue-purge", display: "清空队列", intent: "清空消息队列中所有未消费的消息，队列本身保留", params: [["queue", "队列名"]] }),
      tool({
        name: "cert-renew",
        display: "证书续期",
        intent: "renew a TLS certificate with certbot",
        params: [
          ["domain", "domain name"],
          ["dry_run", "only test the renewal"],
        ],
      }),
    ]);
    // clearing serves a delete, but not one that says it is not a clearing
    const refused = queues.explain("把 orders 这个队列整个删掉，不是清空，是删除");
    expect(refused.candidates[0]?.servesOperation).toBe(false);
    expect(refused.found).toBe(false);
    expect(queues.match("把 orders 这个队列清空").candidates[0]?.name).toBe("queue-purge");
    // a light verb leaves what is done to the tool: a dry run of a renewal is the renewing tool's
    expect(queues.match("do a certbot dry run for api.example.com, don't actually renew anything").candidates[0]?.name).toBe("cert-renew");
  });

  it("finds no tool that acts on issues or pull requests but takes no number for the one the request names: it makes new ones, the one named exists", () => {
    const issues = createMatcher([
      tool({
        name: "issue-create",
        display: "创建Issue",
        intent: "在仓库中新建一个issue来记录问题或任务",
        params: [
          ["repo", "仓库全名"],
          ["title", "标题"],
          ["labels", "标签名列表"],
        ],
      }),
      tool({
        name: "issue-comment",
        display: "Issue评论",
        intent: "在issue或合并请求下面发表一条评论",
        params: [
          ["number", "issue或PR的编号", "integer"],
          ["body", "评论内容"],
        ],
      }),
    ]);
    const named: Array<[string, string]> = [
      ["add the needs-triage label to issue 54", "54"],
      ["给 issue #12 加个 bug 标签", "#12"],
    ];
    for (const [intent, number] of named) {
      const existing = issues.explain(intent);
      expect(existing.signals?.unaddressed).toBe(number);
      expect(existing.found).toBe(false);
      expect(existing.verdict).toMatch(/^issue-create acts on what .+ names, but takes no such number/);
    }
    // a new issue names no number; a tool that takes the number addresses the one named
    expect(issues.match("新建一个 issue，加上 bug 标签").candidates[0]?.name).toBe("issue-create");
    expect(issues.match("comment on issue #54: fixed").candidates[0]?.name).toBe("issue-comment");
  });

  it("finds no tool that shares with the request only one word read as another: a slip's reading needs a word, a value or a second slip beside it", () => {
    // system is read as systemd, and nothing else of the request is any tool's
    for (const intent of ["the system", "system please"]) {
      const alone = matcher.explain(intent);
      expect(alone.signals?.slipAlone).toBe("system");
      expect(alone.found).toBe(false);
      expect(alone.verdict).toMatch(/only a reading of "system" as another word/);
    }
    // a slip in the verb's place says what is asked; a word as written, a value the tool takes, or a second slip that agrees stands beside a slip
    const served: Array<[string, string]> = [
      ["帮我捡索 timeout", "log-grep"],
      ["retsart the nginx service", "service-restart"],
      ["dleete /tmp/cache.bin", "file-delete"],
      ["ngnix relaod", "nginx-reload"],
    ];
    for (const [intent, name] of served) {
      const explained = matcher.explain(intent);
      expect(explained.signals?.slipAlone).toBeUndefined();
      expect(explained.found).toBe(true);
      expect(first(intent)).toBe(name);
    }
  });

  it("holds a request to a lower score floor when its best tool takes one of its values whose shape says what it is", () => {
    // words no tool knows weigh the score of a request down; the path is one the tool's param takes, evidence they cannot weigh down
    const withPath = matcher.explain("/srv/tmp/old.txt 删掉，省得碍眼又占地方");
    expect(withPath.signals).toMatchObject({ takesValue: true, asksOperation: true });
    expect(withPath.signals!.score).toBeLessThan(DEFAULT_THRESHOLDS.score);
    expect(withPath.found).toBe(true);
    expect(first("/srv/tmp/old.txt 删掉，省得碍眼又占地方")).toBe("file-delete");
    // held to the ordinary floor (set alone: the other floors keep their defaults), the same request is under it: the value taken is what made the difference
    const ordinary = createMatcher(REGISTRY, { thresholds: { scoreTakingValue: DEFAULT_THRESHOLDS.score } });
    expect(ordinary.explain("/srv/tmp/old.txt 删掉，省得碍眼又占地方").thresholds).toEqual({
      ...DEFAULT_THRESHOLDS,
      scoreTakingValue: DEFAULT_THRESHOLDS.score,
    });
    expect(ordinary.match("/srv/tmp/old.txt 删掉，省得碍眼又占地方").found).toBe(false);
    // a name or a host's id could fill many params: it says too little to lower the floor
    for (const intent of ["old_report 删掉，省得碍眼又占地方", "web-03 删掉，省得碍眼又占地方"]) {
      const named = matcher.explain(intent);
      expect(named.signals?.takesValue).toBe(false);
      expect(named.found).toBe(false);
      expect(named.verdict).toMatch(/under 0\.1$/);
    }
  });

  it("holds a request that asks for no operation and gives its best tool none of its values to a higher score floor", () => {
    const listings = [
      tool({ name: "alert-list", display: "告警列表", intent: "列出监控系统里正在触发的告警", params: [["severity", "告警级别"]] }),
      tool({ name: "cron-list", display: "定时任务列表", intent: "列出服务器上配置的定时任务", params: [["user", "用户名"]] }),
      tool({ name: "table-list", display: "数据表列表", intent: "列出数据库里的所有表", params: [["database", "数据库名"]] }),
    ];
    const tables = createMatcher(listings);
    // a seating chart reuses the word for a table, and nothing else the request says is asked of a tool
    const errand = tables.explain("服务器机房的座位表");
    expect(errand.signals).toMatchObject({ takesValue: false, asksOperation: false });
    expect(errand.signals!.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLDS.score);
    expect(errand.found).toBe(false);
    expect(errand.verdict).toMatch(/under 0\.15 \(the request asks for no operation and gives it none of its values\)/);
    // held to the ordinary floor, it would be found: the missing operation and value are what turned it away
    const ordinary = createMatcher(listings, { thresholds: { ...DEFAULT_THRESHOLDS, scoreOnThingsAlone: DEFAULT_THRESHOLDS.score } });
    expect(ordinary.match("服务器机房的座位表").found).toBe(true);
    // things a tool works on, named without an operation, are still found when they score as servable requests do
    expect(tables.match("orders 库里的表").candidates[0]?.name).toBe("table-list");
    expect(tables.match("crontab 的定时任务").candidates[0]?.name).toBe("cron-list");
  });

  it("does not hold a request that gives content to write or send (就说 …) to the floor for things alone, though it names no operation", () => {
    const tickets = createMatcher([
      tool({
        name: "ticket-note",
        display: "工单备注",
        intent: "在工单下面加一条备注",
        params: [
          ["ticket", "工单编号"],
          ["text", "备注内容"],
        ],
      }),
      tool({ name: "ticket-list", display: "工单列表", intent: "列出指派给某人的工单", params: [["assignee", "处理人"]] }),
      tool({ name: "table-list", display: "数据表列表", intent: "列出数据库里的所有表", params: [["database", "数据库名"]] }),
    ]);
    const note = tickets.explain("昨天那张投诉工单下面，就说下周三前处理完");
    expect(note.signals).toMatchObject({ asksOperation: false, givesContent: true, takesValue: false });
    expect(note.signals!.score).toBeLessThan(DEFAULT_THRESHOLDS.scoreOnThingsAlone);
    expect(note.found).toBe(true);
    expect(note.candidates[0]?.name).toBe("ticket-note");
    // the same ticket named with nothing to say about it is matched on its things alone
    const bare = tickets.explain("昨天那张投诉工单");
    expect(bare.signals?.givesContent).toBe(false);
    expect(bare.verdict).toMatch(/under 0\.15 \(the request asks for no operation/);
  });

  it("reads not letting something happen (别让, 不让, don't let) as a request to block it, not to do it", () => {
    const accounts = createMatcher([
      tool({ name: "account-lock", display: "账号锁定", intent: "锁定一个用户账号，使其无法登录", params: [["user", "用户名"]] }),
      tool({
        name: "ticket-comment",
        display: "工单评论",
        intent: "在工单下面发表一条评论",
        params: [
          ["ticket", "工单编号"],
          ["body", "评论内容"],
        ],
      }),
    ]);
    for (const intent of ["别让 carol 这个账号再登录了", "don't let the user dave log in anymore"]) {
      expect(accounts.explain(intent).required).toContain("block");
      expect(accounts.match(intent).candidates[0]?.name).toBe("account-lock");
    }
    // a comment not to be let happen is no request for the comment tool
    const closed = accounts.explain("3 号工单不让人再评论了");
    expect(closed.operations).toContainEqual(expect.objectContaining({ sense: "comment", use: "negated" }));
    expect(closed.found).toBe(false);
    // so is what 禁止 / 不许 forbid: it is blocked, not done
    for (const intent of ["禁止外包再评论这个工单", "这个工单不许外包再评论"])
      expect(accounts.explain(intent).operations).toContainEqual(expect.objectContaining({ sense: "comment", use: "negated" }));
    expect(accounts.match("在 3 号工单下面评论一句").candidates[0]?.name).toBe("ticket-comment");
  });

  it("knows no verb by an English slip that reads as a thing (transcribe → transcript), though it still ranks", () => {
    const notes = createMatcher([
      tool({
        name: "meeting-notes",
        display: "会议纪要",
        intent: "Turn a meeting transcript into short notes",
        params: [["transcript", "the meeting transcript text"]],
      }),
      tool({ name: "file-delete", display: "文件删除", intent: "删除服务器上的指定文件", params: [["path", "文件路径"]] }),
    ]);
    const asked = notes.explain("transcribe the standup recording for me");
    expect(asked.terms.map((t) => t.label)).toContain("transcribe→transcript");
    expect(asked.signals?.unknownVerb).toBe("transcribe");
    expect(asked.found).toBe(false);
    // a slip of the thing itself is still read as it (and ranks; alone, it makes no request found: section 6, condition 7), and a slip that reads as an operation makes the verb known
    expect(notes.explain("transcrpt of the standup").candidates[0]?.name).toBe("meeting-notes");
    expect(matcher.explain("retsart the containr").signals?.unknownVerb).toBeUndefined();
  });

  it("explains the found decision by the signals it read, and each verdict agrees with them", () => {
    const served = matcher.explain("重启一下 api 容器");
    expect(served.found).toBe(true);
    expect(served.signals).toMatchObject({ operation: true, object: true });
    expect(served.signals!.score).toBeGreaterThanOrEqual(served.thresholds.score);
    expect(served.signals!.coverage).toBeCloseTo(served.coverage, 3);
    expect(served.signals!.second).toBeGreaterThanOrEqual(0);
    expect(served.signals!.second).toBeLessThanOrEqual(1);
    expect(served.signals!.unknownUnits).toBe(0);
    // a stock trade: one word a tool knows (查) among many none does, counted, and the share under the floor named in the verdict
    const errand = matcher.explain("帮我查一下茅台股票的行情然后挂单卖出");
    expect(errand.found).toBe(false);
    expect(errand.signals!.unknownUnits).toBeGreaterThan(5);
    expect(errand.signals!.coverage).toBeLessThan(errand.thresholds.coverage);
    expect(errand.verdict).toMatch(/of the request's words are known to the tools \(at least 35% must be\)/);
    // a verb nothing knows is a signal of its own, whatever the scores
    const unknownVerb = matcher.explain("给 5 号 issue 钉一个置顶");
    expect(unknownVerb.signals?.unknownVerb).toBe("钉");
    expect(unknownVerb.found).toBe(false);
    // no tool shares a word: nothing to read
    expect(matcher.explain("qwxz").signals).toBeUndefined();
  });

  it("takes a value right after the first word of an English command for its object: a word no tool knows there is the verb (fork zhuyuan/native-repo)", () => {
    const repos = createMatcher([
      tool({
        name: "repo-create",
        display: "创建仓库",
        intent: "在Forgejo上为用户或组织新建一个仓库",
        params: [
          ["owner", "所属用户或组织"],
          ["name", "仓库名"],
        ],
      }),
      tool({ name: "file-delete", display: "删除文件", intent: "删除服务器上的指定文件", params: [["path", "文件路径"]] }),
    ]);
    const fork = repos.explain("fork zhuyuan/native-repo into my own account");
    expect(fork.signals?.unknownVerb).toBe("fork");
    expect(fork.found).toBe(false);
    // a verb some tool knows, before a value, is asked as before
    expect(repos.explain("delete /tmp/secret.txt").signals?.unknownVerb).toBeUndefined();
    expect(repos.match("delete /tmp/secret.txt").candidates[0]?.name).toBe("file-delete");
  });

  it("takes no word that says which (last, latest) or how (逐个, 挨个, 依次) for the request's unknown verb", () => {
    // a request that is a noun phrase opens with a word that says which, not with a command
    const listing = matcher.explain("last 5 commits on branch main");
    expect(listing.signals?.unknownVerb).toBeUndefined();
    expect(listing.candidates[0]?.name).toBe("git-log");
    // an adverb of manner stands before the verb: it is not the verb
    expect(matcher.explain("帮我逐个重启一下这几台上的 nginx 服务").signals?.unknownVerb).toBeUndefined();
    expect(matcher.explain("把这几台机器挨个换一遍").signals?.unknownVerb).not.toBe("挨");
    // a verb nobody knows after them is still named
    expect(matcher.explain("帮我逐个钉一个置顶").signals?.unknownVerb).toBe("钉");
  });

  it("answers found:false to a request to make or add a thing no tool and no sense knows (加个 watcher, create a milestone)", () => {
    expect(matcher.explain("给 issue 12 加个 watcher").verdict).toMatch(/knows what "watcher" is/);
    expect(matcher.explain("create a milestone for the next release").verdict).toMatch(/knows what "milestone" is/);
    // a word that only says what the made thing is like comes before a noun some tool knows (a fresh public branch); a value names the unknown thing and is no noun
    expect(matcher.explain("create a fresh shiny branch off main").verdict).not.toMatch(/the thing the request asks to make/);
    expect(matcher.explain("add a milestone v2.2 to the issues").verdict).toMatch(/knows what "milestone" is/);
    // a thing a tool knows is made as before; a light verb without a count makes nothing (加到, 搞不定)
    expect(first("给 issue 12 加一条评论")).toBe("issue-comment");
    expect(first("add a comment to issue 12")).toBe("issue-comment");
    expect(matcher.explain("把 api 容器加到监控里").verdict).not.toMatch(/the thing the request asks to make/);
    // a verb that makes its object its result makes what follows 成, counted (导出成一个 PDF); a value set (改成 debug) is nothing made
    expect(matcher.explain("把错误日志导出成一个 PDF").verdict).toMatch(/knows what "pdf" is/);
    expect(matcher.explain("把 nginx 的日志级别改成 debug").verdict).not.toMatch(/the thing the request asks to make/);
  });

  it("serves a light verb's change (加个, 开个) only with a tool that acts on its object, not one that locates by it", () => {
    const repos = createMatcher([
      tool({
        name: "forgejo-repo-create",
        display: "创建仓库",
        intent: "在 Forgejo 上创建一个新仓库",
        params: [
          ["owner", "所有者（用户或组织）"],
          ["name", "仓库名"],
        ],
      }),
    ]);
    // the owner param takes a user, but the tool makes repositories
    expect(repos.explain("给 Forgejo 组织加个成员").verdict).toMatch(/but not to user/);
    expect(repos.match("给 zhuyuan 加个仓库").candidates[0]?.name).toBe("forgejo-repo-create");
    expect(repos.match("帮我在 Forgejo 上开个仓库").candidates[0]?.name).toBe("forgejo-repo-create");
  });

  it("reads the word before a counted object (…一个, …一条) or a result (…掉) as the request's verb: one no sense knows asks for what no tool does", () => {
    expect(matcher.explain("给 5 号 issue 钉一个置顶").verdict).toMatch(/no sense knows what "钉" asks to do/);
    expect(matcher.explain("这个容器直接 drain 掉").verdict).toMatch(/no sense knows what "drain" asks to do/);
    // a known verb there, or a counted object after a known operation, is served as before
    expect(first("在 issue 12 下面评论一条")).toBe("issue-comment");
    expect(first("这个容器直接重启掉")).toBe("container-restart");
  });

  it("reads a word of two characters before a count inside a run of Chinese (申请一台, 采购三台) as the verb, unless it says what happened (删除了一个)", () => {
    expect(matcher.explain("帮运维采购一台服务器").verdict).toMatch(/no sense knows what "采购" asks to do/);
    expect(matcher.explain("给新同事申请两台服务器").verdict).toMatch(/no sense knows what "申请" asks to do/);
    expect(first("刚删除了一个容器，看下日志")).toBe("log-tail");
    expect(first("给 api 服务重新部署一个版本 v1.2.0")).toBe("deploy");
  });

  it("ranks close tools by what sets them apart", () => {
    expect(first("看看 main 分支最近几次的提交历史")).toBe("git-log");
    expect(first("把本地的改动提交一下")).toBe("git-commit");
    expect(first("对比 main 和 dev 两个分支的差异")).toBe("git-diff");
    expect(first("盯着 app 日志的最新输出")).toBe("log-tail");
    expect(first("在日志里搜一下 timeout 关键字")).toBe("log-grep");
    expect(first("nginx 配置改好了，让它生效")).toBe("nginx-reload");
  });

  it("answers found:false with the suggestion when no tool can serve the request, and says why", () => {
    const unservable: Array<readonly [string, RegExp]> = [
      // mostly about things no tool knows, though a word or two (比较, 看看, 删除) fits some tool
      ["帮我比较一下这两款手机哪个更值得买", /only \d+% of the request's words are known/],
      ["这个月的工资条发给我看看", /only \d+% of the request's words are known/],
      ["把这段视频里的水印删除掉", /only \d+% of the request's words are known/],
      ["帮我订一张明天去上海的高铁票", /no tool shares a word/],
      // an operation no tool knows, however well the rest fits
      ["Reserve a table for four at an Italian place tonight", /no sense knows what "reserve" asks to do/],
      // an operation the tools that know its object do not do
      ["把 nginx 配置里的 timeout 改成 30", /no tool does what the request asks \(update\)/],
    ];
    for (const [request, why] of unservable) {
      expect(matcher.match(request), request).toEqual({ found: false, candidates: [], suggestion: NOT_FOUND_SUGGESTION });
      expect(matcher.explain(request).verdict, request).toMatch(why);
    }
  });

  it("ranks first a tool that does what the request asks, over one that only shares its words", () => {
    // 配置 and nginx say nginx-reload; 删掉 says file-delete
    expect(matcher.explain("删掉 nginx 的配置文件").candidates.find((c) => c.name === "nginx-reload")?.servesOperation).toBe(false);
    expect(first("把 nginx.conf 这个文件删了")).toBe("file-delete");
    expect(first("看下 nginx 配置有没有问题")).toBe("nginx-reload");
  });

  it("takes values for evidence of the tool: a port, an issue number, a version", () => {
    const port = matcher.match("看下 3306 是不是被别的程序占了").candidates[0];
    expect(port?.name).toBe("port-check");
    expect(port?.matched).toContain("3306⇒port");
    expect(first("在 #42 下面回一句已修复")).toBe("issue-comment");
    expect(first("v2.3.1 → web-01")).toBe("deploy");
  });

  it("takes an HTTP method for evidence of the tool whose param takes one (read from its description's examples), or of the tool named for it", () => {
    const http = createMatcher([
      tool({ name: "http-get", display: "HTTP GET请求", intent: "Fetch a URL with an HTTP GET request", params: [["url", "网址"]] }),
      tool({ name: "notify", display: "消息通知", intent: "给指定的人发送一条通知消息", params: [["to", "接收人"]] }),
      tool({
        name: "http-post",
        display: "HTTP POST请求",
        intent: "向接口发送一个POST请求",
        params: [
          ["url", "接口地址"],
          ["body", "JSON请求体"],
        ],
      }),
      tool({
        name: "http-request",
        display: "通用HTTP请求",
        intent: "发送自定义的HTTP请求",
        params: [
          ["url", "接口地址"],
          ["method", "HTTP方法，如 GET、POST、PUT、DELETE"],
        ],
      }),
    ]);
    const best = http.match("对 https://api.example.com/items/42 发个 DELETE").candidates[0];
    expect(best?.name).toBe("http-request");
    expect(best?.matched).toContain("delete⇒http-method@delete");
    // The method is a word too: the tool named for it comes first.
    expect(http.match('POST {"a":1} to https://api.example.com/items').candidates[0]?.name).toBe("http-post");
  });

  it("takes a tool named for one HTTP method to make no other, though its text says what the request says", () => {
    const http = createMatcher([
      tool({ name: "http-post", display: "HTTP POST请求", intent: "Send JSON data to an endpoint with an HTTP POST request", params: [["url", "接口地址"]] }),
      tool({
        name: "http-request",
        display: "通用HTTP请求",
        intent: "自定义方法和请求头的HTTP请求",
        params: [
          ["url", "请求地址"],
          ["method", "HTTP方法，如 GET、POST、PUT、DELETE"],
        ],
      }),
    ]);
    expect(http.match("send a DELETE to https://api.example.com/items/42 with a bearer token").candidates[0]?.name).toBe("http-request");
    expect(http.match("send a PATCH request to https://cms.example.com/api/page/7").candidates[0]?.name).toBe("http-request");
    // the method the tool is named for is one it makes
    expect(http.match('send a POST to https://api.example.com/items with {"a":1}').candidates[0]?.name).toBe("http-post");
  });

  it("returns one to three candidates with a score between 0 and 1, best first", () => {
    const result = matcher.match("重启服务");
    expect(result.found).toBe(true);
    expect(result.suggestion).toBeUndefined();
    expect(result.candidates).toHaveLength(3);
    const scores = result.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) {
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(matcher.match("重启服务", { top: 1 }).candidates).toHaveLength(1);
    expect(matcher.match("重启服务", { top: 9 }).candidates).toHaveLength(3);
    expect(matcher.match("重启服务", { top: 0 }).candidates).toHaveLength(1);
    expect(matcher.match("重启服务", { top: Number.NaN }).candidates).toHaveLength(3);
  });

  it("says what matched, for people", () => {
    const [best] = matcher.match("restart the nginx container").candidates;
    expect(best?.name).toBe("container-restart");
    expect(best?.matched).toEqual(["restart≈restart", "container≈container"]);
    expect(best).toMatchObject({ display: "容器重启", intent: "Restart a Docker container by name" });
  });

  it("is deterministic: the same request gives the same order, ties broken by name", () => {
    const twins = createMatcher([tool({ name: "b-tool", display: "备份", intent: "备份数据" }), tool({ name: "a-tool", display: "备份", intent: "备份数据" })]);
    expect(twins.match("备份").candidates.map((c) => c.name)).toEqual(["a-tool", "b-tool"]);
    const once = matcher.match("查一下 nginx 的 error log");
    for (let i = 0; i < 5; i++) expect(matcher.match("查一下 nginx 的 error log")).toEqual(once);
  });

  it("never throws on empty, garbage or hostile input", () => {
    const odd = ["", "   ", "的的的", "🙂🙂🙂", "\u0000\uffff", "a".repeat(100_000), "查".repeat(20_000), "((((", "/////", "__proto__ constructor"];
    for (const request of odd) {
      const result = matcher.match(request);
      expect(typeof result.found).toBe("boolean");
      if (!result.found) expect(result.suggestion).toBe(NOT_FOUND_SUGGESTION);
    }
    expect(() => matcher.match(undefined as unknown as string)).not.toThrow();
    expect(matcher.match("重启服务", null as unknown as undefined).found).toBe(true);
    expect(() => matcher.match("重启", { context: { file: 42, nested: { a: 1 }, list: ["x"] } })).not.toThrow();
    expect(createMatcher([]).match("重启服务")).toEqual({ found: false, candidates: [], suggestion: NOT_FOUND_SUGGESTION });
    // a pasted document: the request is read from its start
    expect(first(`重启一下 docker 容器${"。日志".repeat(5000)}`)).toBe("container-restart");
  });

  it("explains a ranking term by term: what each request term adds to each tool, from which fields", () => {
    const explained = matcher.explain("重启一下 api 容器", { top: 2, tools: ["cache-get"] });
    expect(explained.found).toBe(true);
    expect(explained.required).toEqual(["restart"]);
    expect(explained.operations).toContainEqual({ sense: "restart", surface: "重启", use: "act" });
    const [best, second, other] = explained.candidates;
    expect(best).toMatchObject({ name: "container-restart", rank: 1, servesOperation: true });
    expect(second?.rank).toBe(2);
    expect(other?.name).toBe("cache-get");
    const restart = best!.contributions.find((c) => c.key === "c:restart");
    expect(restart?.label).toBe("重启≈restart");
    expect(restart?.fields).toEqual(expect.arrayContaining(["name", "display"]));
    // contributions add up to the score (shares of the same attainable score)
    expect(best!.contributions.reduce((sum, c) => sum + c.score, 0)).toBeCloseTo(best!.relevance, 2);
    expect(explained.terms.find((t) => t.key === "c:container")?.idf).toBeGreaterThan(0);
  });

  it("uses context strings as weak hints: they break near ties, and never make a request found", () => {
    expect(first("重启一下")).toBe("service-restart");
    expect(matcher.match("重启一下", { context: { target: "docker container api" } }).candidates[0]?.name).toBe("container-restart");
    expect(matcher.match("帮我订一张明天去上海的高铁票", { context: { file: "/var/log/app.log", repo: "native-repo" } }).found).toBe(false);
  });
});
