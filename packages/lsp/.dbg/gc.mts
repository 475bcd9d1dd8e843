import { parse, lintFiles } from "@hdlp/parser";
import { largeTool } from "/work/main/packages/lsp/test/fixtures.ts";
let text = largeTool(1024 * 1024);
const times: number[] = [];
let keep: unknown;
for (let i = 0; i < 12; i++) {
  text = i % 2 ? text.replace("intent: 在", "intent: x在") : text.replace("intent: x在", "intent: 在");
  const t = performance.now();
  const p = parse(text);
  lintFiles([{ path: "tools/x/TOOL.hdlp", document: p }]);
  keep = p;
  times.push(Math.round(performance.now() - t));
}
console.log(process.execArgv.join(" "), times.join(" "));
