import { describe, expect, it } from "vitest";
import { parse } from "./syntax/parse.ts";
import { loadTool, toToolModel } from "./load.ts";

const TOOL = `name: 2026
display: 查看提交记录
intent: 查看最近的提交记录
method: exec
executor: shell
params_schema:
  count: { type: integer, required: false, description: "条数", default: 5, enum: [5, 10] }
  verbose: { type: boolean, required: false, description: "详细", default: false }
  ratio: { type: number, required: false, description: "比例", default: 0.5 }
  paths: { type: array, required: false, description: "路径", default: [src, "docs"] }
  since: { type: string, required: false, description: "起始" }
constraints:
  timeout_ms: 10000
  max_output_bytes: 0
  require_confirm: true
author: ICE-GL-ZY001
created: 2026-05-31
why: |
  第一行
  第二行
command: git log [-n {count}] [--verbose={verbose}] [--ratio {ratio}] [--since {since}] [-- {paths}]
`;

describe("toToolModel", () => {
  it("types every value by its field: `name: 2026` is text, defaults and enums by the param's type", () => {
    const model = toToolModel(parse(TOOL))!;
    expect(model).toMatchObject({
      name: "2026",
      executor: "shell",
      method: "exec",
      created: "2026-05-31",
      why: "第一行\n第二行\n",
      constraints: { timeout_ms: 10000, max_output_bytes: 0, require_confirm: true, network: false, write: [] },
    });
    expect(model.params).toEqual([
      { name: "count", type: "integer", required: false, description: "条数", default: 5, enum: [5, 10] },
      { name: "verbose", type: "boolean", required: false, description: "详细", default: false },
      { name: "ratio", type: "number", required: false, description: "比例", default: 0.5 },
      { name: "paths", type: "array", required: false, description: "路径", default: ["src", "docs"] },
      { name: "since", type: "string", required: false, description: "起始" },
    ]);
  });

  it("reads `items` and `properties` as deep as they nest, and types defaults and enums by them", () => {
    const text = TOOL.replace(
      '  since: { type: string, required: false, description: "起始" }\n',
      `  since: { type: string, required: false, description: "起始" }
  ports: { type: array, required: false, description: "端口", items: integer, default: [80, 443] }
  hosts:
    type: array
    required: false
    description: 主机
    items:
      type: object
      description: 一台
      properties:
        host: { type: string, required: true, description: "名" }
        tags: { type: array, required: false, description: "标签", items: { type: string, enum: [a, b] } }
    default: [{ host: x, tags: [a] }]
`,
    ).replace("[-- {paths}]", "[-- {paths}] [{ports}] [{hosts}]");
    const params = toToolModel(parse(text))!.params;
    expect(params.find((p) => p.name === "ports")).toEqual({
      name: "ports",
      type: "array",
      required: false,
      description: "端口",
      default: [80, 443],
      items: { type: "integer" },
    });
    expect(params.find((p) => p.name === "hosts")).toEqual({
      name: "hosts",
      type: "array",
      required: false,
      description: "主机",
      default: [{ host: "x", tags: ["a"] }],
      items: {
        type: "object",
        description: "一台",
        properties: [
          { name: "host", type: "string", required: true, description: "名" },
          { name: "tags", type: "array", required: false, description: "标签", items: { type: "string", enum: ["a", "b"] } },
        ],
      },
    });
  });

  it("carries the command template, split into arguments and groups, with placeholder ranges in the file", () => {
    const command = toToolModel(parse(TOOL))!.command!;
    expect(command.items.map((item) => item.kind)).toEqual(["arg", "arg", "group", "group", "group", "group", "group"]);
    const placeholder = command.items[2]!.kind === "group" ? command.items[2]!.args[1]!.parts[0]! : undefined;
    expect(placeholder).toMatchObject({ kind: "placeholder", param: "count", range: { start: { line: 20, character: 21 }, end: { line: 20, character: 28 } } });
  });

  it("carries what a shell tool needs from its sandbox: the network and the paths it writes", () => {
    const text = TOOL.replace("require_confirm: true", 'require_confirm: true\n  network: true\n  write: [/srv/reports, "/var/lib/a b"]');
    expect(toToolModel(parse(text))!.constraints).toEqual({
      timeout_ms: 10000,
      max_output_bytes: 0,
      require_confirm: true,
      network: true,
      write: ["/srv/reports", "/var/lib/a b"],
    });
  });

  it("is undefined when the file has a lint error: `require_confirm: yes` is not a boolean", () => {
    expect(toToolModel(parse(TOOL.replace("require_confirm: true", "require_confirm: yes")))).toBeUndefined();
  });

  it("carries an hlpd-api endpoint", () => {
    const text = TOOL.replace("executor: shell", "executor: hlpd-api")
      .replace("method: exec", "method: module.get")
      .replace(/^command:.*\n/m, "endpoint: GET /modules/{since}\n");
    expect(toToolModel(parse(text))!.endpoint).toMatchObject({ verb: "GET", path: "/modules/{since}", placeholders: [{ param: "since" }] });
  });
});

describe("loadTool", () => {
  it("returns the document, the diagnostics and the model of a file with only warnings", () => {
    const loaded = loadTool(TOOL.replace("author:", "colour: red\nauthor:"));
    expect(loaded.diagnostics.map((d) => d.rule)).toEqual(["unknown-field"]);
    expect(loaded.model?.name).toBe("2026");
    expect(loaded.document.fieldText("display")).toBe("查看提交记录");
  });

  it("returns no model, but every diagnostic, for a file with errors", () => {
    const loaded = loadTool(TOOL.replace("executor: shell", "executor: Shell"));
    expect(loaded.model).toBeUndefined();
    expect(loaded.diagnostics.map((d) => d.rule)).toContain("unknown-executor");
  });
});
