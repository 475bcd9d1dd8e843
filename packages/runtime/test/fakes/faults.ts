/**
 * A server that misbehaves in one chosen way, for the fault tests every HTTP
 * executor must survive. It answers any path and method the same way.
 */
import { createServer } from "node:net";
import { type RunningServer, startServer } from "./server.ts";

export type Fault =
  /** Reads the request, never answers. */
  | "hang"
  /** 500 with a body. */
  | "error-500"
  /** 200 whose body is not JSON. */
  | "garbage"
  /** 302 to another host (`location` is set by the caller). */
  | "redirect"
  /** 200, then a body that never ends. */
  | "endless"
  /** 200, then one byte every 50 ms, forever. */
  | "trickle"
  /** Closes the connection without answering. */
  | "reset";

export const ERROR_500_BODY = "internal failure: the disk is full";
export const GARBAGE_BODY = "<html><body>Bad Gateway</body></html>";

export interface FaultOptions {
  /** Where "redirect" sends the client. */
  readonly location?: string;
  /** What "endless" and "trickle" write before their `y`s (`{"stdout":"` makes them a gatekeeper answer that never ends). */
  readonly prefix?: string;
}

export function startFaultServer(fault: Fault, options: FaultOptions = {}): Promise<RunningServer> {
  return startServer((_request, res) => {
    switch (fault) {
      case "hang":
        return; // the response is never written; the client's deadline must end the call
      case "error-500":
        res.writeHead(500, { "content-type": "text/plain" }).end(ERROR_500_BODY);
        return;
      case "garbage":
        res.writeHead(200, { "content-type": "text/html" }).end(GARBAGE_BODY);
        return;
      case "redirect":
        res.writeHead(302, { location: options.location ?? "http://other.invalid/" }).end();
        return;
      case "endless":
        return writeForever(res, options.prefix ?? "", Buffer.alloc(64 * 1024, "y"), 0);
      case "trickle":
        return writeForever(res, options.prefix ?? "", Buffer.from("y"), 50);
      case "reset":
        res.socket?.destroy();
        return;
    }
  });
}

/** Writes `prefix`, then `chunk` again and again (after `everyMs`, or when the socket drains) until the client goes away. */
function writeForever(res: import("node:http").ServerResponse, prefix: string, chunk: Buffer, everyMs: number): void {
  res.writeHead(200, { "content-type": "application/json" });
  if (prefix) res.write(prefix);
  const write = () => {
    if (res.destroyed) return;
    const more = res.write(chunk);
    if (everyMs > 0) setTimeout(write, everyMs);
    else if (more) setImmediate(write);
    else res.once("drain", write);
  };
  res.once("close", () => res.destroy());
  write();
}

/** A URL where nothing listens: a port the OS gave out and took back. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
