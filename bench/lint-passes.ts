/**
 * Where `hdlp lint`'s time goes on a large folder, for lint.bench.ts, which
 * bundles it as `hdlp` is bundled and runs it in a fresh process
 * (`node lint-passes.js <tools folder>`): it reads every file into memory
 * first, then lints them all (each file, then the rules across files) several
 * times, and prints one JSON line: the read, the first pass (V8 still
 * interpreting and compiling the parser and the rules) and the best later
 * pass (optimised code).
 */
import { readSources } from "../packages/cli/src/files.ts";
import { lintSources } from "../packages/cli/src/lint-sources.ts";

const PASSES = 4;

const folder = process.argv[2];
if (!folder) throw new Error("usage: lint-passes.ts <tools folder>");

let start = performance.now();
const files = await readSources([folder]);
const readMs = performance.now() - start;

const passes: number[] = [];
let problems = 0;
for (let pass = 0; pass < PASSES; pass++) {
  start = performance.now();
  const results = lintSources(files);
  passes.push(performance.now() - start);
  problems = results.reduce((sum, result) => sum + result.diagnostics.length, 0);
}

console.log(JSON.stringify({ files: files.length, problems, readMs, firstMs: passes[0], bestLaterMs: Math.min(...passes.slice(1)) }));
