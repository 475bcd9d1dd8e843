import { parse, lint, formatText } from "@hdlp/parser";
import { largeTool } from "/work/main/packages/lsp/test/fixtures.ts";
const text = largeTool(1024 * 1024);
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const p = parse(text);
  const tp = performance.now() - t;
  t = performance.now();
  lint(p);
  const tl = performance.now() - t;
  t = performance.now();
  formatText(text);
  const tf = performance.now() - t;
  console.log({ parse: tp.toFixed(0), lint: tl.toFixed(0), format: tf.toFixed(0) });
}
