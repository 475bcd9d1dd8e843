/**
 * A real HTTP server on 127.0.0.1, on a port the OS picks, for the tests of
 * the remote executors: each fake (gatekeeper, hlpd-api, Forgejo) is one of
 * these with a handler that implements its documented wire contract.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export async function startServer(handler: Handler): Promise<RunningServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    requests.push(recorded);
    try {
      await handler(recorded, res);
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { message: `fake server error: ${(error as Error).message}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, data: unknown): void {
  const body = JSON.stringify(data);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** The token of `Authorization: <scheme> <token>`, or undefined. */
export function bearer(request: RecordedRequest, scheme: string): string | undefined {
  const header = request.headers["authorization"];
  const prefix = `${scheme} `;
  return typeof header === "string" && header.startsWith(prefix) ? header.slice(prefix.length) : undefined;
}
