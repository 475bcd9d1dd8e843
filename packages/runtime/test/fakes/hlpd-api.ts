/**
 * An HLDP API built to the wire contract of docs/executors.md (the real one
 * cannot run here). The API root answers both ways:
 *
 *   JSON-RPC 2.0: POST /  {jsonrpc, id, method, params} → {jsonrpc, id, result | error}
 *     cache.get {key}          → the value, or null
 *     cache.set {key, value}   → true
 *     module.search {q}        → the modules whose title contains q
 *     debug.headers            → the request headers (a careless server: tokens must be masked)
 *     anything else            → error -32601 Method not found
 *   REST: GET /modules?q=, GET|PUT|DELETE /modules/{id}, POST /modules
 *
 * A wrong bearer token gets 401.
 */
import { bearer, type RecordedRequest, type RunningServer, sendJson, startServer } from "./server.ts";

export interface Module {
  id: string;
  title: string;
  [field: string]: unknown;
}

export function startHlpdApiFake(options: { token: string; modules?: Module[] }): Promise<RunningServer> {
  const cache = new Map<string, unknown>();
  const modules = new Map((options.modules ?? []).map((m) => [m.id, m]));
  return startServer((request, res) => {
    if (bearer(request, "Bearer") !== options.token) return sendJson(res, 401, { error: "unauthorized" });
    const url = new URL(request.url, "http://fake");
    if (request.method === "POST" && url.pathname === "/") return sendJson(res, 200, rpc(request, cache, modules));
    const [, collection, id, extra] = url.pathname.split("/").map(decodeURIComponent);
    if (collection !== "modules" || extra !== undefined) return sendJson(res, 404, { error: `no route ${request.method} ${url.pathname}` });
    if (id === undefined) {
      if (request.method === "GET") return sendJson(res, 200, search(modules, url.searchParams.get("q") ?? ""));
      if (request.method !== "POST") return sendJson(res, 405, { error: "method not allowed" });
      const created = { ...JSON.parse(request.body), id: String(modules.size + 1) } as Module;
      modules.set(created.id, created);
      return sendJson(res, 201, created);
    }
    const found = modules.get(id);
    if (!found) return sendJson(res, 404, { error: `no module ${id}` });
    if (request.method === "GET") return sendJson(res, 200, found);
    if (request.method === "PUT") {
      const updated = { ...found, ...JSON.parse(request.body), id };
      modules.set(id, updated);
      return sendJson(res, 200, updated);
    }
    if (request.method === "DELETE") {
      modules.delete(id);
      res.writeHead(204).end();
      return;
    }
    sendJson(res, 405, { error: "method not allowed" });
  });
}

function search(modules: Map<string, Module>, q: string): Module[] {
  return [...modules.values()].filter((m) => m.title.includes(q));
}

function rpc(request: RecordedRequest, cache: Map<string, unknown>, modules: Map<string, Module>): unknown {
  let call: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: Record<string, unknown> };
  try {
    call = JSON.parse(request.body);
  } catch {
    return { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };
  }
  const id = call.id ?? null;
  const answer = (result: unknown) => ({ jsonrpc: "2.0", id, result });
  const fail = (code: number, message: string) => ({ jsonrpc: "2.0", id, error: { code, message } });
  if (call.jsonrpc !== "2.0" || typeof call.method !== "string") return fail(-32600, "Invalid Request");
  const params = call.params ?? {};
  switch (call.method) {
    case "cache.get":
      return typeof params["key"] === "string" ? answer(cache.get(params["key"]) ?? null) : fail(-32602, "Invalid params: key is required");
    case "cache.set":
      if (typeof params["key"] !== "string") return fail(-32602, "Invalid params: key is required");
      cache.set(params["key"], params["value"]);
      return answer(true);
    case "module.search":
      return answer(search(modules, String(params["q"] ?? "")));
    case "debug.headers":
      return answer(request.headers);
    default:
      return fail(-32601, "Method not found");
  }
}
