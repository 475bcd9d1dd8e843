/**
 * What `hdlp list`, `match` and `call` share: which tools root to scan and
 * where its persisted index lives.
 *
 *   --root DIR        the tools root; else $HDLP_TOOLS_DIR; else ./tools
 *   --cache-dir DIR   the index's folder; else $HDLP_CACHE_DIR; else <root>/.hdlp-cache
 *   --no-cache        scan without reading or writing the index
 */
import { statSync } from "node:fs";
import { DEFAULT_TOOLS_ROOT, type ScanOptions, scanTools, type ToolIndex } from "@hdlp/runtime";
import { UsageError } from "../command.ts";

export const REGISTRY_OPTIONS = {
  root: { type: "string" },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean" },
} as const;

export const REGISTRY_HELP = `  --root DIR        Tools root to scan for */TOOL.hdlp (default: $HDLP_TOOLS_DIR, else ./tools)
  --cache-dir DIR   Folder of the persisted tool index (default: $HDLP_CACHE_DIR, else <root>/.hdlp-cache)
  --no-cache        Scan without reading or writing the index`;

export interface RegistryValues {
  readonly root?: string | undefined;
  readonly "cache-dir"?: string | undefined;
  readonly "no-cache"?: boolean | undefined;
}

export function scanOptions(values: RegistryValues, env: NodeJS.ProcessEnv = process.env): ScanOptions {
  const root = values.root ?? (env["HDLP_TOOLS_DIR"] || DEFAULT_TOOLS_ROOT);
  let isFolder = false;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    // reported below
  }
  if (!isFolder) throw new UsageError(`the tools root \`${root}\` is not a folder (use --root DIR or HDLP_TOOLS_DIR).`);
  const cacheDir = values["no-cache"] ? false : (values["cache-dir"] ?? (env["HDLP_CACHE_DIR"] || undefined));
  return cacheDir === undefined ? { root } : { root, cacheDir };
}

/** Scans the root the options name; a cache that cannot be written is a warning, never a failure. */
export function scanFromOptions(values: RegistryValues): ToolIndex {
  const index = scanTools(scanOptions(values));
  if (index.stats.cacheError) process.stderr.write(`hdlp: warning: ${index.stats.cacheError}\n`);
  return index;
}
