/** File uris as paths (clients encode uris differently; paths compare reliably), and the tool file's name. */
import { fileURLToPath } from "node:url";

/** `tools/<name>/TOOL.hdlp`: the file name the server and the cross-file rules look for. */
export const TOOL_FILE = "TOOL.hdlp";

/** The path of a `file:` uri; undefined for unsaved documents and other schemes. */
export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
