/**
 * @hdlp/runtime — what an agent calls to find and run a tool (the seed's tool
 * agent): the registry over a tools root, the exact call, intent matching,
 * the executors, the result envelope and the audit log.
 */
export * from "./envelope.ts";
export type * from "./executors/executor.ts";
export { InvalidCallError } from "./executors/executor.ts";

// Registry: scan, persisted index, watch.
export { scanTools, ToolScanner, DEFAULT_TOOLS_ROOT, type ScanOptions } from "./registry/scanner.ts";
export type { ToolIndex, RegisteredTool, InvalidTool, ScanStats } from "./registry/tool-index.ts";
export { DEFAULT_CACHE_DIR_NAME, cacheFilePath } from "./registry/cache.ts";
export { watchTools, watchRegistry, DEFAULT_POLL_MS, type WatchOptions, type ForgejoWatchOptions, type RegistryWatcher, type RegistryChange, type ChangedTool } from "./registry/watch.ts";
export type { IndexOrigin } from "./registry/tool-index.ts";

// The registry read from a Forgejo repository (`forgejo:OWNER/REPO[@REF][:PATH]`).
export { parseRegistryRoot, formatRegistryRoot, RegistryRootError, FORGEJO_ROOT_PREFIX, DEFAULT_REMOTE_TOOLS_PATH } from "./registry/root.ts";
export { ForgejoToolScanner, defaultRemoteCacheDir, DEFAULT_REMOTE_SCAN_TIMEOUT_MS, type ForgejoScanOptions, type ForgejoSource } from "./registry/forgejo/scanner.ts";
export { RegistryReadError } from "./registry/forgejo/repository.ts";
export { ToolSourceError } from "./registry/forgejo/blob-store.ts";
export type { RegistrySource } from "./config/policy.ts";

// The exact call.
export { callTool, prepareCall, describeCall, isPrepared, type ToolCall, type CallOptions, type ConfirmRequest, type PreparedCall, type SettledCall, type ToolLookup } from "./call/call.ts";
export { coerceCliParams, coerceValue } from "./call/coerce.ts";
export { paramsJsonSchema, checkParams, type ParamsSchema, type ParamsCheck } from "./call/params-schema.ts";
export { formatDryRun } from "./call/dry-run.ts";

// Executors.
export { EXECUTORS, type ExecutorTable } from "./executors/index.ts";
export { createShellExecutor, shellExecutor, DEFAULT_KILL_GRACE_MS, type ShellExecutorOptions } from "./executors/shell/shell-executor.ts";
export { childEnvironment } from "./executors/shell/environment.ts";

// Runtime config (endpoints and tokens of the remote executors).
export { loadRuntimeConfig, ConfigError, configPathFor, CONFIG_FILE_NAME, type LoadConfigOptions } from "./config/runtime-config.ts";

// Audit log.
export { openAuditLog, type AuditLog, type AuditLogOptions, type AuditRecord, type CallOutcome } from "./audit/audit-log.ts";


// The tool agent: one registry, exact calls and intent matching.
export { createToolAgent, type ToolAgent, type IntentRequest } from "./agent.ts";
