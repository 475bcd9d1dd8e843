/**
 * Without --root and without a ./tools folder, `hdlp mcp` over stdio takes
 * its tools root from the client's MCP roots (2025-11-25).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { eventually, startStdio, toolsRoot } from "./harness.ts";

function emptyFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "hdlp-mcp-cwd-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("hdlp mcp without a tools root", () => {
  it("lists the tools of the first client root that holds a tools folder, and says so", async () => {
    const { dir } = toolsRoot();
    const elsewhere = emptyFolder();
    let changed = false;
    const session = await startStdio({
      root: undefined,
      dir,
      cwd: elsewhere,
      client: { capabilities: { roots: { listChanged: true } } },
      beforeConnect: (client) => {
        client.setRequestHandler("roots/list", async () => ({
          roots: [{ uri: pathToFileURL(elsewhere).href }, { uri: pathToFileURL(dir).href, name: "workspace" }],
        }));
        client.setNotificationHandler("notifications/tools/list_changed", () => void (changed = true));
      },
    });
    expect(await eventually(() => changed)).toBe(true);
    expect((await session.client.listTools()).tools.map((t) => t.name)).toEqual(["fail", "guarded", "say", "sleepy"]);
    expect(await eventually(() => session.stderr().includes(`tools root from the client's roots: ${join(dir, "tools")}`))).toBe(true);
  });

  it("serves no tool, and says why, when the client has no roots to offer", async () => {
    const { dir } = toolsRoot({});
    const session = await startStdio({ root: undefined, dir, cwd: emptyFolder() });
    expect((await session.client.listTools()).tools).toEqual([]);
    expect(await eventually(() => session.stderr().includes("the client declared no roots; pass --root DIR"))).toBe(true);
  });
});
