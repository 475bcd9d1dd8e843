/**
 * @hdlp/runtime — what an agent calls to find and run a tool (the seed's tool
 * agent): the registry over a tools root, the exact call, intent matching,
 * the executors, the result envelope and the audit log.
 */
export * from "./envelope.ts";
export type * from "./executors/executor.ts";
export { InvalidCallError, RefusedCallError } from "./executors/executor.ts";

// Registry: scan, persisted index, watch.
export { scanTools, ToolScanner, DEFAULT_TOOLS_ROOT, type ScanOptions } from "./registry/scanner.ts";
export { ToolSourceError, type ToolIndex, type RegisteredTool, type InvalidTool, type ScanStats } from "./registry/tool-index.ts";
export { MAX_TOOL_FILE_BYTES, readToolFile, type ToolFileContent, type ToolFileProblem } from "./registry/tool-file.ts";
export { DEFAULT_CACHE_DIR_NAME, cacheFilePath } from "./registry/cache.ts";
export {
  watchTools,
  watchRegistry,
  DEFAULT_POLL_MS,
  type WatchOptions,
  type ForgejoWatchOptions,
  type RegistryWatcher,
  type RegistryChange,
  type ChangedTool,
} from "./registry/watch.ts";
export type { IndexOrigin } from "./registry/tool-index.ts";

// The registry read from a Forgejo repository (`forgejo:OWNER/REPO[@REF][:PATH]`).
export { parseRegistryRoot, formatRegistryRoot, RegistryRootError, FORGEJO_ROOT_PREFIX, DEFAULT_REMOTE_TOOLS_PATH } from "./registry/root.ts";
export {
  ForgejoToolScanner,
  defaultRemoteCacheDir,
  DEFAULT_REMOTE_SCAN_TIMEOUT_MS,
  type ForgejoScanOptions,
  type ForgejoSource,
} from "./registry/forgejo/scanner.ts";
export { RegistryReadError } from "./registry/forgejo/repository.ts";
export type { RegistrySource } from "./config/policy.ts";

// The exact call.
export {
  callTool,
  prepareCall,
  describeCall,
  isPrepared,
  type ToolCall,
  type CallOptions,
  type ConfirmRequest,
  type PreparedCall,
  type SettledCall,
  type ToolLookup,
} from "./call/call.ts";
export { coerceCliParams, coerceValue } from "./call/coerce.ts";
export { paramsJsonSchema, checkParams, type ParamsSchema, type ParamsCheck } from "./call/params-schema.ts";
export { formatDryRun } from "./call/dry-run.ts";

// Executors.
export { EXECUTORS, type ExecutorTable } from "./executors/index.ts";
export { createShellExecutor, shellExecutor, DEFAULT_KILL_GRACE_MS, type ShellExecutorOptions } from "./executors/shell/shell-executor.ts";
export { childEnvironment } from "./executors/shell/environment.ts";
export { checkEndpoints, type EndpointCheck } from "./executors/http/reachability.ts";
export { killRunningGroups } from "./executors/shell/process-group.ts";

// The operator's configuration (docs/config.md): the loader, its schema, and the controls the pipeline applies.
export {
  loadRuntimeConfig,
  resolveRuntimeConfig,
  locateConfigFile,
  gatekeeperEnvName,
  ConfigError,
  CONFIG_FILE_NAME,
  CONFIG_ENV,
  TOOLS_DIR_ENV,
  type LoadConfigOptions,
  type LoadedConfig,
  type ConfigEntry,
  type ValueOrigin,
  type ConfigLocation,
} from "./config/runtime-config.ts";
export { CONFIG_SCHEMA } from "./config/schema.ts";
export * from "./config/policy.ts";
export { toolAccess, visibleTools, type ToolAccess } from "./config/tool-access.ts";
export { resolveToolSecrets, secretFiles, describeSource, type ResolvedSecrets } from "./config/tool-secrets.ts";

// Audit log.
export {
  openAuditLog,
  MAX_PARAM_CHARS,
  MAX_ERROR_CHARS,
  type AuditLog,
  type AuditLogOptions,
  type AuditedCall,
  type CallStart,
  type CallEnd,
  type CallOutcome,
} from "./audit/audit-log.ts";
export { MIN_SECRET_LENGTH } from "./executors/http/secrets.ts";

// The tool agent: one registry, exact calls and intent matching.
export { createToolAgent, type ToolAgent, type IntentRequest } from "./agent.ts";
