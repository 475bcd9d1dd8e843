import { LspClient } from "/work/main/packages/lsp/test/harness.ts";
import { largeTool, scratchUri } from "/work/main/packages/lsp/test/fixtures.ts";
const text = largeTool(1024 * 1024);
const c = await LspClient.start();
const uri = scratchUri("big");
let t = performance.now();
await c.open(uri, text);
const d = await c.diagnosticsFor(uri);
console.log("open→diag", (performance.now() - t).toFixed(1), "ms", d.length, "diagnostics");
const doc = { textDocument: { uri } };
const position = { line: 4, character: 10 };
const range = { start: { line: 0, character: 0 }, end: position };
const options = { tabSize: 2, insertSpaces: true };
for (const [m, p] of [
  ["textDocument/completion", { ...doc, position }],
  ["textDocument/hover", { ...doc, position }],
  ["textDocument/codeAction", { ...doc, range, context: { diagnostics: [] } }],
  ["textDocument/formatting", { ...doc, options }],
  ["textDocument/rangeFormatting", { ...doc, range, options }],
  ["textDocument/documentSymbol", doc],
  ["textDocument/foldingRange", doc],
  ["textDocument/selectionRange", { ...doc, positions: [position] }],
  ["textDocument/semanticTokens/full", doc],
] as const) {
  t = performance.now();
  await c.request(m, p);
  console.log(m, (performance.now() - t).toFixed(1), "ms");
}
const lines = text.split("\n").length;
t = performance.now();
await c.request("textDocument/completion", { ...doc, position: { line: Math.floor(lines / 2), character: 5 } });
console.log("completion mid", (performance.now() - t).toFixed(1), "ms");
t = performance.now();
await c.change(uri, [{ range: { start: { line: 2, character: 8 }, end: { line: 2, character: 8 } }, text: "x" }]);
await c.diagnosticsFor(uri);
console.log("edit→diag", (performance.now() - t).toFixed(1), "ms");
await c.stop();
