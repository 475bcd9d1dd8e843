import { loadTool, type ToolModel } from "@hdlp/parser";
import { describe, expect, it } from "vitest";
import { toolText } from "../test/harness.ts";
import { exportTools } from "./export.ts";

function model(name: string, params: readonly string[] = []): ToolModel {
  const { model, diagnostics } = loadTool(toolText({ name, command: `echo ${params.map((p) => `[{${p.split(":")[0]}}]`).join(" ")}`.trimEnd(), params }));
  if (!model) throw new Error(diagnostics.map((d) => d.message).join("\n"));
  return model;
}

const LONG = `deploy.${"very-long-service-name-".repeat(4)}restart`;

describe("exportTools", () => {
  it("writes each API's shape: OpenAI Chat Completions nested, Responses flat, Anthropic input_schema, MCP tools/list", () => {
    const tools = [model("say", ['msg: { type: string, required: true, description: "m" }'])];
    const parameters = { type: "object", properties: { msg: { type: "string", description: "m" } }, required: ["msg"], additionalProperties: false };
    expect(exportTools(tools, "openai").body.tools).toEqual([{ type: "function", function: { name: "say", description: expect.any(String), parameters } }]);
    expect(exportTools(tools, "openai-responses").body.tools).toEqual([
      { type: "function", name: "say", description: expect.any(String), parameters, strict: false },
    ]);
    expect(exportTools(tools, "anthropic").body.tools).toEqual([{ name: "say", description: expect.any(String), input_schema: parameters }]);
    expect(exportTools(tools, "mcp").body.tools).toEqual([
      expect.objectContaining({ name: "say", title: "测试 say", inputSchema: expect.objectContaining(parameters), outputSchema: expect.any(Object) }),
    ]);
  });

  it("maps the names an API rejects (a dot, more than 64 characters), keeps two long names apart, and says how", () => {
    const tools = [model("git.log"), model(LONG), model(`${LONG}-again`)];
    const { body, renamed } = exportTools(tools, "anthropic");
    const names = (body.tools as { name: string }[]).map((t) => t.name);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe("git_log");
    expect([...renamed.entries()]).toEqual([
      ["git_log", "git.log"],
      [names[1], LONG],
      [names[2], `${LONG}-again`],
    ]);
    // MCP allows dots and 128 characters: nothing to map.
    expect(exportTools(tools, "mcp").renamed.size).toBe(0);
  });

  it("sends an array that declares no items as `items: {}`, and names it; a typed one keeps its items", () => {
    const tools = [
      model("batch", [
        'hosts: { type: array, required: false, description: "h" }',
        'ports: { type: array, required: false, description: "p", items: integer }',
      ]),
    ];
    const { body, untypedArrays } = exportTools(tools, "openai");
    const properties = (body.tools[0] as { function: { parameters: { properties: Record<string, unknown> } } }).function.parameters.properties;
    expect(properties["hosts"]).toEqual({ type: "array", description: "h", items: {} });
    expect(properties["ports"]).toEqual({ type: "array", description: "p", items: { type: "integer" } });
    expect(untypedArrays).toEqual(["batch.hosts"]);
  });
});
