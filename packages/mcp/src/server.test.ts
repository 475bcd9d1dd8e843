/**
 * The server's own rules, through an SDK client connected in memory (the
 * transports are exercised end to end in test/): the operator's pre-approval
 * and allow and deny lists, `--tools`, the tool-search pattern, pagination,
 * progress, and the annotations.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { loadTool, type ToolModel } from "@hdlp/parser";
import type { RegisteredTool, ToolIndex } from "@hdlp/runtime";
import { type CallToolResult, Client, type ClientOptions } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { describe, expect, it, onTestFinished } from "vitest";
import { rejection, toolText } from "../test/harness.ts";
import { ENVELOPE_SCHEMA, MATCH_RESULT_SCHEMA } from "./schemas.ts";
import { HdlpMcp, type HdlpMcpOptions, PAGE_SIZE } from "./server.ts";
import { toolFilter, type ToolFilterOptions } from "./tool-filter.ts";
import { fixedToolSource } from "./tool-source.ts";

function model(text: string): ToolModel {
  const { model, diagnostics } = loadTool(text);
  if (!model) throw new Error(diagnostics.map((d) => d.message).join("\n"));
  return model;
}

function indexOf(models: readonly ToolModel[]): ToolIndex {
  const tools: RegisteredTool[] = [...models]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((m) => ({ name: m.name, path: `/tools/${m.name}/TOOL.hdlp`, model: m, diagnostics: [], hash: m.name }));
  const byName = new Map(tools.map((t) => [t.name, t]));
  return { root: "/tools", tools, invalid: [], stats: { files: tools.length, read: 0, parsed: 0, durationMs: 0 }, get: (name) => byName.get(name) };
}

const SAY = model(
  toolText({
    name: "say",
    intent: "原样输出一段文字",
    command: "printf %s {msg}",
    params: ['msg: { type: string, required: true, description: "要输出的文字" }'],
  }),
);
const SLOW = model(toolText({ name: "slow", intent: "慢慢输出", command: "sh -c 'printf abc; sleep 2.5; printf def'" }));
const GUARDED = model(
  toolText({
    name: "guarded",
    intent: "创建一个文件，须确认",
    command: "touch {path}",
    params: ['path: { type: string, required: true, description: "文件路径" }'],
    requireConfirm: true,
  }),
);
const FORGEJO_LOG = model(
  toolText({ name: "forge-log", intent: "列出仓库的提交", command: "true", params: ['repo: { type: string, required: false, description: "仓库" }'] })
    .replace("executor: shell", "executor: git-forgejo")
    .replace("method: exec", "method: repo.commits")
    .replace(/^command:.*\n/m, ""),
);
const REMOTE = model(toolText({ name: "remote", intent: "在 gatekeeper 上执行", command: "uptime" }).replace("executor: shell", "executor: gatekeeper"));

async function connect(
  models: readonly ToolModel[],
  options: Partial<HdlpMcpOptions> & { filter?: ToolFilterOptions; client?: ClientOptions } = {},
): Promise<Client> {
  // The sandbox off: these tests check the protocol, and their tools write into temp folders (the sandbox has its own tests).
  const call = { config: { gatekeepers: [], sandbox: { mode: "off", network: false, read: [], write: [] } } as const, ...options.call };
  const mcp = new HdlpMcp({
    source: fixedToolSource(indexOf(models), toolFilter(options.filter)),
    version: "0.0.0-test",
    transport: "stdio",
    ...options,
    call,
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await mcp.server({ longLived: true }).connect(serverSide);
  const client = new Client({ name: "in-memory", version: "1" }, options.client);
  await client.connect(clientSide);
  onTestFinished(() => client.close());
  return client;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hdlp-mcp-unit-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const envelopeValid = new Ajv2020({ strict: false }).compile(ENVELOPE_SCHEMA);

describe("pre-approval (the operator's mcp.pre_approved)", () => {
  it("runs a pre-approved require_confirm tool without asking, and only the tools named", async () => {
    const dir = tempDir();
    const other = model(
      toolText({ name: "guarded-too", command: "touch {path}", params: ['path: { type: string, required: true, description: "p" }'], requireConfirm: true }),
    );
    const client = await connect([GUARDED, other], { preApproved: ["guarded"] });
    const approved = (await client.callTool({ name: "guarded", arguments: { path: join(dir, "a") } })) as CallToolResult;
    expect(approved.structuredContent).toMatchObject({ ok: true });
    expect(existsSync(join(dir, "a"))).toBe(true);
    const refused = (await client.callTool({ name: "guarded-too", arguments: { path: join(dir, "b") } })) as CallToolResult;
    expect(refused.structuredContent).toMatchObject({ refused: "not-confirmed" });
    expect(existsSync(join(dir, "b"))).toBe(false);
  });

  it("cannot be claimed by the call: an argument or a _meta field saying `confirm` runs nothing", async () => {
    const dir = tempDir();
    const client = await connect([GUARDED]);
    const withArgument = (await client.callTool({ name: "guarded", arguments: { path: join(dir, "a"), confirm: true } })) as CallToolResult;
    expect(withArgument.structuredContent).toMatchObject({ refused: "invalid-params" });
    const withMeta = (await client.callTool({
      name: "guarded",
      arguments: { path: join(dir, "b") },
      _meta: { confirm: true, preApproved: true },
    })) as CallToolResult;
    expect(withMeta.structuredContent).toMatchObject({ refused: "not-confirmed" });
    expect(existsSync(join(dir, "a")) || existsSync(join(dir, "b"))).toBe(false);
  });
});

describe("which tools a server serves", () => {
  it("applies the operator's allow and deny lists, then --tools: the rest are neither listed nor callable", async () => {
    const client = await connect([SAY, SLOW, GUARDED], { filter: { policy: { allow: ["s*", "guarded"], deny: ["slow"] }, narrow: ["s?y", "slow"] } });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["say"]);
    for (const name of ["slow", "guarded"]) {
      const error = await rejection(client.callTool({ name, arguments: {} }));
      expect(error.code).toBe(-32602);
      expect(error.data).toMatchObject({ found: false });
    }
  });

  it("keeps a denied tool out of the tool-search pattern too: match_tools never offers it, call_tool cannot run it", async () => {
    const offered = async (client: Client) => {
      const match = (await client.callTool({ name: "match_tools", arguments: { intent: "慢慢地输出" } })) as CallToolResult;
      return (match.structuredContent as { candidates: { name: string }[] }).candidates.map((c) => c.name);
    };
    expect(await offered(await connect([SAY, SLOW], { expose: "search" }))).toContain("slow");
    const client = await connect([SAY, SLOW], { expose: "search", filter: { policy: { allow: [], deny: ["slow"] } } });
    expect(await offered(client)).not.toContain("slow");
    const error = await rejection(client.callTool({ name: "call_tool", arguments: { name: "slow", arguments: {} } }));
    expect(error.code).toBe(-32602);
    expect(error.data).toMatchObject({ found: false });
  });

  it("marks a reading git-forgejo method read-only and the remote executors open-world, and claims nothing for a shell tool", async () => {
    const client = await connect([SAY, FORGEJO_LOG, REMOTE, GUARDED]);
    const annotations = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t.annotations]));
    expect(annotations["forge-log"]).toEqual({ title: "测试 forge-log", readOnlyHint: true, openWorldHint: true });
    expect(annotations["remote"]).toEqual({ title: "测试 remote", destructiveHint: false, openWorldHint: true });
    expect(annotations["say"]).toEqual({ title: "测试 say", destructiveHint: false });
    expect(annotations["guarded"]).toEqual({ title: "测试 guarded", destructiveHint: true });
  });
});

describe("the tool-search pattern", () => {
  it("--expose search lists exactly match_tools and call_tool; they find and call a tool under a direct call's rules", async () => {
    const client = await connect([SAY, GUARDED], { expose: "search" });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["match_tools", "call_tool"]);
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true });
    const match = (await client.callTool({ name: "match_tools", arguments: { intent: "输出一段文字" } })) as CallToolResult;
    expect(new Ajv2020({ strict: false }).validate(MATCH_RESULT_SCHEMA, match.structuredContent)).toBe(true);
    expect(match.structuredContent).toMatchObject({ found: true, candidates: [expect.objectContaining({ name: "say" })] });
    const called = (await client.callTool({ name: "call_tool", arguments: { name: "say", arguments: { msg: "via call_tool" } } })) as CallToolResult;
    expect(called.structuredContent).toMatchObject({ ok: true, output: "via call_tool" });
    const unknown = await rejection(client.callTool({ name: "call_tool", arguments: { name: "sya", arguments: {} } }));
    expect(unknown.code).toBe(-32602);
    expect(unknown.data).toMatchObject({ found: false, suggestion: "此工具尚不在仓库中，需铸渊新建" });
    const unconfirmed = (await client.callTool({ name: "call_tool", arguments: { name: "guarded", arguments: { path: "/tmp/never" } } })) as CallToolResult;
    expect(unconfirmed.structuredContent).toMatchObject({ refused: "not-confirmed" });
    const malformed = (await client.callTool({ name: "call_tool", arguments: { tool: "say" } })) as CallToolResult;
    expect(malformed).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("unknown argument `tool`") }] });
  });

  it("auto lists every tool up to 50, and switches to search above", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => model(toolText({ name: `t${String(i).padStart(3, "0")}`, command: "true" })));
    expect((await (await connect(many(50))).listTools()).tools).toHaveLength(50);
    expect((await (await connect(many(51))).listTools()).tools.map((t) => t.name)).toEqual(["match_tools", "call_tool"]);
  });
});

describe("tools/list pagination", () => {
  it("pages a large registry in name order, and the client gets every tool once", async () => {
    const models = Array.from({ length: PAGE_SIZE * 2 + 7 }, (_, i) => model(toolText({ name: `tool-${String(i).padStart(4, "0")}`, command: "true" })));
    const client = await connect(models, { expose: "all" });
    const first = await client.request({ method: "tools/list", params: {} });
    expect(first.tools).toHaveLength(PAGE_SIZE);
    expect(first.nextCursor).toBeDefined();
    const all = (await client.listTools()).tools.map((t) => t.name);
    expect(all).toEqual(models.map((m) => m.name));
    const error = await rejection(client.request({ method: "tools/list", params: { cursor: "not a cursor!" } }));
    expect(error.code).toBe(-32602);
  });
});

describe("tools/call", () => {
  it("reports progress while a call runs when the client sent a progress token: time rising, bytes so far", async () => {
    const client = await connect([SLOW]);
    const progress: { progress: number; message?: string }[] = [];
    const result = (await client.callTool({ name: "slow", arguments: {} }, { onprogress: (p) => void progress.push(p) })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ ok: true, output: "abcdef" });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((p, i) => i === 0 || p.progress > progress[i - 1]!.progress)).toBe(true);
    expect(progress.at(-1)!.message).toContain("3 bytes of output so far");
  });

  it("returns structured content that validates against the output schema, whatever the outcome", async () => {
    const fail = model(toolText({ name: "fail", command: "sh -c 'echo no >&2; exit 1'" }));
    const client = await connect([SAY, fail, GUARDED]);
    const outcomes = [
      await client.callTool({ name: "say", arguments: { msg: "x" } }),
      await client.callTool({ name: "fail", arguments: {} }),
      await client.callTool({ name: "say", arguments: {} }),
      await client.callTool({ name: "guarded", arguments: { path: "/tmp/never" } }),
    ] as CallToolResult[];
    for (const outcome of outcomes) expect(envelopeValid(outcome.structuredContent), JSON.stringify(envelopeValid.errors)).toBe(true);
    expect(outcomes.map((o) => o.isError)).toEqual([false, true, true, true]);
  });
});
