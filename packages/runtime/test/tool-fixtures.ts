/**
 * TOOL.hdlp texts for the runtime's tests, and their models through the real
 * parser: the tests exercise the runtime on what `loadTool` really produces.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadTool, type ToolModel } from "@hdlp/parser";
import type { RuntimeConfig } from "../src/executors/executor.ts";
import { onTestFinished } from "vitest";
import { createToolIndex, type ToolIndex } from "../src/registry/tool-index.ts";

export interface ToolSpec {
  readonly name: string;
  readonly intent?: string;
  readonly executor?: string;
  readonly command?: string;
  /** `params_schema` entries, one per line: `cmd: { type: string, required: true, description: "…" }`. */
  readonly params?: readonly string[];
  readonly timeoutMs?: number;
  readonly maxOutputBytes?: number;
  readonly requireConfirm?: boolean;
}

export function toolText(spec: ToolSpec): string {
  const params = spec.params ?? [];
  return [
    `name: ${spec.name}`,
    `display: 测试工具 ${spec.name}`,
    `intent: ${spec.intent ?? `测试用的工具 ${spec.name}`}`,
    "method: exec",
    `executor: ${spec.executor ?? "shell"}`,
    ...(spec.command ? [`command: ${spec.command}`] : []),
    params.length ? "params_schema:" : "params_schema: {}",
    ...params.map((p) => `  ${p}`),
    "constraints:",
    `  timeout_ms: ${spec.timeoutMs ?? 30000}`,
    `  max_output_bytes: ${spec.maxOutputBytes ?? 65536}`,
    `  require_confirm: ${spec.requireConfirm ?? false}`,
    "author: ICE-GL-ZY001",
    "created: 2026-05-31",
    "why: 运行时测试需要它。",
    "",
  ].join("\n");
}

/** The model of a spec; fails the test with the diagnostics when the text does not lint clean. */
export function modelOf(spec: ToolSpec): ToolModel {
  const { model, diagnostics } = loadTool(toolText(spec));
  if (!model) throw new Error(`fixture ${spec.name} does not lint clean:\n${diagnostics.map((d) => `${d.rule}: ${d.message}`).join("\n")}`);
  return model;
}

export const CMD_PARAM = 'cmd: { type: string, required: true, description: "要执行的命令" }';

/** A temp folder, removed by the returned function. */
export function tempDir(prefix = "hdlp-runtime-"): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A temp folder for the running test, removed when it finishes. */
export function tempDirForTest(prefix?: string): string {
  const { dir, remove } = tempDir(prefix);
  onTestFinished(remove);
  return dir;
}

/** Writes `<root>/<folder>/TOOL.hdlp`. */
export function writeTool(root: string, folder: string, text: string): string {
  mkdirSync(join(root, folder), { recursive: true });
  const path = join(root, folder, "TOOL.hdlp");
  writeFileSync(path, text);
  return path;
}

/**
 * A runtime with the sandbox off: for tests of what runs and what it does to
 * this machine's files, which a sandbox would hide from them
 * (src/executors/shell/sandbox/ tests the sandbox).
 */
export const UNCONFINED: RuntimeConfig = { gatekeepers: [], sandbox: { mode: "off", network: false, read: [], write: [] } };
/** A registry of these models, as a scan of `/tools` would give it. */
export function indexOf(...models: ToolModel[]): ToolIndex {
  const tools = models.map((model) => ({ name: model.name, path: `/tools/${model.name}/TOOL.hdlp`, model, diagnostics: [], hash: "" }));
  return createToolIndex("/tools", tools, [], { files: tools.length, read: tools.length, parsed: tools.length, durationMs: 0 });
}
