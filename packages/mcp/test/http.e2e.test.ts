/**
 * `hdlp mcp --http`: what stands in front of the protocol (path, Host,
 * Origin, token, body size, the bind address), several clients at once, and
 * a client of 2026-07-28 served statelessly.
 */
import { request as httpRequest } from "node:http";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { connectHttp, HDLP, startHttpServer, toolsRoot } from "./harness.ts";
import { spawnSync } from "node:child_process";

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

function post(url: string, headers: Record<string, string> = {}, body = INITIALIZE): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
}

/** A request with a Host header of our choosing (fetch may not set one). */
function withHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { host, "content-type": "application/json", accept: "application/json, text/event-stream" },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(INITIALIZE);
  });
}

describe("hdlp mcp --http, in front of the protocol", () => {
  it("answers 403 to a request whose Origin is not a loopback origin, and serves loopback origins", async () => {
    const { root, dir } = toolsRoot();
    const server = await startHttpServer({ root, dir });
    const foreign = await post(server.url, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain("https://evil.example");
    expect((await post(server.url, { origin: "null" })).status).toBe(403);
    expect((await post(server.url, { origin: "http://localhost:5173" })).status).toBe(200);
    expect((await post(server.url)).status).toBe(200);
  });

  it("answers 403 to a Host that is not a loopback name (DNS rebinding)", async () => {
    const { root, dir } = toolsRoot();
    const server = await startHttpServer({ root, dir });
    expect(await withHost(server.url, "rebound.example:8080")).toBe(403);
    expect(await withHost(server.url, `localhost:${new URL(server.url).port}`)).toBe(200);
  });

  it("with HDLP_MCP_TOKEN, answers 401 to a request without the bearer token, and serves one with it", async () => {
    const { root, dir } = toolsRoot();
    const token = "t0k-3n-for-tests-only";
    const server = await startHttpServer({ root, dir, env: { HDLP_MCP_TOKEN: token } });
    const missing = await post(server.url);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await post(server.url, { authorization: "Bearer wrong-token-of-same-len" })).status).toBe(401);
    const client = await connectHttp(server.url, { headers: { authorization: `Bearer ${token}` } });
    const result = (await client.callTool({ name: "say", arguments: { msg: "authorised" } })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ ok: true, output: "authorised" });
    expect(server.stderr()).not.toContain(token);
  });

  it("refuses to start on a non-loopback address without a token, saying why", () => {
    const { root } = toolsRoot();
    const run = spawnSync(HDLP, ["mcp", "--root", root, "--http", "0.0.0.0:0"], {
      encoding: "utf8",
      env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("refusing to listen on 0.0.0.0");
    expect(run.stderr).toContain("HDLP_MCP_TOKEN");
  });

  it("starts on a non-loopback address when a token is set", async () => {
    const { root, dir } = toolsRoot();
    const server = await startHttpServer({ root, dir, listen: "0.0.0.0:0", env: { HDLP_MCP_TOKEN: "another-test-token" } });
    expect(server.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/mcp$/);
    expect((await post(server.url.replace("0.0.0.0", "127.0.0.1"))).status).toBe(401);
  });

  it("answers 413 to a body over the limit and 404 away from /mcp", async () => {
    const { root, dir } = toolsRoot();
    const server = await startHttpServer({ root, dir });
    const huge = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { padding: "x".repeat(5 * 1024 * 1024) } });
    expect((await post(server.url, {}, huge)).status).toBe(413);
    expect((await fetch(server.url.replace(/\/mcp$/, "/other"))).status).toBe(404);
  });
});

describe("hdlp mcp --http, serving", () => {
  it("serves several clients at once, each its own session", async () => {
    const { root, dir } = toolsRoot();
    const server = await startHttpServer({ root, dir });
    const clients = await Promise.all([0, 1, 2].map(() => connectHttp(server.url)));
    const results = await Promise.all(
      clients.flatMap((client, i) => [0, 1].map((j) => client.callTool({ name: "say", arguments: { msg: `client ${i} call ${j}` } }))),
    );
    expect(results.map((r) => ((r as CallToolResult).structuredContent as { output: string }).output)).toEqual([
      "client 0 call 0",
      "client 0 call 1",
      "client 1 call 0",
      "client 1 call 1",
      "client 2 call 0",
      "client 2 call 1",
    ]);
  });

  it("serves a client of 2026-07-28 statelessly: list, call, and confirmation through input_required", async () => {
    const { root, dir } = toolsRoot();
    const server = await startHttpServer({ root, dir });
    const client = await connectHttp(server.url, {
      client: { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: { form: {} } } },
    });
    expect(client.getProtocolEra()).toBe("modern");
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["fail", "guarded", "say", "sleepy"]);
    expect(((await client.callTool({ name: "say", arguments: { msg: "modern" } })) as CallToolResult).structuredContent).toMatchObject({
      ok: true,
      output: "modern",
    });
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { confirm: true } };
    });
    const target = join(dir, "modern-accepted");
    const result = (await client.callTool({ name: "guarded", arguments: { path: target } })) as CallToolResult;
    expect(asked).toEqual([expect.stringContaining(`touch ${target}`)]);
    expect(result.structuredContent).toMatchObject({ ok: true });
    expect(existsSync(target)).toBe(true);
  });
});
