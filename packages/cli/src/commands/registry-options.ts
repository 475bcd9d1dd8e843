/**
 * What the commands that read the registry share (`list`, `match`, `call`,
 * `config check`, `new`, and the MCP server's): the operator's configuration,
 * which tools root, where its cache lives.
 *
 *   --config FILE     hdlp.config.json; else $HDLP_CONFIG; else the nearest from the working folder up
 *   --root ROOT       a folder, or forgejo:OWNER/REPO[@REF][:PATH]; else the configuration's registry:
 *                     $HDLP_TOOLS_DIR, registry.root (the tools/ beside the file by default), or with
 *                     no file the nearest tools/ from the working folder up, else ./tools
 *   --cache-dir DIR   the cache's folder; else $HDLP_CACHE_DIR; else <root>/.hdlp-cache
 *                     (a folder root) or $XDG_CACHE_HOME/hdlp (a repository)
 *   --no-cache        scan without reading or writing a cache
 */
import { statSync } from "node:fs";
import {
  CONFIG_FILE_NAME,
  ConfigError,
  type ForgejoScanOptions,
  ForgejoToolScanner,
  formatRegistryRoot,
  InvalidCallError,
  loadRuntimeConfig,
  parseRegistryRoot,
  RegistryReadError,
  RegistryRootError,
  type RegistrySource,
  type RuntimeConfig,
  scanTools,
  type ToolIndex,
  ToolSourceError,
} from "@hdlp/runtime";
import { UnreadableError, UsageError } from "../command.ts";

export const REGISTRY_OPTIONS = {
  config: { type: "string" },
  root: { type: "string" },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean" },
} as const;

export const REGISTRY_HELP = `  --config FILE     The operator's configuration (default: $HDLP_CONFIG, else the nearest
                    hdlp.config.json in this folder or above it; see docs/config.md)
  --root ROOT       Tools root: a folder scanned for */TOOL.hdlp, or a Forgejo repository,
                    forgejo:OWNER/REPO[@REF][:PATH] (PATH defaults to tools)
                    (default: $HDLP_TOOLS_DIR, else the configuration's registry.root, which is
                    the tools/ beside it by default; with no configuration, the nearest tools/
                    from here up, else ./tools)
  --cache-dir DIR   Folder of the persisted tool index and a repository's blobs (default: $HDLP_CACHE_DIR,
                    else <root>/.hdlp-cache for a folder, $XDG_CACHE_HOME/hdlp for a repository)
  --no-cache        Scan without reading or writing the cache`;

export interface RegistryValues {
  readonly config?: string | undefined;
  readonly root?: string | undefined;
  readonly "cache-dir"?: string | undefined;
  readonly "no-cache"?: boolean | undefined;
}

/** Where the registry reads its tools from, with what. */
export interface RegistryChoice {
  readonly source: RegistrySource;
  /** Undefined: the default for the source's kind. */
  readonly cacheDir?: string | false;
  /** The operator's configuration. */
  config(): RuntimeConfig;
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

/** `--root`, else the configuration's registry (HDLP_TOOLS_DIR, registry.root, the defaults). */
function rootSource(values: Pick<RegistryValues, "root">, config: RuntimeConfig): RegistrySource {
  try {
    return values.root !== undefined ? parseRegistryRoot(values.root) : config.registry!;
  } catch (error) {
    if (error instanceof RegistryRootError) throw new UsageError(error.message);
    throw error;
  }
}

export function registryChoice(values: RegistryValues, config: RuntimeConfig = loadConfig(values), env: NodeJS.ProcessEnv = process.env): RegistryChoice {
  const source = rootSource(values, config);
  const cacheDir = values["no-cache"] ? false : (values["cache-dir"] ?? (env["HDLP_CACHE_DIR"] || undefined));
  return { source, ...(cacheDir === undefined ? {} : { cacheDir }), config: () => config };
}

/** The folder the options and the configuration name, which need not exist yet (`hdlp new` writes there). */
export function toolsFolder(values: Pick<RegistryValues, "root">, config: RuntimeConfig): string {
  const source = rootSource(values, config);
  if (source.kind === "forgejo")
    throw new UsageError(`the tools root ${formatRegistryRoot(source)} is a Forgejo repository; a new tool is written into a folder: use --root DIR.`);
  return source.path;
}

/**
 * Scans the chosen root. A cache that cannot be written, and an index used
 * although it may be stale (Forgejo cannot be read), are warnings; a root
 * that cannot be read at all is an error naming it.
 */
export async function scanRegistry(choice: RegistryChoice): Promise<ToolIndex> {
  const index = choice.source.kind === "folder" ? scanFolder(choice.source.path, choice.cacheDir) : await scanRepository(choice);
  if (index.stats.cacheError) process.stderr.write(`hdlp: warning: ${index.stats.cacheError}\n`);
  if (index.stale) process.stderr.write(`hdlp: warning: ${index.stale}\n`);
  return index;
}

/** registryChoice, then scanRegistry. */
export async function scanFromOptions(values: RegistryValues): Promise<{ index: ToolIndex; choice: RegistryChoice }> {
  const choice = registryChoice(values);
  return { index: await scanRegistry(choice), choice };
}

function scanFolder(root: string, cacheDir: string | false | undefined): ToolIndex {
  let isFolder = false;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    // reported below
  }
  if (!isFolder) throw new UsageError(`the tools root \`${root}\` is not a folder (use --root DIR, HDLP_TOOLS_DIR or registry.root in hdlp.config.json).`);
  return scanTools(cacheDir === undefined ? { root } : { root, cacheDir });
}

/** How to read the chosen repository: its source, the configured Forgejo server, the cache (`hdlp mcp` watches it with these). */
export function repositoryOptions(choice: RegistryChoice): ForgejoScanOptions {
  if (choice.source.kind !== "forgejo") throw new Error("not a repository root");
  const config = choice.config();
  const root = formatRegistryRoot(choice.source);
  if (!config.forgejo) {
    throw new UsageError(
      `the tools root ${root} is a Forgejo repository, and Forgejo is not configured: set HDLP_FORGEJO_URL (and HDLP_FORGEJO_TOKEN), or forgejo.url in ${config.configPath ?? CONFIG_FILE_NAME}.`,
    );
  }
  return { source: choice.source, endpoint: config.forgejo, ...(choice.cacheDir === undefined ? {} : { cacheDir: choice.cacheDir }) };
}

/** A scanner of the chosen repository (`hdlp lint` reads its files through it too). */
export function repositoryScanner(choice: RegistryChoice): ForgejoToolScanner {
  const options = repositoryOptions(choice);
  try {
    return new ForgejoToolScanner(options);
  } catch (error) {
    // Forgejo's URL and credentials that cannot be used together (executors/http/remote.ts).
    if (error instanceof InvalidCallError) throw new UsageError(error.message);
    throw error;
  }
}

async function scanRepository(choice: RegistryChoice): Promise<ToolIndex> {
  try {
    return await repositoryScanner(choice).scan();
  } catch (error) {
    if (error instanceof RegistryReadError || error instanceof ToolSourceError) throw new UnreadableError(error.message);
    throw error;
  }
}
