/**
 * ToolModels and execution requests for the executor tests, built directly
 * (the TOOL.hdlp round trip is tested through the docs' examples and the CLI).
 */
import type { ExecutorName, ParamModel, ToolModel } from "@hdlp/parser";
import type { ExecutionRequest, RuntimeConfig } from "../../src/executors/executor.ts";

export const TEST_TOKEN = "hdlp-test-TOKEN-7f3a9c1e";

export function toolModel(
  tool: { executor: ExecutorName; method: string; params?: readonly Partial<ParamModel>[] } & Partial<Omit<ToolModel, "params">>,
): ToolModel {
  return {
    name: "test-tool",
    display: "测试工具",
    intent: "test",
    author: "test",
    created: "2026-05-31",
    why: "test",
    constraints: { timeout_ms: 30000, max_output_bytes: 65536, require_confirm: false, network: false, write: [] },
    ...tool,
    params: (tool.params ?? []).map((p) => ({ name: "p", type: "string", required: false, description: "", ...p })),
  };
}

/** Every remote endpoint at `url` (one fake, or one fault server, answers them all). */
export function configAt(url: string, token: string = TEST_TOKEN): RuntimeConfig {
  return {
    gatekeepers: [{ name: "main", url, token }],
    defaultGatekeeper: "main",
    api: { name: "hlpd-api", url, token },
    forgejo: { name: "forgejo", url, token },
    forgejoDefaultRepo: "zhuyuan/native-repo",
  };
}

export function callOf(
  tool: ToolModel,
  params: Record<string, unknown>,
  config: RuntimeConfig,
  limits: { timeoutMs?: number; maxOutputBytes?: number; target?: string } = {},
): ExecutionRequest {
  return {
    tool,
    params,
    config,
    timeoutMs: limits.timeoutMs ?? tool.constraints.timeout_ms,
    maxOutputBytes: limits.maxOutputBytes ?? tool.constraints.max_output_bytes,
    ...(limits.target ? { target: limits.target } : {}),
  };
}

/** `endpoint: GET /modules/{id}` as the parser gives it (ranges do not matter here). */
export function endpointTemplate(verb: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string): NonNullable<ToolModel["endpoint"]> {
  const at = { offset: 0, line: 0, character: 0 };
  const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ kind: "placeholder" as const, param: m[1]!, range: { start: at, end: at } }));
  return { verb, path, placeholders };
}
