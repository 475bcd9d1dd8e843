/**
 * What the commands that read the registry share (`list`, `match`, `call`,
 * and the MCP server's): which tools root, where its cache lives, and the
 * runtime config.
 *
 *   --root ROOT       a folder, or forgejo:OWNER/REPO[@REF][:PATH]; else
 *                     $HDLP_TOOLS_DIR; else the config's registry.root; else ./tools
 *   --cache-dir DIR   the cache's folder; else $HDLP_CACHE_DIR; else <root>/.hdlp-cache
 *                     (a folder root) or $XDG_CACHE_HOME/hdlp (a repository)
 *   --no-cache        scan without reading or writing a cache
 *   --config FILE     hdlp.config.json; else the one beside a folder root, or in
 *                     the working folder (a repository has no folder beside it)
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import {
  CONFIG_FILE_NAME,
  ConfigError,
  configPathFor,
  DEFAULT_TOOLS_ROOT,
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
  root: { type: "string" },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean" },
  config: { type: "string" },
} as const;

export const REGISTRY_HELP = `  --root ROOT       Tools root: a folder scanned for */TOOL.hdlp, or a Forgejo repository,
                    forgejo:OWNER/REPO[@REF][:PATH] (PATH defaults to tools)
                    (default: $HDLP_TOOLS_DIR, else registry.root in the config, else ./tools)
  --cache-dir DIR   Folder of the persisted tool index and a repository's blobs (default: $HDLP_CACHE_DIR,
                    else <root>/.hdlp-cache for a folder, $XDG_CACHE_HOME/hdlp for a repository)
  --no-cache        Scan without reading or writing the cache
  --config FILE     Runtime config (default: hdlp.config.json beside a folder root; for a repository,
                    in the working folder)`;

export interface RegistryValues {
  readonly root?: string | undefined;
  readonly "cache-dir"?: string | undefined;
  readonly "no-cache"?: boolean | undefined;
  readonly config?: string | undefined;
}

/** Where the registry reads its tools from, with what. */
export interface RegistryChoice {
  readonly source: RegistrySource;
  /** Undefined: the default for the source's kind. */
  readonly cacheDir?: string | false;
  /** The runtime config, read when first asked for (a folder root's listing needs none). */
  config(): RuntimeConfig;
}

export function registryChoice(values: RegistryValues, env: NodeJS.ProcessEnv = process.env): RegistryChoice {
  const given = values.root ?? (env["HDLP_TOOLS_DIR"] || undefined);
  let loaded: RuntimeConfig | undefined;
  const load = (source: RegistrySource) => {
    const configPath = values.config ?? (source.kind === "folder" ? configPathFor(source.path) : join(process.cwd(), CONFIG_FILE_NAME));
    try {
      loaded ??= loadRuntimeConfig({ toolsRoot: source.kind === "folder" ? source.path : process.cwd(), configPath, env });
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    }
    return loaded;
  };
  let source: RegistrySource;
  try {
    source = given !== undefined ? parseRegistryRoot(given) : (load({ kind: "folder", path: DEFAULT_TOOLS_ROOT }).registry ?? { kind: "folder", path: DEFAULT_TOOLS_ROOT });
  } catch (error) {
    if (error instanceof RegistryRootError) throw new UsageError(error.message);
    throw error;
  }
  const cacheDir = values["no-cache"] ? false : (values["cache-dir"] ?? (env["HDLP_CACHE_DIR"] || undefined));
  return { source, ...(cacheDir === undefined ? {} : { cacheDir }), config: () => load(source) };
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
  if (!isFolder) throw new UsageError(`the tools root \`${root}\` is not a folder (use --root DIR or HDLP_TOOLS_DIR).`);
  return scanTools(cacheDir === undefined ? { root } : { root, cacheDir });
}

/** A scanner of the chosen repository (`hdlp lint` reads its files through it too). */
export function repositoryScanner(choice: RegistryChoice): ForgejoToolScanner {
  if (choice.source.kind !== "forgejo") throw new Error("not a repository root");
  const config = choice.config();
  const root = formatRegistryRoot(choice.source);
  if (!config.forgejo) {
    throw new UsageError(`the tools root ${root} is a Forgejo repository, and Forgejo is not configured: set HDLP_FORGEJO_URL (and HDLP_FORGEJO_TOKEN), or forgejo.url in ${config.configPath ?? CONFIG_FILE_NAME}.`);
  }
  try {
    return new ForgejoToolScanner({ source: choice.source, endpoint: config.forgejo, ...(choice.cacheDir === undefined ? {} : { cacheDir: choice.cacheDir }) });
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
