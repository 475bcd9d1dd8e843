/**
 * @hdlp/mcp — hdlp's agents' door: every registered TOOL.hdlp as a Model
 * Context Protocol tool, over stdio or streamable HTTP, with the runtime's
 * guarantees intact (docs/mcp.md). The runtime never imports this package.
 */
export {
  HdlpMcp,
  type HdlpMcpOptions,
  type Expose,
  EXPOSE_MODES,
  AUTO_SEARCH_ABOVE,
  PAGE_SIZE,
  PROGRESS_INTERVAL_MS,
  resultOf,
  type TransportName,
} from "./server.ts";
export {
  watchedToolSource,
  fixedToolSource,
  visibleTools,
  type RegistryToWatch,
  type ToolSource,
  type ToolSourceOptions,
  type VisibleTools,
} from "./tool-source.ts";
export { toolFilter, globPattern, type ToolFilter, type ToolFilterOptions } from "./tool-filter.ts";
export { toolDefinition, describeTool, type ToolDefinition, type ToolAnnotations } from "./tool-definition.ts";
export { MATCH_TOOLS, CALL_TOOL, metaToolDefinitions } from "./meta-tools.ts";
export { ENVELOPE_SCHEMA, MATCH_RESULT_SCHEMA, JSON_SCHEMA_DIALECT, inputSchemaOf } from "./schemas.ts";
export { serveOverStdio } from "./stdio.ts";
export { serveOverHttp, checkBind, isLoopbackHost, HttpOptionsError, MCP_PATH, DEFAULT_MAX_BODY_BYTES, type HttpOptions, type HttpEndpoint } from "./http.ts";
export { stopOn, SHUTDOWN_DEADLINE_MS, type ShutdownReason } from "./shutdown.ts";
export { exportTools, EXPORT_FORMATS, type ExportFormat, type Exported } from "./export.ts";
