/**
 * Parse throughput (issue 2): our parser against `yaml`'s parseDocument and
 * `js-yaml`'s load, on the same 10,000 generated TOOL.hdlp files, in one run.
 * Goal: at least js-yaml's throughput, with full ranges and error recovery
 * (js-yaml keeps no ranges and stops at the first error).
 *
 * Our parser is the bundle users run (./bundled.ts). Each parser gets a
 * warm-up pass, then the best of several timed passes over the whole corpus
 * (the machine is shared; the best pass is the one least disturbed by other
 * work).
 *
 * Then one large file, 1 MiB, the most a TOOL.hdlp may be (MAX_TOOL_FILE_BYTES;
 * a larger text is answered with one diagnostic, unparsed, since issue 12): the
 * generated TOOL.hdlp with thousands of params that the language server
 * benchmark opens (bench/lsp.bench.ts). How parsing time grows with size, up to
 * that limit and on inputs built to stress it, is bench/scaling.bench.ts's.
 * Per byte it is slower than the corpus: its lines are dense with tokens
 * (`{ type: …, required: …, description: … }`), and its whole tree stays
 * alive while it is built, so the collector copies it instead of freeing it
 * (the tokens do not: the grammar lets them go as it passes them).
 */
import { load } from "js-yaml";
import { parseDocument } from "yaml";
import { largeTool } from "../packages/lsp/test/fixtures.ts";
import { bundledParser } from "./bundled.ts";
import { generateTool } from "./corpus.ts";

const { parse } = await bundledParser();

const FILES = 10_000;
const PASSES = 5;

interface Measure {
  readonly name: string;
  readonly mbPerSecond: number;
  readonly msPerPass: number;
}

interface Parser {
  readonly name: string;
  readonly run: (text: string) => unknown;
}

const YAML: Parser = { name: "yaml parseDocument()", run: (text) => parseDocument(text) };
const JS_YAML: Parser = { name: "js-yaml load()", run: (text) => load(text) };

/** Single large files: size in MiB, timed passes, and the parsers to compare. */
const LARGE: readonly { readonly mib: number; readonly passes: number; readonly warmUp: boolean; readonly against: readonly Parser[] }[] = [
  { mib: 1, passes: 5, warmUp: true, against: [YAML, JS_YAML] },
];

function measure(name: string, texts: readonly string[], bytes: number, run: (text: string) => unknown, passes = PASSES, warmUp = true): Measure {
  const once = (): number => {
    const start = performance.now();
    for (const text of texts) run(text);
    return performance.now() - start;
  };
  if (warmUp) once();
  let best = Infinity;
  for (let pass = 0; pass < passes; pass++) best = Math.min(best, once());
  return { name, msPerPass: best, mbPerSecond: bytes / 1e6 / (best / 1000) };
}

function print(measures: readonly Measure[]): void {
  for (const m of measures) {
    console.log(`${m.name.padEnd(24)} ${m.mbPerSecond.toFixed(1).padStart(6)} MB/s  ${m.msPerPass.toFixed(0).padStart(6)} ms per pass`);
  }
}

/** Our parser against `against` on the same large file; a parser that rejects the text is reported, not timed. */
function measureLarge(mib: number, passes: number, warmUp: boolean, against: readonly Parser[]): void {
  const text = largeTool(mib * 1024 * 1024);
  const bytes = Buffer.byteLength(text);
  const how = passes === 1 ? "one pass" : `best of ${passes} passes after a warm-up`;
  console.log(
    `\nsingle file: the language server benchmark's generated TOOL.hdlp at ${mib} MiB (${(bytes / 1e6).toFixed(2)} MB, ${text.split("\n").length} lines); ${how}`,
  );
  let diagnostics = 0;
  const measures = [measure("@hdlp/parser parse()", [text], bytes, (t) => (diagnostics = parse(t).diagnostics.length), passes, warmUp)];
  if (diagnostics > 0) console.log(`warning: the file produced ${diagnostics} syntax diagnostics; it should parse clean`);
  for (const { name, run } of against) {
    try {
      measures.push(measure(name, [text], bytes, run, passes, warmUp));
    } catch (error) {
      console.log(`${name.padEnd(24)} rejects the file: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    }
  }
  print(measures);
  const ours = measures[0] as Measure;
  for (const theirs of measures.slice(1)) console.log(`ours / ${theirs.name.replace(/\(\)$/, "")}: ${(ours.mbPerSecond / theirs.mbPerSecond).toFixed(2)}×`);
}

export async function run(): Promise<void> {
  const texts = Array.from({ length: FILES }, (_, i) => generateTool(i));
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  console.log(`corpus: ${FILES} generated TOOL.hdlp files, ${(bytes / 1e6).toFixed(2)} MB (UTF-8); best of ${PASSES} passes after a warm-up`);

  let diagnostics = 0;
  const ours = measure("@hdlp/parser parse()", texts, bytes, (text) => (diagnostics += parse(text).diagnostics.length));
  const yaml = measure(YAML.name, texts, bytes, YAML.run);
  const jsYaml = measure(JS_YAML.name, texts, bytes, JS_YAML.run);
  if (diagnostics > 0) console.log(`warning: the corpus produced ${diagnostics} syntax diagnostics; it should parse clean`);

  print([ours, yaml, jsYaml]);
  console.log(`ours / yaml.parseDocument: ${(ours.mbPerSecond / yaml.mbPerSecond).toFixed(2)}×`);
  console.log(`ours / js-yaml:            ${(ours.mbPerSecond / jsYaml.mbPerSecond).toFixed(2)}× (goal: ≥ 1.00×)`);

  for (const { mib, passes, warmUp, against } of LARGE) measureLarge(mib, passes, warmUp, against);
}
