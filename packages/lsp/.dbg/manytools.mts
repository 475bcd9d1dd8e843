import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LspClient } from "/work/main/packages/lsp/test/harness.ts";
import { SEED_EXAMPLE } from "/work/main/packages/lsp/test/fixtures.ts";
const ws = mkdtempSync(join(tmpdir(), "dbg-many-"));
const N = Number(process.argv[2] ?? 1000);
for (let i = 0; i < N; i++) { mkdirSync(join(ws, "tools", `t${i}`), { recursive: true }); writeFileSync(join(ws, "tools", `t${i}`, "TOOL.hdlp"), SEED_EXAMPLE.replace("shell-exec", `t${i}`)); }
const c = await LspClient.start({ workspaceFolder: ws });
await new Promise((r) => setTimeout(r, 500));
const uri = pathToFileURL(join(ws, "tools", "t0", "TOOL.hdlp")).href;
const text = SEED_EXAMPLE.replace("shell-exec", "t0");
let t = performance.now();
await c.open(uri, text);
await c.diagnosticsFor(uri);
console.log(N, "tools: open→diag", (performance.now() - t).toFixed(1));
const times: number[] = [];
for (let i = 0; i < 40; i++) {
  t = performance.now();
  const ch = i % 2 === 0 ? { range: { start: { line: 2, character: 8 }, end: { line: 2, character: 8 } }, text: "x" } : { range: { start: { line: 2, character: 8 }, end: { line: 2, character: 9 } }, text: "" };
  await c.change(uri, [ch]);
  await c.diagnosticsFor(uri);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log("edit→diag p50", times[19]!.toFixed(1), "p95", times[37]!.toFixed(1));
await c.stop();
rmSync(ws, { recursive: true });
