/**
 * For bench/runtime.bench.ts, in a process of its own so that nothing else
 * weighs on its memory: `yes` through the shell executor under a 1,000-byte
 * cap for argv[2] seconds, the process's RSS sampled each second. Prints
 * `{ samples (MB), peakMb, output (bytes kept) }` as JSON.
 */
import { loadTool } from "../packages/parser/src/index.ts";
import { createShellExecutor } from "../packages/runtime/src/index.ts";

const seconds = Number(process.argv[2]);
const { model } = loadTool(
  [
    "name: yes-tool",
    "display: 不停输出",
    "intent: 不停输出 y",
    "method: exec",
    "executor: shell",
    "command: yes",
    "params_schema: {}",
    "constraints:",
    "  timeout_ms: 1000",
    "  max_output_bytes: 1000",
    "  require_confirm: false",
    "author: ICE-GL-ZY001",
    "created: 2026-05-31",
    "why: 基准测试。",
    "",
  ].join("\n"),
);
const samples: number[] = [];
const sampler = setInterval(() => samples.push(process.memoryUsage().rss / 1e6), 1000);
const result = await createShellExecutor().execute({
  tool: model!,
  params: {},
  timeoutMs: seconds * 1000 + 500,
  maxOutputBytes: 1000,
  config: { gatekeepers: [], sandbox: { mode: "off", network: false, read: [], write: [] } },
});
clearInterval(sampler);
process.stdout.write(JSON.stringify({ samples, peakMb: process.resourceUsage().maxRSS / 1024, output: Buffer.byteLength(result.output) }));
