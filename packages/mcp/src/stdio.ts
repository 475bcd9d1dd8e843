/**
 * `hdlp mcp` over stdio: stdout carries MCP messages only (logs go to
 * stderr), both protocol eras are served by the SDK's `serveStdio`, and the
 * server stops when the client is done with it: stdin's end, SIGTERM or
 * SIGINT.
 */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { takeRootFromClient } from "./client-roots.ts";
import type { HdlpMcp } from "./server.ts";
import type { ToolSource } from "./tool-source.ts";

export function serveOverStdio(mcp: HdlpMcp, source: ToolSource, log: (line: string) => void): { close(): Promise<void> } {
  const handle = serveStdio(
    ({ era }) => {
      const server = mcp.server({ longLived: true });
      if (era === "legacy" && source.current().root === undefined) takeRootFromClient(server, source, log);
      return server;
    },
    { onerror: (error) => log(`stdio: ${error.message}`) },
  );
  return { close: () => handle.close() };
}
