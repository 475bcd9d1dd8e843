/**
 * What `hdlp lint` and `hdlp fmt` work on when no path is given: the tools
 * root, found as every command finds it (commands/registry-options.ts:
 * `--root`, else `HDLP_TOOLS_DIR`, else the configuration's `registry.root`,
 * else the nearest tools/ from the working folder up).
 */
import { shownPath } from "./shown-path.ts";

export async function defaultPaths(values: { readonly root?: string | undefined; readonly config?: string | undefined }): Promise<string[]> {
  // Only here is the configuration read, and the runtime loaded: a run on named paths never needs them.
  const { registryChoice } = await import("./commands/registry-options.ts");
  const { formatRegistryRoot } = await import("@hdlp/runtime");
  const { source } = registryChoice(values);
  return [source.kind === "folder" ? shownPath(source.path) : formatRegistryRoot(source)];
}
