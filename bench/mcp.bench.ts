/**
 * The MCP server (issue 17), on this machine:
 *   - `tools/list` over 10,000 registered tools (`--expose all`, every page):
 *     ms, through the real `hdlp mcp` over stdio and in memory (the server's
 *     own share);
 *   - the cost of a call of `/bin/true` through MCP against `callTool`
 *     directly: median per call, CPU per call and ratio; goal ≤ 1.3×. Both
 *     sides write the audit line, as `hdlp mcp` always does. "in memory" is
 *     the server and the SDK's client in this process: the protocol's own
 *     cost, all else equal. "stdio" is the real `hdlp mcp` in a process of
 *     its own (JSON-RPC over pipes); its wall time is not comparable one for
 *     one, since a spawn costs with the size of the process that forks (see
 *     bench/runtime.bench.ts) and this one holds more than the server does,
 *     so its CPU (both processes') says more;
 *   - `match_tools` over the 10,000 tools (`--expose search`): p50 / p95 per
 *     request, through `hdlp mcp` over stdio, and the matcher alone.
 *
 * The corpus is bench/corpus.ts, as in `pnpm bench runtime`.
 */
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { fixedToolSource, HdlpMcp, toolFilter } from "../packages/mcp/src/index.ts";
import { createMatcher } from "../packages/match/src/index.ts";
import { callTool, openAuditLog, ToolScanner, type ToolIndex } from "../packages/runtime/src/index.ts";
import { alternatingRounds, contender, cpuOver, median, pairedRatio, percentile } from "./alternating-rounds.ts";
import { MATCH_INTENTS, TRUE_TOOL, writeCorpus } from "./corpus.ts";

const TOOLS = 10_000;
const HDLP = fileURLToPath(new URL("../node_modules/.bin/hdlp", import.meta.url));

const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 1)} ms`;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

async function stdioClient(root: string, dir: string, args: readonly string[]): Promise<Client & { serverPid: number }> {
  const client = new Client({ name: "hdlp-bench", version: "1" });
  const transport = new StdioClientTransport({
    command: HDLP,
    args: ["mcp", "--root", root, "--audit", join(dir, "stdio-audit.jsonl"), ...args],
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    stderr: "ignore",
  });
  await client.connect(transport);
  return Object.assign(client, { serverPid: transport.pid! });
}

/** CPU time (user + system) a process has used so far, from /proc: what load cannot blur. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}

async function memoryClient(index: ToolIndex, dir: string, expose: "all" | "search"): Promise<Client> {
  const mcp = new HdlpMcp({
    source: fixedToolSource(index, toolFilter()),
    version: "bench",
    transport: "stdio",
    expose,
    call: { audit: openAuditLog(join(dir, "memory-audit.jsonl")) },
  });
  const [server, client] = InMemoryTransport.createLinkedPair();
  await mcp.server({ longLived: true }).connect(server);
  const mcpClient = new Client({ name: "hdlp-bench", version: "1" });
  await mcpClient.connect(client);
  return mcpClient;
}

/**
 * `/bin/true` through MCP against `callTool` directly, in alternating rounds
 * (bench/alternating-rounds.ts); the ratio is of the medians per call, with
 * the median and quartiles of the per-round ratios.
 */
async function overheadBenchmark(dir: string): Promise<void> {
  const root = join(dir, "one-tool");
  await mkdir(join(root, "true-tool"), { recursive: true });
  await writeFile(join(root, "true-tool", "TOOL.hdlp"), TRUE_TOOL);
  const index = new ToolScanner({ root, cacheDir: false }).scan();
  const audit = openAuditLog(join(dir, "direct-audit.jsonl"));
  const ok = (result: unknown) => {
    if ((result as { isError?: boolean }).isError) throw new Error(JSON.stringify(result));
  };
  const stdio = await stdioClient(root, dir, ["--no-cache"]);
  const memory = await memoryClient(index, dir, "all");
  try {
    const direct = contender("callTool + audit line", async () => {
      const envelope = await callTool(index, { tool: "true-tool", params: {} }, { audit });
      if (!envelope.ok) throw new Error(envelope.error ?? "failed");
    });
    const inMemory = contender("MCP in memory", async () => ok(await memory.callTool({ name: "true-tool", arguments: {} })));
    const overStdio = contender(
      "MCP stdio (hdlp mcp)",
      async () => ok(await stdio.callTool({ name: "true-tool", arguments: {} })),
      () => processCpuMs(stdio.serverPid),
    );
    const contenders = [direct, inMemory, overStdio];
    const ROUNDS = 100;
    const BATCH = 4;
    const rounds = await alternatingRounds(contenders, { warmUp: 30, rounds: ROUNDS, batch: BATCH });
    const calls = ROUNDS * BATCH;
    console.log(`call overhead, /bin/true, ${calls} calls each, in ${ROUNDS} alternating rounds (every call writes its audit line)`);
    for (const c of contenders) {
      const ratio = c === direct ? "" : `   ratio ${(median(c.wall) / median(direct.wall)).toFixed(2)}x   ${cpuOver(c, direct, calls)}`;
      console.log(`  ${c.name.padEnd(24)} median ${ms(median(c.wall))}   CPU ${ms(c.cpuMs / calls)}/call${ratio}`);
    }
    console.log(`  ${inMemory.name} / callTool, per round: ${pairedRatio(rounds, inMemory, direct)}`);
    console.log(`  ${overStdio.name} / callTool, per round: ${pairedRatio(rounds, overStdio, direct)}   (goal ≤ 1.3)`);
  } finally {
    await stdio.close();
    await memory.close();
  }
}

async function listBenchmark(root: string, index: ToolIndex, dir: string): Promise<void> {
  const stdio = await stdioClient(root, dir, ["--expose", "all"]);
  const memory = await memoryClient(index, dir, "all");
  try {
    const REPEATS = 5;
    const runs = async (client: Client, serverPid?: number) => {
      const first = await timed(() => client.listTools());
      if (first.value.tools.length !== index.tools.length) throw new Error(`listed ${first.value.tools.length} of ${index.tools.length}`);
      const again: number[] = [];
      const cpu = process.cpuUsage();
      const serverCpu = serverPid === undefined ? 0 : processCpuMs(serverPid);
      for (let i = 0; i < REPEATS; i++) again.push((await timed(() => client.listTools())).ms);
      const used = process.cpuUsage(cpu);
      return {
        first: first.ms,
        warm: median(again),
        clientCpu: (used.user + used.system) / 1000 / REPEATS,
        serverCpu: serverPid === undefined ? undefined : (processCpuMs(serverPid) - serverCpu) / REPEATS,
      };
    };
    const overStdio = await runs(stdio, stdio.serverPid);
    const inMemory = await runs(memory);
    const bytes = Buffer.byteLength(JSON.stringify((await memory.listTools()).tools));
    console.log(
      `tools/list, ${index.tools.length} tools, --expose all (every page of 500, as the SDK's client aggregates them; ${(bytes / 1e6).toFixed(1)} MB of JSON)`,
    );
    console.log(
      `  hdlp mcp over stdio   first ${ms(overStdio.first)}   then median ${ms(overStdio.warm)}   CPU per list: server ${ms(overStdio.serverCpu!)}, client ${ms(overStdio.clientCpu)}`,
    );
    console.log(
      `  in memory             first ${ms(inMemory.first)}   then median ${ms(inMemory.warm)}   CPU per list (server and client) ${ms(inMemory.clientCpu)}`,
    );
  } finally {
    await stdio.close();
    await memory.close();
  }
}

async function matchBenchmark(root: string, index: ToolIndex, dir: string): Promise<void> {
  const stdio = await stdioClient(root, dir, ["--expose", "search"]);
  try {
    const call = (intent: string) => stdio.callTool({ name: "match_tools", arguments: { intent, top: 3 } });
    await call(MATCH_INTENTS[0]!); // the server builds its matcher on the first request
    for (const intent of MATCH_INTENTS) await call(intent);
    const samples: number[] = [];
    for (let round = 0; round < 10; round++) for (const intent of MATCH_INTENTS) samples.push((await timed(() => call(intent))).ms);
    samples.sort((a, b) => a - b);
    const matcher = createMatcher(index.tools.map((t) => t.model));
    const alone: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const intent of MATCH_INTENTS) {
        const start = performance.now();
        matcher.match(intent, { top: 3 });
        alone.push(performance.now() - start);
      }
    }
    alone.sort((a, b) => a - b);
    console.log(`match_tools over ${index.tools.length} tools (--expose search), ${samples.length} requests`);
    console.log(`  hdlp mcp over stdio   p50 ${ms(percentile(samples, 50))}   p95 ${ms(percentile(samples, 95))}`);
    console.log(`  the matcher alone     p50 ${ms(percentile(alone, 50))}   p95 ${ms(percentile(alone, 95))}`);
  } finally {
    await stdio.close();
  }
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "hdlp-mcp-bench-"));
  try {
    // First, while this process holds little: spawning forks it (see bench/runtime.bench.ts).
    await overheadBenchmark(dir);
    const root = join(dir, "tools");
    await writeCorpus(root, TOOLS);
    const index = new ToolScanner({ root }).scan();
    await listBenchmark(root, index, dir);
    await matchBenchmark(root, index, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
