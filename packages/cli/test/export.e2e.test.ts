/** `hdlp export`: the registry as tool definitions, printed for agents that load them themselves. */
import { describe, expect, it } from "vitest";
import { project, runHdlp, SEED } from "./run-hdlp.ts";

const dotted = SEED.replace("name: shell-exec", "name: shell.exec");

describe("hdlp export", () => {
  it("prints {tools} in the OpenAI Chat Completions shape, mapping a name the API rejects and printing the mapping", async () => {
    const cwd = await project({ "tools/shell.exec/TOOL.hdlp": dotted });
    const run = await runHdlp(["export", "--format", "openai"], { cwd });
    expect(run.code).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: { type: string; function: { name: string; parameters: { required: string[] } } }[] };
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ type: "function", function: { name: "shell_exec", parameters: { type: "object", required: ["cmd"] } } });
    expect(run.stderr).toContain("shell_exec → shell.exec");
  });

  it("prints the Anthropic Messages shape and the MCP tools/list shape, narrowed by --tools", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SEED, "tools/other/TOOL.hdlp": SEED.replace("name: shell-exec", "name: other") });
    const anthropic = await runHdlp(["export", "--format", "anthropic", "--tools", "shell-*"], { cwd });
    expect(JSON.parse(anthropic.stdout)).toEqual({
      tools: [expect.objectContaining({ name: "shell-exec", input_schema: expect.objectContaining({ type: "object" }) })],
    });
    const mcp = await runHdlp(["export", "--format", "mcp"], { cwd });
    expect((JSON.parse(mcp.stdout) as { tools: { name: string; title: string }[] }).tools.map((t) => [t.name, t.title])).toEqual([
      ["other", "Shell命令执行"],
      ["shell-exec", "Shell命令执行"],
    ]);
  });

  it("asks for a format it knows", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SEED });
    const missing = await runHdlp(["export"], { cwd });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--format mcp|openai|openai-responses|anthropic");
    expect((await runHdlp(["export", "--format", "gemini"], { cwd })).code).toBe(2);
  });
});
