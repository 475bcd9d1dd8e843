import type { ParamModel } from "@hdlp/parser";
import { describe, expect, it } from "vitest";
import { defaultLexicon } from "./lexicon.ts";
import { tool } from "./testdata/tools.ts";
import { memoizedAnalyser, ParamsReading, paramsReadAlike, paramsText, toolText } from "./tool-text.ts";

const lexicon = defaultLexicon();
const param = (name: string, description: string, more: Partial<ParamModel> = {}): ParamModel => ({
  name,
  type: "string",
  required: false,
  description,
  ...more,
});
const PARAMS: readonly ParamModel[] = [
  param("repo", "仓库名，如 zhuyuan/native-repo"),
  param("path", "日志文件路径"),
  param("method", "HTTP方法", { enum: ["GET", "POST", 3] }),
  param("force", "强制删除", { type: "boolean" }),
  param("port", "端口号，如 8080", { type: "integer" }),
  param("path_2", "日志文件路径"),
];

describe("ParamsReading", () => {
  it("reads params the same a slice at a time as all at once", () => {
    const whole = paramsText(PARAMS, memoizedAnalyser(lexicon), lexicon);
    expect(whole.words.length).toBeGreaterThan(PARAMS.length);
    expect(whole.slots.length).toBeGreaterThan(0);
    expect(whole.objects.length).toBeGreaterThan(0);
    for (const slice of [1, 2, 4]) {
      const reading = new ParamsReading(PARAMS, memoizedAnalyser(lexicon), lexicon);
      let reads = 0;
      while (!reading.done) {
        expect(() => reading.text()).toThrow("not read yet");
        reading.read(slice);
        reads++;
      }
      expect(reads).toBe(Math.ceil(PARAMS.length / slice));
      expect(reading.text()).toEqual(whole);
    }
  });
});

describe("paramsReadAlike", () => {
  it("compares what is read of a param: its name, description, string enum values and whether it is a boolean", () => {
    const changed = (index: number, more: Partial<ParamModel>) => PARAMS.map((p, i) => (i === index ? { ...p, ...more } : p));
    expect(
      paramsReadAlike(
        PARAMS,
        PARAMS.map((p) => ({ ...p })),
      ),
    ).toBe(true);
    expect(paramsReadAlike(PARAMS, changed(1, { required: true, default: "x" }))).toBe(true);
    expect(paramsReadAlike(PARAMS, changed(4, { type: "number" }))).toBe(true);
    expect(paramsReadAlike(PARAMS, changed(2, { enum: ["GET", "POST", 4] }))).toBe(true);
    expect(paramsReadAlike(PARAMS, changed(0, { name: "repository" }))).toBe(false);
    expect(paramsReadAlike(PARAMS, changed(1, { description: "日志目录" }))).toBe(false);
    expect(paramsReadAlike(PARAMS, changed(2, { enum: ["GET", "PUT", 3] }))).toBe(false);
    expect(paramsReadAlike(PARAMS, changed(4, { type: "boolean" }))).toBe(false);
    expect(paramsReadAlike(PARAMS, PARAMS.slice(1))).toBe(false);
  });
});

describe("toolText: what a tool does", () => {
  const does = (display: string, intent: string): string[] =>
    [...toolText(tool({ name: "some-tool", display, intent }), memoizedAnalyser(lexicon), lexicon).frame.acts].sort();

  it("takes a verb that carries out another operation right after it (执行滚动重启, run a rolling restart) for how, not what", () => {
    expect(does("滚动重启", "对 Deployment 执行滚动重启，让所有 Pod 依次重建")).not.toContain("run");
    expect(does("滚动重启", "对 Deployment 执行滚动重启，让所有 Pod 依次重建")).toContain("restart");
    // alone it is what the tool does
    expect(does("命令执行", "在服务器上执行一条 shell 命令并返回结果")).toContain("run");
  });

  it("takes a word that both reads and changes (打开) beside another change for the change: a switch tool shows nothing", () => {
    expect(does("功能开关", "打开或关闭某个功能开关")).not.toContain("read");
    expect(does("功能开关", "打开或关闭某个功能开关")).toContain("toggle");
    // alone it keeps both
    expect(does("文件打开", "打开一个文件")).toContain("read");
  });

  it("takes a general reading beside a particular one (追溯: 查看每一行是谁改的) for how the tool shows what it finds, not for a reading of its own", () => {
    expect(does("来历追溯", "查看配置文件每一行是谁在哪次变更里改的")).toEqual(["trace"]);
    expect(does("Route tracing", "Trace the hops to a host and show each one")).toEqual(["trace"]);
    // with no particular reading, the general one is what it does
    expect(does("配置查看", "查看配置文件")).toContain("view");
  });

  it("takes seeing a measure of a thing (查看…的数量, show the disk usage) for counting, not for reading the thing", () => {
    expect(does("工单积压", "查看每个工单池中待处理工单的数量")).toEqual(["count"]);
    expect(does("Volume usage", "Show how much space each volume has left")).toEqual(["count"]);
    // with no measure named, seeing is what it does
    expect(does("工单查看", "查看工单池中的待处理工单")).toContain("view");
  });

  it("takes seeing beside getting one thing (人格体档案查看: 获取…的档案) for how the tool shows what it got, not for a reading that lists", () => {
    expect(does("人格体档案查看", "获取人格体的档案信息")).toEqual(["read"]);
    expect(does("Key value", "Fetch the value stored under one key and show it")).toEqual(["read"]);
    // beside another general reading (a listing, a search) seeing stays
    expect(does("工单查看", "查看并列出工单池中的工单，获取每个工单的详情")).toEqual(["list", "read", "view"]);
  });
});

describe("toolText: what its params take", () => {
  const slots = (...params: ParamModel[]): string[] => [...paramsText(params, memoizedAnalyser(lexicon), lexicon).slots];

  it("qualifies what a param that says it takes an absolute path takes as absolute: a file's, a folder's, or either for a path alone", () => {
    expect(slots(param("path", "文件的绝对路径"))).toContain("v:file@absolute");
    expect(slots(param("path", "文件的绝对路径"))).not.toContain("v:directory@absolute");
    expect(slots(param("dir", "目录的绝对路径"))).toContain("v:directory@absolute");
    expect(slots(param("target", "absolute path to write to"))).toEqual(expect.arrayContaining(["v:file@absolute", "v:directory@absolute"]));
    // a path it does not say where from is not qualified; a repository's own path names no file inside it
    expect(slots(param("path", "文件路径")).filter((s) => s.includes("@"))).toEqual([]);
    expect(slots(param("repo_path", "本地仓库路径")).filter((s) => s.includes("@"))).toEqual([]);
  });

  it("lets a param that takes an HTTP method take every method, and a tool whose display name writes one take only that one", () => {
    const methods = (slots: readonly string[]) => slots.filter((s) => s.startsWith("v:http-method@")).sort();
    // the description's examples stop at DELETE; PATCH is a method all the same
    expect(methods(slots(param("method", "HTTP方法，如 GET、POST、PUT、DELETE")))).toEqual(
      ["delete", "get", "head", "options", "patch", "post", "put"].map((m) => `v:http-method@${m}`),
    );
    const fixed = (display: string) =>
      methods(toolText(tool({ name: "some-tool", display, intent: "call an endpoint" }), memoizedAnalyser(lexicon), lexicon).fields.slots);
    expect(fixed("HTTP POST请求")).toEqual(["v:http-method@post"]);
    expect(fixed("HTTP GET request")).toEqual(["v:http-method@get"]);
    // a capital word that is a method only where HTTP is spoken of (a Redis GET) fixes nothing
    expect(fixed("Redis GET")).toEqual([]);
  });

  it("qualifies a path to a kind of file (a log, an archive) by that kind; a kind of file with no path is content, not a file", () => {
    expect(slots(param("path", "日志文件路径"))).toContain("v:file@log");
    expect(slots(param("archive", "归档文件路径"))).toContain("v:file@archive");
    expect(slots(param("content", "要写入的文本内容")).filter((s) => s.startsWith("v:file@"))).toEqual([]);
    expect(slots(param("path", "文件路径")).filter((s) => s.startsWith("v:file@"))).toEqual([]);
  });

  it("qualifies a file or folder a param places inside something that holds files (a repository) as inside", () => {
    expect(slots(param("path", "文件在仓库中的路径"))).toContain("v:file@inside");
    expect(slots(param("path", "文件在仓库中的路径"))).not.toContain("v:file@absolute");
  });
});
