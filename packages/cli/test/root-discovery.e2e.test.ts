/**
 * Every command that reads the tools finds the root the same way from a
 * subfolder of a project, with no --root and no path (registry-options.ts): the
 * configuration's registry.root (the tools/ beside hdlp.config.json), else
 * the nearest tools/ from the working folder up.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it, onTestFinished } from "vitest";
import { HDLP, project, runHdlp } from "./run-hdlp.ts";

/** The tools `hdlp mcp` serves, run from `cwd`, asked over stdio by the SDK's client. */
async function mcpToolNames(cwd: string, env: Record<string, string>): Promise<string[]> {
  const transport = new StdioClientTransport({
    command: HDLP,
    args: ["mcp"],
    cwd,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: process.env["HOME"] ?? "/tmp", ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "root-discovery", version: "1.0.0" });
  await client.connect(transport);
  onTestFinished(() => client.close());
  return (await client.listTools()).tools.map((tool) => tool.name);
}

describe("the tools root, found from a subfolder of the project", () => {
  it.each([
    ["beside hdlp.config.json", { "hdlp.config.json": '{ "sandbox": { "mode": "off" } }\n', "docs/deep/.keep": "" }],
    ["the nearest tools/ up, with no configuration", { "tools/.keep": "", "docs/deep/.keep": "" }],
  ])("%s: new, lint, fmt, list, match, call, export and mcp all use it", async (_, files) => {
    const dir = await project(files);
    const cwd = join(dir, "docs/deep");
    const env = { HDLP_AUDIT_LOG: join(dir, "audit.jsonl"), HDLP_CACHE_DIR: join(dir, "cache") };

    const made = await runHdlp(["new", "echo-it", "--executor", "shell"], { cwd, env });
    expect(made, made.stderr).toMatchObject({ code: 0, stdout: `${join("..", "..", "tools", "echo-it", "TOOL.hdlp")}\n` });

    const linted = await runHdlp(["lint", "--format", "json"], { cwd, env });
    expect(linted.code, linted.stderr).toBe(0);
    expect(JSON.parse(linted.stdout).files.map((f: { path: string }) => f.path)).toEqual([join(dir, "tools", "echo-it", "TOOL.hdlp")]);
    expect(await runHdlp(["fmt", "--check"], { cwd, env })).toMatchObject({ code: 0, stdout: "" });

    const listed = JSON.parse((await runHdlp(["list", "--json"], { cwd, env })).stdout);
    expect(listed.root).toBe(join(dir, "tools"));
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(["echo-it"]);

    const matched = await runHdlp(["match", "执行一条shell命令", "--json"], { cwd, env });
    expect(JSON.parse(matched.stdout).candidates.map((c: { name: string }) => c.name)).toEqual(["echo-it"]);

    const called = await runHdlp(["call", "echo-it", "text=found from below", "--yes"], { cwd, env });
    expect(called, called.stderr).toMatchObject({ code: 0, stdout: "found from below\n" });

    const exported = JSON.parse((await runHdlp(["export", "--format", "mcp"], { cwd, env })).stdout);
    expect(exported.tools.map((t: { name: string }) => t.name)).toEqual(["echo-it"]);

    expect(await mcpToolNames(cwd, env)).toEqual(["echo-it"]);
  });
});
