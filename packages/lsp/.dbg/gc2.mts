import { parse, lintFiles, toolSkeleton, lint } from "@hdlp/parser";
import { largeTool } from "/work/main/packages/lsp/test/fixtures.ts";
const warmSize = Number(process.argv[2] ?? 0); const wc = process.cpuUsage(); lint(parse(warmSize ? largeTool(warmSize) : toolSkeleton({ name: "w", created: "2026-01-01" }))); const wu = process.cpuUsage(wc); console.log("warm-up cpu", Math.round((wu.user + wu.system) / 1000));
let text = largeTool(1024 * 1024);
const times: number[] = [];
let keep: unknown;
for (let i = 0; i < 10; i++) {
  text = i % 2 ? text.replace("intent: 在", "intent: x在") : text.replace("intent: x在", "intent: 在");
  const c = process.cpuUsage();
  const p = parse(text);
  lintFiles([{ path: "tools/x/TOOL.hdlp", document: p }]);
  keep = p;
  const u = process.cpuUsage(c);
  times.push(Math.round((u.user + u.system) / 1000));
}
const sorted = [...times.slice(1)].sort((a, b) => a - b);
console.log((process.execArgv.find((a) => a.includes("semi")) ?? "default").padEnd(28), "cold", times[0], "warm median", sorted[4], "all", times.join(" "));
