import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHlpdApiFake } from "../../../test/fakes/hlpd-api.ts";
import { type RunningServer, sendJson, startServer } from "../../../test/fakes/server.ts";
import { callOf, configAt, endpointTemplate, TEST_TOKEN, toolModel } from "../../../test/fakes/tools.ts";
import { InvalidCallError, type RuntimeConfig } from "../executor.ts";
import { hlpdApiExecutor } from "./hlpd-api.ts";

const rpcTool = (method: string, params: string[] = []) => toolModel({ executor: "hlpd-api", method, params: params.map((name) => ({ name })) });
const restTool = (verb: "GET" | "POST" | "PUT" | "DELETE", path: string, params: string[]) =>
  toolModel({ executor: "hlpd-api", method: "module.rest", endpoint: endpointTemplate(verb, path), params: params.map((name) => ({ name })) });

describe("hlpd-api against an HLDP API built to its contract", () => {
  let api: RunningServer;
  let config: RuntimeConfig;

  beforeAll(async () => {
    api = await startHlpdApiFake({
      token: TEST_TOKEN,
      modules: [
        { id: "L4-TOOL-003", title: "工具Agent" },
        { id: "a/b?c", title: "odd id" },
      ],
    });
    config = configAt(api.url);
  });
  afterAll(() => api.close());

  describe("JSON-RPC 2.0", () => {
    it("sends {jsonrpc, id, method, params} with the bearer token; the output is the body, raw", async () => {
      const set = await hlpdApiExecutor.execute(callOf(rpcTool("cache.set", ["key", "value"]), { key: "tools", value: { count: 5 } }, config));
      expect(set.ok).toBe(true);
      const sent = JSON.parse(api.requests.at(-1)!.body);
      expect(sent).toEqual({ jsonrpc: "2.0", id: expect.any(Number), method: "cache.set", params: { key: "tools", value: { count: 5 } } });
      expect(api.requests.at(-1)!.headers["authorization"]).toBe(`Bearer ${TEST_TOKEN}`);

      const get = await hlpdApiExecutor.execute(callOf(rpcTool("cache.get", ["key"]), { key: "tools" }, config));
      const id = JSON.parse(api.requests.at(-1)!.body).id;
      expect(get).toEqual({ ok: true, output: JSON.stringify({ jsonrpc: "2.0", id, result: { count: 5 } }), error: null });
    });

    it("an `error` member: ok:false with its code and message, the body still in output", async () => {
      const result = await hlpdApiExecutor.execute(callOf(rpcTool("module.delete"), {}, config));
      expect(result.ok).toBe(false);
      expect(result.error).toBe("JSON-RPC error -32601: Method not found");
      expect(JSON.parse(result.output).error.code).toBe(-32601);
    });

    it("a response for another id is not taken for this call's", async () => {
      const liar = await startServer((_, res) => sendJson(res, 200, { jsonrpc: "2.0", id: 99999, result: "someone else's" }));
      const result = await hlpdApiExecutor.execute(callOf(rpcTool("cache.get"), {}, configAt(liar.url)));
      await liar.close();
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/not with a JSON-RPC 2.0 response: its id 99999 is not the request's id \d+/);
    });

    it("an error answered for another id is not taken for this call's", async () => {
      const liar = await startServer((_, res) => sendJson(res, 200, { jsonrpc: "2.0", id: 99999, error: { code: -32000, message: "someone else's failure" } }));
      const result = await hlpdApiExecutor.execute(callOf(rpcTool("cache.get"), {}, configAt(liar.url)));
      await liar.close();
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/not with a JSON-RPC 2.0 response: its error is for id 99999, not the request's id \d+/);
    });

    it("an error with id null (the server could not read the request's id) is this call's", async () => {
      const server = await startServer((_, res) => sendJson(res, 200, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
      const result = await hlpdApiExecutor.execute(callOf(rpcTool("cache.get"), {}, configAt(server.url)));
      await server.close();
      expect(result).toMatchObject({ ok: false, error: "JSON-RPC error -32700: Parse error" });
    });

    it("a non-2xx whose body is a JSON-RPC error reports the status and the code", async () => {
      const server = await startServer((_, res) => sendJson(res, 503, { jsonrpc: "2.0", id: null, error: { code: -32000, message: "数据库维护中" } }));
      const result = await hlpdApiExecutor.execute(callOf(rpcTool("cache.get"), {}, configAt(server.url)));
      await server.close();
      expect(result.error).toBe(`hlpd-api (POST ${server.url}/) answered 503 Service Unavailable: JSON-RPC error -32000: 数据库维护中`);
    });

    it("the token is masked in what a server echoes back and in the dry run", async () => {
      const result = await hlpdApiExecutor.execute(callOf(rpcTool("debug.headers"), {}, config));
      expect(JSON.parse(result.output).result.authorization).toBe("Bearer ***");
      const dryRun = hlpdApiExecutor.describe(callOf(rpcTool("cache.get", ["key"]), { key: "k" }, config));
      expect(dryRun).toMatchObject({ kind: "http", method: "POST", url: `${api.url}/`, headers: { authorization: "Bearer ***" } });
      expect(JSON.parse((dryRun as { body: string }).body)).toMatchObject({ jsonrpc: "2.0", method: "cache.get", params: { key: "k" } });
      expect(JSON.stringify([result, dryRun])).not.toContain(TEST_TOKEN);
    });
  });

  describe("a REST endpoint", () => {
    it("GET substitutes path params encoded and sends the rest as the query", async () => {
      const result = await hlpdApiExecutor.execute(
        callOf(restTool("GET", "/modules/{id}", ["id", "fields"]), { id: "a/b?c", fields: ["title", "id"] }, config),
      );
      expect(api.requests.at(-1)!.url).toBe("/modules/a%2Fb%3Fc?fields=title&fields=id");
      expect(result).toEqual({ ok: true, output: JSON.stringify({ id: "a/b?c", title: "odd id" }), error: null });
    });

    it("POST and PUT send the params that are not in the path as a JSON body", async () => {
      const created = await hlpdApiExecutor.execute(callOf(restTool("POST", "/modules", ["title"]), { title: "缓存Agent" }, config));
      expect(JSON.parse(api.requests.at(-1)!.body)).toEqual({ title: "缓存Agent" });
      const { id } = JSON.parse(created.output);
      await hlpdApiExecutor.execute(callOf(restTool("PUT", "/modules/{id}", ["id", "title"]), { id, title: "缓存Agent v2" }, config));
      expect(api.requests.at(-1)).toMatchObject({ method: "PUT", url: `/modules/${id}`, body: JSON.stringify({ title: "缓存Agent v2" }) });
      const search = await hlpdApiExecutor.execute(callOf(restTool("GET", "/modules", ["q"]), { q: "缓存" }, config));
      expect(JSON.parse(search.output)).toEqual([{ title: "缓存Agent v2", id }]);
    });

    it("a 404 is ok:false with the status and the body", async () => {
      const result = await hlpdApiExecutor.execute(callOf(restTool("DELETE", "/modules/{id}", ["id"]), { id: "nope" }, config));
      expect(result).toEqual({ ok: false, output: "", error: `hlpd-api (DELETE ${api.url}/modules/nope) answered 404 Not Found: {"error":"no module nope"}` });
    });

    it("a user name and password written into the API's URL go as HTTP Basic, and never show", async () => {
      const withPassword = { ...configAt(api.url), api: { name: "hlpd-api", url: api.url.replace("http://", "http://ops:hunter2@") } };
      const result = await hlpdApiExecutor.execute(callOf(restTool("GET", "/modules/{id}", ["id"]), { id: "nope" }, withPassword));
      expect(api.requests.at(-1)!.headers["authorization"]).toBe(`Basic ${Buffer.from("ops:hunter2").toString("base64")}`);
      expect(result.error).toBe(`hlpd-api (GET ${api.url}/modules/nope) answered 401 Unauthorized: {"error":"unauthorized"}`);
      expect(JSON.stringify(result)).not.toContain("hunter2");
      const both = configAt(api.url.replace("http://", "http://ops:hunter2@"));
      expect(() => hlpdApiExecutor.describe(callOf(restTool("GET", "/modules/{id}", ["id"]), { id: "7" }, both))).toThrow(
        `the URL of hlpd-api (http://ops:***@${api.url.slice("http://".length)}/) holds a user name and password, and a token is configured for it too`,
      );
    });

    it("a path param that is or holds a dot segment is refused before anything is sent: it cannot climb out of its segment", async () => {
      const before = api.requests.length;
      for (const id of ["..", "%2e%2E", ".", "a/../.."]) {
        await expect(hlpdApiExecutor.execute(callOf(restTool("DELETE", "/modules/{id}/cache", ["id"]), { id }, config))).rejects.toThrow(
          /^id .* holds the segment/,
        );
      }
      expect(api.requests.length).toBe(before);
    });

    it("a path param without a value is refused before anything is sent", () => {
      expect(() => hlpdApiExecutor.describe(callOf(restTool("GET", "/modules/{id}", ["id"]), {}, config))).toThrow(InvalidCallError);
    });
  });

  it("an API URL with a path keeps it", () => {
    const dryRun = hlpdApiExecutor.describe(callOf(restTool("GET", "/modules/{id}", ["id"]), { id: "7" }, configAt("https://hldp.example/api/")));
    expect(dryRun).toMatchObject({ method: "GET", url: "https://hldp.example/api/modules/7" });
  });

  it("a --target is refused: it chooses among gatekeepers, and the API has one endpoint", () => {
    expect(() => hlpdApiExecutor.describe(callOf(rpcTool("cache.get"), {}, config, { target: "BS-GZ-006" }))).toThrow(
      /chooses among gatekeepers; hlpd-api has one endpoint/,
    );
  });

  it("not configured: the error says which variable to set", () => {
    expect(() => hlpdApiExecutor.describe(callOf(rpcTool("cache.get"), {}, { gatekeepers: [], configPath: "/srv/hdlp.config.json" }))).toThrow(
      "the HLDP API is not configured: set HDLP_API_URL (and HDLP_API_TOKEN), or api.url in /srv/hdlp.config.json",
    );
  });
});
