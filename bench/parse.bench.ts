/**
 * Parse throughput (issue 2): our parser against `yaml`'s parseDocument and
 * `js-yaml`'s load, on the same 10,000 generated TOOL.hdlp files, in one run.
 * Goal: at least js-yaml's throughput, with full ranges and error recovery
 * (js-yaml keeps no ranges and stops at the first error).
 *
 * Each parser gets a warm-up pass, then the best of several timed passes
 * over the whole corpus (the machine is shared; the best pass is the one
 * least disturbed by other work).
 */
import { parse } from "../packages/parser/src/index.ts";
import { load } from "js-yaml";
import { parseDocument } from "yaml";
import { generateTool } from "./corpus.ts";

const FILES = 10_000;
const PASSES = 5;

interface Measure {
  readonly name: string;
  readonly mbPerSecond: number;
  readonly msPerPass: number;
}

function measure(name: string, texts: readonly string[], bytes: number, run: (text: string) => unknown): Measure {
  const once = (): number => {
    const start = performance.now();
    for (const text of texts) run(text);
    return performance.now() - start;
  };
  once();
  let best = Infinity;
  for (let pass = 0; pass < PASSES; pass++) best = Math.min(best, once());
  return { name, msPerPass: best, mbPerSecond: bytes / 1e6 / (best / 1000) };
}

export async function run(): Promise<void> {
  const texts = Array.from({ length: FILES }, (_, i) => generateTool(i));
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  console.log(`corpus: ${FILES} generated TOOL.hdlp files, ${(bytes / 1e6).toFixed(2)} MB (UTF-8); best of ${PASSES} passes after a warm-up`);

  let diagnostics = 0;
  const ours = measure("@hdlp/parser parse()", texts, bytes, (text) => (diagnostics += parse(text).diagnostics.length));
  const yaml = measure("yaml parseDocument()", texts, bytes, (text) => parseDocument(text));
  const jsYaml = measure("js-yaml load()", texts, bytes, (text) => load(text));
  if (diagnostics > 0) console.log(`warning: the corpus produced ${diagnostics} syntax diagnostics; it should parse clean`);

  for (const m of [ours, yaml, jsYaml]) {
    console.log(`${m.name.padEnd(24)} ${m.mbPerSecond.toFixed(1).padStart(6)} MB/s  ${m.msPerPass.toFixed(0).padStart(6)} ms per pass`);
  }
  console.log(`ours / yaml.parseDocument: ${(ours.mbPerSecond / yaml.mbPerSecond).toFixed(2)}×`);
  console.log(`ours / js-yaml:            ${(ours.mbPerSecond / jsYaml.mbPerSecond).toFixed(2)}× (goal: ≥ 1.00×)`);
}
