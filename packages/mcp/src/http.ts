/**
 * `hdlp mcp --http [HOST:]PORT`: streamable HTTP at `/mcp`, on node:http.
 *
 * In front of the SDK, on every request: a path other than `/mcp` is 404; a
 * `Host` that is not a loopback name, on a loopback bind, is 403, and so is
 * an `Origin` that is present and not a loopback origin (DNS rebinding: a
 * page of another site must not reach a local server through the browser);
 * with a token (HDLP_MCP_TOKEN), a request without `Authorization: Bearer
 * <token>` is 401; a body over the limit is 413.
 *
 * Then the era decides: a 2025-11-25 client gets a session (`Mcp-Session-Id`,
 * its GET stream), so that elicitation, `list_changed` and cancellation work
 * as over stdio; a 2026-07-28 request is served statelessly, by the SDK's
 * per-request handler, as that revision says.
 */
import { randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, isInitializeRequest, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { HdlpMcp } from "./server.ts";

export const MCP_PATH = "/mcp";

/** The largest body accepted: a tool's arguments, with room to spare. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpOptions {
  /** 127.0.0.1 unless the operator names another address. */
  readonly host: string;
  /** 0: any free port. */
  readonly port: number;
  /** HDLP_MCP_TOKEN: required on every request when set. */
  readonly token?: string;
  readonly maxBodyBytes?: number;
  readonly log: (line: string) => void;
}

export interface HttpEndpoint {
  /** `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  close(): Promise<void>;
}

export class HttpOptionsError extends Error {
  override readonly name = "HttpOptionsError";
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost", "[::1]"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** An address other machines can reach is served only with a token. */
export function checkBind(host: string, token: string | undefined): void {
  if (isLoopbackHost(host) || token) return;
  throw new HttpOptionsError(
    `refusing to listen on ${host}, which is reachable from other machines, without a token: set HDLP_MCP_TOKEN (clients then send "Authorization: Bearer <token>"), or listen on 127.0.0.1.`,
  );
}

export async function serveOverHttp(mcp: HdlpMcp, options: HttpOptions): Promise<HttpEndpoint> {
  checkBind(options.host, options.token);
  const loopback = isLoopbackHost(options.host);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const modern = createMcpHandler(() => mcp.server({ longLived: false }), {
    legacy: "reject",
    maxRequestBodySize: maxBodyBytes,
    onerror: (error) => options.log(`http: ${error.message}`),
  });
  const stopNotifying = mcp.onToolsChanged(() => modern.notify.toolsChanged());
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

  const legacy = async (request: Request, body: unknown): Promise<Response> => {
    const id = request.headers.get("mcp-session-id");
    if (id !== null) {
      const session = sessions.get(id);
      if (!session) return jsonRpcError(404, -32001, `no session \`${id}\` (it ended, or the server restarted): start a new one with initialize`);
      return session.handleRequest(request, body === undefined ? undefined : { parsedBody: body });
    }
    if (request.method !== "POST" || !isInitializeRequest(body))
      return jsonRpcError(400, -32000, "no Mcp-Session-Id: a 2025-11-25 client starts a session with initialize");
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => void sessions.delete(sessionId),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await mcp.server({ longLived: true }).connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== MCP_PATH) return send(res, plain(404, `hdlp serves MCP at ${MCP_PATH} only`));
    const rejected = screen(req, loopback, options.token);
    if (rejected) return send(res, rejected);
    const bytes = req.method === "POST" ? await readBody(req, maxBodyBytes) : undefined;
    if (bytes === null) return send(res, jsonRpcError(413, -32600, `the request body is over ${maxBodyBytes} bytes`));
    const body = bytes === undefined ? undefined : parseJson(bytes);
    const closed = new AbortController();
    const request = new Request(new URL(req.url ?? MCP_PATH, `http://${req.headers.host ?? "localhost"}`), {
      method: req.method ?? "GET",
      headers: headersOf(req),
      ...(bytes === undefined ? {} : { body: new Uint8Array(bytes) }),
      signal: closed.signal,
    });
    const isLegacy = req.method !== "POST" || (await isLegacyRequest(request, body, { maxRequestBodySize: maxBodyBytes }));
    // The connection closing before the answer is the client giving up: the calls it carried stop
    // (a 2026-07-28 exchange is torn down through the request's signal; a session's calls by id).
    const session = request.headers.get("mcp-session-id") ?? undefined;
    res.once("close", () => {
      if (res.writableFinished) return;
      closed.abort();
      if (isLegacy) mcp.cancel(session, requestIds(body));
    });
    const response = isLegacy ? await legacy(request, body) : await modern.fetch(request, body === undefined ? undefined : { parsedBody: body });
    await send(res, response);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      options.log(`http: ${req.method} ${req.url}: ${error.stack ?? error.message}`);
      if (!res.headersSent) void send(res, jsonRpcError(500, -32603, `internal error: ${error.message}`));
      else res.destroy(error);
    });
  });
  await listen(server, options.host, options.port);
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${MCP_PATH}`,
    async close() {
      stopNotifying();
      server.close();
      await Promise.allSettled([...sessions.values()].map((session) => session.close()));
      await modern.close();
      server.closeAllConnections();
    },
  };
}

/** The checks before anything is read: Host, Origin, token. */
function screen(req: IncomingMessage, loopback: boolean, token: string | undefined): Response | undefined {
  if (loopback && !isLoopbackHost(hostnameOf(req.headers.host)))
    return plain(403, `the Host \`${req.headers.host ?? ""}\` is not this machine: a loopback server answers only loopback names`);
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin))
    return plain(403, `the Origin \`${origin}\` is not a loopback origin: a page of another site may not use this server`);
  if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
    return new Response("this server needs Authorization: Bearer <token> (the token in HDLP_MCP_TOKEN)", {
      status: 401,
      headers: { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="hdlp mcp"' },
    });
  }
  return undefined;
}

function hostnameOf(host: string | undefined): string {
  if (host === undefined) return "";
  const bracket = /^\[([^\]]+)\]/.exec(host);
  return bracket ? bracket[1]! : host.replace(/:\d+$/, "");
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname.replace(/^\[|\]$/g, ""));
  } catch {
    return false; // `null` (a sandboxed page), or not a URL: not a loopback origin
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined || !/^Bearer /i.test(header)) return false;
  const given = Buffer.from(header.slice(7).trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The body, or null when it is over the limit (the rest is not read). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The parsed body, or undefined when it is not JSON (the SDK then answers with its parse error). */
function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The ids of the JSON-RPC requests a body carries (one message, or a batch). */
function requestIds(body: unknown): (string | number)[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    const id = (message as { id?: unknown; method?: unknown } | null)?.id;
    return (typeof id === "string" || typeof id === "number") && typeof (message as { method?: unknown }).method === "string" ? [id] : [];
  });
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function plain(status: number, text: string): Response {
  return new Response(`${text}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}

/** Writes a web Response to node's, streaming its body (an SSE stream stays open until the SDK ends it or the client leaves). */
async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // The client left: stop reading (the SDK's cancel hook lets the stream go). A stream that had already
  // failed rejects the cancel with that failure, which the read below reports.
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once("close", stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
      }
    }
  } finally {
    res.off("close", stop);
    res.end();
  }
}

function listen(server: HttpServer, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
