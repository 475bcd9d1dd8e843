/** File uris as paths (clients encode uris differently; paths compare reliably). */
import { fileURLToPath } from "node:url";

/** The path of a `file:` uri; undefined for unsaved documents and other schemes. */
export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
