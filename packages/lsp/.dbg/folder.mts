import { parse, lintFiles, lint } from "@hdlp/parser";
import { SEED_EXAMPLE } from "/work/main/packages/lsp/test/fixtures.ts";
for (const n of [10, 100, 1000]) {
  const files = Array.from({ length: n }, (_, i) => ({ path: `tools/t${i}/TOOL.hdlp`, document: parse(SEED_EXAMPLE.replace("shell-exec", `t${i}`)) }));
  for (let k = 0; k < 20; k++) lintFiles(files);
  const t = performance.now();
  for (let k = 0; k < 20; k++) lintFiles(files);
  const one = performance.now();
  for (let k = 0; k < 20; k++) lint(files[0]!.document);
  console.log(n, "files: lintFiles", ((one - t) / 20).toFixed(2), "ms; lint one", ((performance.now() - one) / 20).toFixed(3), "ms");
}
