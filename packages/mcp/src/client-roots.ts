/**
 * The tools root from the client, when neither `--root` nor the CLI's own
 * discovery found one: the first of the client's MCP roots (its workspace
 * folders) that holds a `tools` folder. Roots exist on 2025-11-25
 * connections (the 2026-07-28 revision deprecates them), and a server shared
 * by several HTTP clients cannot take its root from one of them: this is for
 * stdio, where the client is the one who started the server.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_TOOLS_ROOT } from "@hdlp/runtime";
import type { Server } from "@modelcontextprotocol/server";
import type { ToolSource } from "./tool-source.ts";

export async function rootFromClient(server: Server): Promise<{ root: string } | { why: string }> {
  if (!server.getClientCapabilities()?.roots) return { why: "the client declared no roots" };
  const { roots } = await server.listRoots();
  for (const root of roots) {
    if (!root.uri.startsWith("file:")) continue;
    const tools = join(fileURLToPath(root.uri), DEFAULT_TOOLS_ROOT);
    if (isFolder(tools)) return { root: tools };
  }
  return { why: `none of the client's roots (${roots.map((r) => r.uri).join(", ") || "none"}) holds a \`${DEFAULT_TOOLS_ROOT}\` folder` };
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Once a 2025-11-25 client has initialized, ask it for its roots (and again
 * when it says they changed) until one gives the source a tools root.
 */
export function takeRootFromClient(server: Server, source: Pick<ToolSource, "current" | "useRoot">, log: (line: string) => void): void {
  const ask = () => {
    if (source.current().root !== undefined) return;
    rootFromClient(server)
      .then((found) => {
        if (!("root" in found)) log(`no tools root yet: ${found.why}; pass --root DIR`);
        else if (source.current().root === undefined) {
          log(`tools root from the client's roots: ${found.root}`);
          source.useRoot(found.root);
        }
      })
      .catch((error: Error) => log(`could not read the client's roots: ${error.message}`));
  };
  server.oninitialized = ask;
  server.setNotificationHandler("notifications/roots/list_changed", ask);
}
