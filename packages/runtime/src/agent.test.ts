import { afterEach, describe, expect, it } from "vitest";
import { CMD_PARAM, tempDir, toolText, writeTool } from "../test/tool-fixtures.ts";
import { createToolAgent } from "./agent.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("createToolAgent", () => {
  it("serves both of the seed's inputs, {tool, params} and {intent}, over one registry", async () => {
    const { dir, remove } = tempDir("hdlp-agent-");
    cleanups.push(remove);
    writeTool(dir, "shell-exec", toolText({ name: "shell-exec", intent: "在服务器上执行一条shell命令并返回结果", params: [CMD_PARAM] }));
    const agent = createToolAgent({ root: dir, cacheDir: false });

    expect(await agent.call({ tool: "shell-exec", params: { cmd: "echo hello" } })).toMatchObject({ ok: true, output: "hello\n", found: true });
    expect(await agent.call({ tool: "git-ops", params: {} })).toMatchObject({ ok: false, found: false });

    const matched = agent.match({ intent: "执行一条shell命令" });
    expect(matched.found).toBe(true);
    expect(matched.candidates[0]?.name).toBe("shell-exec");

    // A tool added later is served after the next scan, by call and by match.
    writeTool(dir, "disk-usage", toolText({ name: "disk-usage", intent: "查看磁盘使用情况", command: "df -h" }));
    expect((await agent.call({ tool: "disk-usage" })).found).toBe(false);
    agent.scan();
    expect((await agent.call({ tool: "disk-usage" })).ok).toBe(true);
    expect(agent.match({ intent: "查看磁盘使用情况" }).candidates[0]?.name).toBe("disk-usage");
  });
});
