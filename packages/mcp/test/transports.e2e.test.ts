/**
 * `hdlp mcp` end to end, over stdio and over HTTP, with the official SDK
 * client speaking 2025-11-25 (what deployed clients speak): the same
 * scenarios on both transports.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { auditedCalls, eventually, processAlive, processesTagged, rejection, start, TOOLS, toolsRoot, toolText, uniqueTag, type Via } from "./harness.ts";

const ELICITATION = { capabilities: { elicitation: { form: {} } } };

function text(result: CallToolResult): string {
  return result.content.map((item) => (item.type === "text" ? item.text : "")).join("");
}

describe.each<Via>(["stdio", "http"])("hdlp mcp over %s", (via) => {
  it("lists every valid tool with its title, description, input schema, output schema and honest annotations, in name order", async () => {
    const { root, dir } = toolsRoot({ ...TOOLS, broken: toolText({ name: "broken", command: "true" }).replace("executor: shell", "executor: Shell") });
    const session = await start(via, { root, dir });
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["fail", "guarded", "say", "sleepy"]);
    expect(await eventually(() => session.stderr().includes(`not listed: ${join(root, "broken", "TOOL.hdlp")}: 5:11: \`Shell\` is not an executor`))).toBe(
      true,
    );
    const say = tools.find((t) => t.name === "say")!;
    expect(say).toMatchObject({ title: "测试 say", annotations: { title: "测试 say", destructiveHint: false } });
    expect(say.description).toContain("原样输出一段文字");
    expect(say.inputSchema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { msg: { type: "string", description: "要输出的文字" } },
      required: ["msg"],
      additionalProperties: false,
    });
    expect(say.outputSchema).toMatchObject({ type: "object", required: ["ok", "tool", "method", "output", "error", "duration_ms"] });
    expect(tools.find((t) => t.name === "guarded")!.annotations).toMatchObject({ destructiveHint: true });
  });

  it("calls a tool: the raw output as text, the envelope as structured content, audited with the client and the transport", async () => {
    const { root, dir } = toolsRoot();
    const session = await start(via, { root, dir });
    const result = (await session.client.callTool({ name: "say", arguments: { msg: "你好, world  " } })) as CallToolResult;
    expect(result.isError).toBe(false);
    expect(text(result)).toBe("你好, world  ");
    expect(result.structuredContent).toMatchObject({ ok: true, tool: "say", method: "exec", output: "你好, world  ", error: null, found: true, exit_code: 0 });
    expect(await eventually(() => auditedCalls(session.auditPath).length === 1)).toBe(true);
    expect(auditedCalls(session.auditPath)[0]).toMatchObject({ tool: "say", outcome: "ok", client: "hdlp-e2e", transport: via });
  });

  it("returns a failing tool's whole stderr and exit code, as an error result", async () => {
    const { root, dir } = toolsRoot();
    const { client } = await start(via, { root, dir });
    const result = (await client.callTool({ name: "fail", arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("broken pipe\n");
    expect(result.structuredContent).toMatchObject({ ok: false, output: "partial\n", error: "broken pipe\n", exit_code: 3 });
  });

  it("answers an unknown tool with JSON-RPC -32602 carrying found:false and the suggestion", async () => {
    const { root, dir } = toolsRoot();
    const session = await start(via, { root, dir });
    const error = await rejection(session.client.callTool({ name: "sayy", arguments: { msg: "x" } }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain("no tool named `sayy` is registered; did you mean `say`?");
    expect(error.data).toEqual({ found: false, suggestion: "此工具尚不在仓库中，需铸渊新建", did_you_mean: ["say"] });
    expect(await eventually(() => auditedCalls(session.auditPath).some((line) => line["outcome"] === "not-found"))).toBe(true);
  });

  it("refuses a call missing a required param with the runtime's message, and runs nothing", async () => {
    const { root, dir } = toolsRoot();
    const { client } = await start(via, { root, dir });
    const result = (await client.callTool({ name: "say", arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("invalid params for `say`: missing required param `msg` (string: 要输出的文字)");
    expect(result.structuredContent).toMatchObject({ ok: false, refused: "invalid-params", found: true });
  });

  it("refuses a require_confirm tool when the client cannot ask (no elicitation), showing what would run", async () => {
    const { root, dir } = toolsRoot();
    const { client } = await start(via, { root, dir });
    const target = join(dir, "created-without-asking");
    const result = (await client.callTool({ name: "guarded", arguments: { path: target } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ ok: false, refused: "not-confirmed" });
    expect(text(result)).toContain("requires confirmation");
    expect(text(result)).toContain(`touch ${target}`);
    expect(existsSync(target)).toBe(false);
  });

  it("asks a client that can elicit, showing the dry run, and runs nothing when the user declines", async () => {
    const { root, dir } = toolsRoot();
    const { client } = await start(via, { root, dir, client: ELICITATION });
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: "decline" };
    });
    const target = join(dir, "declined");
    const result = (await client.callTool({ name: "guarded", arguments: { path: target } })) as CallToolResult;
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`touch ${target}`);
    expect(result).toMatchObject({ isError: true, structuredContent: { refused: "not-confirmed" } });
    expect(text(result)).toContain("the call was not confirmed; nothing was run");
    expect(existsSync(target)).toBe(false);
  });

  it("runs a require_confirm tool once the user accepts with confirm true, and only then", async () => {
    const { root, dir } = toolsRoot();
    const { client } = await start(via, { root, dir, client: ELICITATION });
    const answers = [
      { action: "accept" as const, content: { confirm: false } },
      { action: "accept" as const, content: { confirm: true } },
    ];
    client.setRequestHandler("elicitation/create", async () => answers.shift()!);
    const unchecked = join(dir, "unchecked");
    const refused = (await client.callTool({ name: "guarded", arguments: { path: unchecked } })) as CallToolResult;
    expect(refused.structuredContent).toMatchObject({ refused: "not-confirmed" });
    expect(existsSync(unchecked)).toBe(false);
    const target = join(dir, "accepted");
    const result = (await client.callTool({ name: "guarded", arguments: { path: target } })) as CallToolResult;
    expect(result).toMatchObject({ isError: false, structuredContent: { ok: true, tool: "guarded" } });
    expect(existsSync(target)).toBe(true);
  });

  it("sends tools/list_changed when a TOOL.hdlp is added, and lists the new tool", async () => {
    const { root, dir, add } = toolsRoot();
    const { client } = await start(via, { root, dir });
    let changed = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void changed++);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("late");
    add("late", toolText({ name: "late", command: "true" }));
    expect(await eventually(() => changed > 0)).toBe(true);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("late");
  });

  it("cancels a call on notifications/cancelled: the whole process group is killed and the audit line says cancelled", async () => {
    const { root, dir } = toolsRoot();
    const session = await start(via, { root, dir });
    const tag = uniqueTag();
    const controller = new AbortController();
    const call = session.client.callTool({ name: "sleepy", arguments: { tag } }, { signal: controller.signal });
    expect(await eventually(() => processesTagged(tag).length >= 2)).toBe(true);
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(await eventually(() => processesTagged(tag).length === 0)).toBe(true);
    expect(await eventually(() => auditedCalls(session.auditPath).some((line) => line["tool"] === "sleepy"))).toBe(true);
    expect(auditedCalls(session.auditPath).find((line) => line["tool"] === "sleepy")).toMatchObject({ outcome: "cancelled", ok: false, transport: via });
    // The server itself goes on serving.
    expect(text((await session.client.callTool({ name: "say", arguments: { msg: "still here" } })) as CallToolResult)).toBe("still here");
  });

  it("leaves no process behind when the client closes mid-call (checked in the process table)", async () => {
    const { root, dir } = toolsRoot();
    const session = await start(via, { root, dir });
    const tag = uniqueTag();
    const call = session.client.callTool({ name: "sleepy", arguments: { tag } });
    call.catch(() => undefined); // it is abandoned: the close below rejects it
    expect(await eventually(() => processesTagged(tag).length >= 2)).toBe(true);
    await session.client.close();
    expect(await eventually(() => processesTagged(tag).length === 0)).toBe(true);
    if (via === "stdio") expect(await eventually(() => !processAlive(session.pid))).toBe(true);
  });
});

describe("hdlp mcp over stdio, shutting down", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("on %s cancels the calls in flight, kills their groups at once, and exits", async (signal) => {
    const { root, dir } = toolsRoot({ sleepy: TOOLS.sleepy });
    const session = await start("stdio", { root, dir });
    const tag = uniqueTag();
    session.client.callTool({ name: "sleepy", arguments: { tag } }).catch(() => undefined);
    expect(await eventually(() => processesTagged(tag).length >= 2)).toBe(true);
    process.kill(session.pid, signal);
    expect(await eventually(() => !processAlive(session.pid) && processesTagged(tag).length === 0)).toBe(true);
    expect(auditedCalls(session.auditPath)).toEqual([expect.objectContaining({ tool: "sleepy", outcome: "cancelled" })]);
    // The process is gone; what it wrote last may still be on its way through the pipe.
    expect(await eventually(() => session.stderr().includes(`stopping (${signal})`))).toBe(true);
  });
});
