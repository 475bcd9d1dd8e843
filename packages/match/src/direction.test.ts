import { describe, expect, it } from "vitest";
import { analyze } from "./analyze.ts";
import { namedWays, toolDirection } from "./direction.ts";
import { frameOf } from "./frame.ts";
import { defaultLexicon } from "./lexicon.ts";
import { createMatcher } from "./matcher.ts";
import { tool } from "./testdata/tools.ts";

const lexicon = defaultLexicon();
const ways = (text: string) => {
  const analysis = analyze(text, lexicon);
  return namedWays(analysis, frameOf(analysis, lexicon), lexicon);
};

describe("namedWays: where a request says something goes, or comes from", () => {
  it.each([
    // after 从 / from: where it comes from; after 进, into, or 到 / to in a clause that asks for a change: where it goes
    ["从桶里拿个文件下来", { in: [], out: ["bucket"] }],
    // a modifier between is named too: the builds bucket
    ["copy the jar from the builds bucket", { in: [], out: ["pipeline", "bucket"] }],
    ["把结论记到长期记忆里", { in: ["agent-memory"], out: [] }],
    ["load the dump back into the inventory database", { in: ["database"], out: [] }],
    ["手动塞个消息进 mq", { in: ["queue"], out: [] }],
    // an operation word as a modifier between says which: the notifications queue
    ["put a message into the notifications queue", { in: ["message", "queue"], out: [] }],
    // a change right before a thing, 上 or 里 ending the clause: on it or in it is where something is left
    ["备份包打好了，扔对象存储上", { in: ["bucket"], out: [] }],
    // what a light verb makes is where the things it is made of go
    ["把 /var/www 打个 tar.gz 包", { in: ["archive"], out: [] }],
  ])("%s", (text, expected) => {
    expect(ways(text)).toEqual(expected);
  });

  it.each([
    // the marker inside a thesaurus word (进程, 回滚) is no marker
    "进程 pid 占用",
    "回滚 api 服务",
    // 到 and to where nothing is changed say what is reached, not where a thing goes
    "anything bound to port 5432 on this host?",
    "它到底打了啥日志",
    // 到 after a verb of finding says what was found
    "定位到 redis 里那个 key 脏了，删掉",
    // an operation asked for between: the thing is what it is done to
    "I need to dump database orders",
    // 里 after a reading says where to look, not where anything goes
    "看看数据库里",
    // a light verb that makes nothing new (no 个) does something to what is there
    "搞一下 nginx 的 access log",
  ])("names no way in %s", (text) => {
    expect(ways(text)).toEqual({ in: [], out: [] });
  });
});

describe("toolDirection: which way a tool moves things", () => {
  it.each([
    [["upload"], "in"],
    [["download"], "out"],
    [["publish", "enqueue"], "in"],
    [["clear"], "out"],
    [["count"], "out"],
    // a particular operation settles what a general one beside it leaves open: a backup writes a file, out of the database
    [["backup", "write"], "out"],
    [["restore", "write"], "in"],
    // both ways, or none
    [["write", "read"], undefined],
    [["send", "comment", "call"], undefined],
  ])("%j → %s", (acts, expected) => {
    expect(toolDirection(new Set(acts), lexicon)).toBe(expected);
  });
});

describe("ranking by the act's direction", () => {
  const matcher = createMatcher([
    tool({
      name: "object-upload",
      display: "对象上传",
      intent: "Upload a local file to an object storage bucket under a given key",
      params: [
        ["bucket", "存储桶名"],
        ["file", "本地文件路径"],
      ],
    }),
    tool({
      name: "object-download",
      display: "对象下载",
      intent: "把对象存储桶里的某个对象下载到服务器本地路径",
      params: [
        ["bucket", "存储桶名"],
        ["dest", "保存到的本地路径"],
      ],
    }),
    tool({ name: "object-delete", display: "对象删除", intent: "删除对象存储桶里的某个对象", params: [["bucket", "存储桶名"]] }),
    tool({ name: "db-backup", display: "数据库备份", intent: "把数据库导出为备份文件并保存到备份目录", params: [["database", "数据库名"]] }),
    tool({
      name: "db-restore",
      display: "数据库恢复",
      intent: "用指定的备份文件恢复数据库，会覆盖现有数据",
      params: [
        ["database", "数据库名"],
        ["backup_file", "备份文件路径"],
      ],
    }),
    tool({
      name: "queue-publish",
      display: "发布消息",
      intent: "向消息队列的某个交换机或队列投递一条消息",
      params: [
        ["queue", "队列名"],
        ["body", "消息内容"],
      ],
    }),
    tool({
      name: "archive-create",
      display: "打包压缩",
      intent: "把目录或文件打包压缩成tar.gz归档文件",
      params: [
        ["paths", "要打包的路径"],
        ["output", "输出的归档文件路径"],
      ],
    }),
    tool({
      name: "archive-extract",
      display: "解压归档",
      intent: "Extract a tar.gz or zip archive into a target directory",
      params: [
        ["archive", "归档文件路径"],
        ["dest", "解压到的目录"],
      ],
    }),
    tool({ name: "queue-purge", display: "清空队列", intent: "Purge all pending messages from a message queue", params: [["queue", "队列名"]] }),
  ]);
  const first = (text: string) => matcher.match(text).candidates[0]?.name;
  const rank = (text: string, name: string) => matcher.explain(text, { tools: [name] }).candidates.find((c) => c.name === name)?.rank;

  it.each([
    // a tool that puts into what the request takes from (or the other way) ranks after its sibling
    ["从桶里拽个文件下来 media/logo.png", "object-download", "object-upload"],
    ["load yesterday's dump file back into the orders database", "db-restore", "db-backup"],
    ["把这个文件扔进 media 桶", "object-upload", "object-download"],
    ["nginx 的日志打个 tar.gz", "archive-create", "archive-extract"],
  ])("%s: %s before %s", (text, sibling, other) => {
    expect(rank(text, sibling)!).toBeLessThan(rank(text, other)!);
  });

  it("says in the explanation which tool moves things the other way", () => {
    const candidates = matcher.explain("从桶里拽个文件下来 media/logo.png", { tools: ["object-upload"] }).candidates;
    expect(candidates.find((c) => c.name === "object-upload")?.goesAgainst).toBe(true);
    expect(candidates.find((c) => c.name === "object-download")?.goesAgainst).toBe(false);
  });

  it.each([
    // the way named is the act where the verb reads as a reading or a move the other way (drop: delete)
    ["drop a test message into the orders queue", "queue-publish"],
    // the verb that goes the way named keeps its tool first
    ["从桶里把 media/old.png 删掉", "object-delete"],
    ["upload site.zip to the static bucket", "object-upload"],
  ])("%s → %s", (text, expected) => {
    expect(first(text)).toBe(expected);
  });
});
