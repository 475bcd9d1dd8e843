/**
 * The real `hdlp mcp` (the workspace's `node_modules/.bin/hdlp`, as a user
 * runs it) driven by the official SDK client of 2025-11-25, over stdio or
 * over HTTP on 127.0.0.1 with an ephemeral port, on tools written into a
 * temp folder.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client, type ClientOptions, type ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { onTestFinished } from "vitest";

export const HDLP = fileURLToPath(new URL("../../../node_modules/.bin/hdlp", import.meta.url));

export type Via = "stdio" | "http";

/** A TOOL.hdlp for the tests: a shell tool with a `command` template. */
export function toolText(spec: {
  name: string;
  intent?: string;
  command: string;
  params?: readonly string[];
  requireConfirm?: boolean;
  timeoutMs?: number;
}): string {
  const params = spec.params ?? [];
  return [
    `name: ${spec.name}`,
    `display: 测试 ${spec.name}`,
    `intent: ${spec.intent ?? `测试用的工具 ${spec.name}`}`,
    "method: exec",
    "executor: shell",
    `command: ${spec.command}`,
    params.length ? "params_schema:" : "params_schema: {}",
    ...params.map((p) => `  ${p}`),
    "constraints:",
    `  timeout_ms: ${spec.timeoutMs ?? 60000}`,
    "  max_output_bytes: 65536",
    `  require_confirm: ${spec.requireConfirm ?? false}`,
    "author: ICE-GL-ZY001",
    "created: 2026-05-31",
    "why: MCP 端到端测试需要它。",
    "",
  ].join("\n");
}

/** The tools every transport test serves. `{tag}` marks a long-running tool's processes in the process table. */
export const TOOLS = {
  say: toolText({
    name: "say",
    intent: "原样输出一段文字",
    command: "printf %s {msg}",
    params: ['msg: { type: string, required: true, description: "要输出的文字" }'],
  }),
  fail: toolText({ name: "fail", intent: "总是失败的工具", command: "sh -c 'echo broken pipe >&2; echo partial; exit 3'" }),
  sleepy: toolText({
    name: "sleepy",
    intent: "长时间运行并忽略 SIGTERM",
    // The background loop ignores SIGTERM: only the process group's SIGKILL stops it. Both processes carry the tag in their arguments.
    command: 'sh -c \'(trap "" TERM; while :; do sleep 1; done) & trap "" TERM; echo started; wait\' {tag}',
    params: ['tag: { type: string, required: true, description: "进程表中的标记" }'],
  }),
  guarded: toolText({
    name: "guarded",
    intent: "创建一个文件，须确认",
    command: "touch {path}",
    params: ['path: { type: string, required: true, description: "文件路径" }'],
    requireConfirm: true,
  }),
};

/** A temp folder with `tools/<name>/TOOL.hdlp` for each entry, removed when the test finishes. */
export function toolsRoot(tools: Record<string, string> = TOOLS): { dir: string; root: string; add: (name: string, text: string) => void } {
  const dir = mkdtempSync(join(tmpdir(), "hdlp-mcp-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const root = join(dir, "tools");
  const add = (name: string, text: string) => {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, "TOOL.hdlp"), text);
  };
  mkdirSync(root, { recursive: true });
  for (const [name, text] of Object.entries(tools)) add(name, text);
  return { dir, root, add };
}

export interface Session {
  readonly client: Client;
  /** The server's process (stdio: the one the transport spawned; HTTP: the one serving). */
  readonly pid: number;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  readonly auditPath: string;
}

export interface StartOptions {
  /** The tools root, passed as --root; undefined: none (the server finds one, or asks the client). */
  readonly root: string | undefined;
  readonly dir: string;
  readonly args?: readonly string[];
  readonly env?: Record<string, string>;
  readonly client?: ClientOptions;
  /** The server's working folder. */
  readonly cwd?: string;
  /** Handlers the client needs from its first message on (roots/list). */
  readonly beforeConnect?: (client: Client) => void;
}

const BASE_ENV = (): Record<string, string> => ({ PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: process.env["HOME"] ?? "/tmp" });

/**
 * With a root given, the server reads a configuration that turns the sandbox
 * off: these tests check the protocol, and their tools write into temp folders
 * the sandbox would keep read-only (the sandbox has its own tests, in
 * packages/runtime/src/executors/shell/sandbox/). Without a root none is
 * passed, so that the server looks for its root as it would anywhere.
 */
function configArgs(options: StartOptions): string[] {
  if (options.root === undefined) return [];
  const path = join(options.dir, "unconfined.config.json");
  writeFileSync(path, JSON.stringify({ sandbox: { mode: "off" } }));
  return ["--config", path];
}

/** `hdlp mcp` over stdio, spawned by the SDK's own transport, connected. */
export async function startStdio(options: StartOptions): Promise<Session> {
  const auditPath = join(options.dir, "audit.jsonl");
  const transport = new StdioClientTransport({
    command: HDLP,
    args: ["mcp", ...(options.root === undefined ? [] : ["--root", options.root]), ...configArgs(options), "--audit", auditPath, ...(options.args ?? [])],
    env: { ...BASE_ENV(), ...options.env },
    stderr: "pipe",
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "hdlp-e2e", version: "1.0.0" }, options.client);
  options.beforeConnect?.(client);
  await client.connect(transport);
  onTestFinished(() => client.close());
  return { client, pid: transport.pid!, stderr: () => stderr, auditPath };
}

export interface HttpServer {
  readonly url: string;
  readonly process: ChildProcess;
  stderr(): string;
  readonly auditPath: string;
  /** Resolves with the exit code and signal once the process is gone. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `hdlp mcp --http 127.0.0.1:0` (or `listen`), once it says where it listens. */
export async function startHttpServer(options: StartOptions & { readonly listen?: string }): Promise<HttpServer> {
  const auditPath = join(options.dir, "audit.jsonl");
  const child = spawn(
    HDLP,
    [
      "mcp",
      ...(options.root === undefined ? [] : ["--root", options.root]),
      ...configArgs(options),
      "--audit",
      auditPath,
      "--http",
      options.listen ?? "127.0.0.1:0",
      ...(options.args ?? []),
    ],
    {
      env: { ...BASE_ENV(), ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /listening on (\S+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    void exited.then(({ code }) => reject(new Error(`hdlp mcp --http exited (${code}) before listening:\n${stderr}`)));
  });
  return { url, process: child, stderr: () => stderr, auditPath, exited };
}

/** An SDK client over streamable HTTP, connected. */
export async function connectHttp(url: string, options: { client?: ClientOptions; headers?: Record<string, string> } = {}): Promise<Client> {
  const client = new Client({ name: "hdlp-e2e", version: "1.0.0" }, options.client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), options.headers ? { requestInit: { headers: options.headers } } : undefined));
  onTestFinished(() => client.close());
  return client;
}

/** Either transport, started the same way: what the scenarios shared by both run on. */
export async function start(via: Via, options: StartOptions): Promise<Session> {
  if (via === "stdio") return startStdio(options);
  const server = await startHttpServer(options);
  const client = await connectHttp(server.url, options.client ? { client: options.client } : {});
  return { client, pid: server.process.pid!, stderr: server.stderr, auditPath: server.auditPath };
}

/** Living processes whose arguments hold `tag`, from the process table (`ps`), zombies excluded. */
export function processesTagged(tag: string): string[] {
  const table = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" });
  return table
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.includes(tag) && !/^\d+\s+Z/.test(line) && !line.includes("ps -eo"));
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^Z/.test(execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).trim());
  } catch {
    return false; // kill(pid, 0) threw ESRCH, or ps found no such pid: gone
  }
}

/** Polls `check` until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

export function auditLines(path: string): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text
    .trimEnd()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Each call that has ended, as one record: its start line (who asked, the params) with its end line over it. */
export function auditedCalls(path: string): Record<string, unknown>[] {
  const lines = auditLines(path);
  const starts = new Map(lines.filter((line) => line["event"] === "start").map((line) => [line["call"], line]));
  return lines.filter((line) => line["event"] === "end").map((end) => ({ ...starts.get(end["call"]), ...end }));
}

export function uniqueTag(): string {
  return `hdlp-e2e-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A call's rejection, as the client surfaces a JSON-RPC error. */
export async function rejection(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    return error as ProtocolError;
  }
  throw new Error("the call was not rejected");
}
