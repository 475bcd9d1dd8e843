import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LspClient } from "/work/main/packages/lsp/test/harness.ts";
import { largeTool } from "/work/main/packages/lsp/test/fixtures.ts";
const text = largeTool(1024 * 1024).replace("name: shell-exec", "name: big-tool");
const ws = mkdtempSync(join(tmpdir(), "dbg-"));
mkdirSync(join(ws, "tools", "big-tool"), { recursive: true });
const file = join(ws, "tools", "big-tool", "TOOL.hdlp");
writeFileSync(file, text);
const prof = process.argv[2] === "prof";
const c = await LspClient.start({ workspaceFolder: ws, command: prof ? ["node", "--cpu-prof", "--cpu-prof-dir=/tmp/lspdbg/prof", "--import", "tsx", "/work/main/packages/lsp/src/main.ts", "--stdio"] : undefined });
await new Promise((r) => setTimeout(r, 500));
const uri = pathToFileURL(file).href;
let t = performance.now();
await c.open(uri, text);
await c.diagnosticsFor(uri);
console.log("open→diag", (performance.now() - t).toFixed(1));
const lines = text.split("\n");
const il = lines.findIndex((l) => l.startsWith("intent:"));
for (let i = 0; i < 6; i++) {
  t = performance.now();
  const ch = i % 2 === 0 ? { range: { start: { line: il, character: lines[il]!.length }, end: { line: il, character: lines[il]!.length } }, text: "x" } : { range: { start: { line: il, character: lines[il]!.length }, end: { line: il, character: lines[il]!.length + 1 } }, text: "" };
  await c.change(uri, [ch]);
  await c.diagnosticsFor(uri);
  console.log("edit→diag", (performance.now() - t).toFixed(1));
}
await c.stop();
