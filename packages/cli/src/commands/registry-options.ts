/**
 * What `hdlp list`, `match` and `call` share: the operator's configuration,
 * which tools root to scan and where its persisted index lives.
 *
 *   --config FILE     the configuration; else $HDLP_CONFIG; else the nearest hdlp.config.json up from here
 *   --root DIR        the tools root; else $HDLP_TOOLS_DIR; else the config's registry.root (its tools/ by
 *                     default); else the nearest tools/ from here up; else ./tools
 *   --cache-dir DIR   the index's folder; else $HDLP_CACHE_DIR; else <root>/.hdlp-cache
 *   --no-cache        scan without reading or writing the index
 */
import { statSync } from "node:fs";
import { ConfigError, DEFAULT_TOOLS_ROOT, loadRuntimeConfig, parseRegistryRoot, type RuntimeConfig, type ScanOptions, scanTools, type ToolIndex } from "@hdlp/runtime";
import { UsageError } from "../command.ts";

export const REGISTRY_OPTIONS = {
  config: { type: "string" },
  root: { type: "string" },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean" },
} as const;

export const REGISTRY_HELP = `  --config FILE     The operator's configuration (default: $HDLP_CONFIG, else the nearest
                    hdlp.config.json in this folder or above it; see docs/config.md)
  --root DIR        Tools root to scan for */TOOL.hdlp (default: $HDLP_TOOLS_DIR, else the
                    configuration's registry.root, which is the tools/ beside it by default;
                    with no configuration, the nearest tools/ from here up, else ./tools)
  --cache-dir DIR   Folder of the persisted tool index (default: $HDLP_CACHE_DIR, else <root>/.hdlp-cache)
  --no-cache        Scan without reading or writing the index`;

export interface RegistryValues {
  readonly config?: string | undefined;
  readonly root?: string | undefined;
  readonly "cache-dir"?: string | undefined;
  readonly "no-cache"?: boolean | undefined;
}

/** The operator's configuration as the options and the environment name it; a bad one is a usage error. */
export function loadConfig(values: Pick<RegistryValues, "config">): RuntimeConfig {
  try {
    return loadRuntimeConfig(values.config === undefined ? {} : { configPath: values.config });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The tools folder the options and the configuration name (--root, else the
 * configuration's registry: HDLP_TOOLS_DIR, registry.root, the tools/ beside
 * the file or the nearest from here up, ./tools), which need not exist yet.
 */
export function toolsFolder(values: Pick<RegistryValues, "root">, config: RuntimeConfig): string {
  const source = values.root === undefined ? config.registry : parseRoot(values.root);
  if (source?.kind === "forgejo") throw new UsageError(`reading the tools from a Forgejo repository (\`forgejo:${source.repo}\`) is not available in this version of hdlp.`);
  return source?.path ?? DEFAULT_TOOLS_ROOT;
}

function registryRoot(values: Pick<RegistryValues, "root">, config: RuntimeConfig): string {
  const root = toolsFolder(values, config);
  let isFolder = false;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    // reported below
  }
  if (!isFolder) throw new UsageError(`the tools root \`${root}\` is not a folder (use --root DIR, HDLP_TOOLS_DIR or registry.root in hdlp.config.json).`);
  return root;
}

export function scanOptions(values: RegistryValues, config: RuntimeConfig, env: NodeJS.ProcessEnv = process.env): ScanOptions {
  const root = registryRoot(values, config);
  const cacheDir = values["no-cache"] ? false : (values["cache-dir"] ?? (env["HDLP_CACHE_DIR"] || undefined));
  return cacheDir === undefined ? { root } : { root, cacheDir };
}

function parseRoot(root: string) {
  try {
    return parseRegistryRoot(root);
  } catch (error) {
    throw new UsageError(`--root: ${(error as Error).message}`);
  }
}

/** The configuration, and the root it (or the options) name, scanned; a cache that cannot be written is a warning, never a failure. */
export function openRegistry(values: RegistryValues): { readonly config: RuntimeConfig; readonly index: ToolIndex } {
  const config = loadConfig(values);
  const index = scanTools(scanOptions(values, config));
  if (index.stats.cacheError) process.stderr.write(`hdlp: warning: ${index.stats.cacheError}\n`);
  return { config, index };
}
