/**
 * The CI gate (issue 2, goal retired to a floor by issue 13): whole-process
 * time of `hdlp lint` against what a team would write instead, a Node script
 * reading each file with `yaml` and checking it with `ajv` against the schema
 * that `hdlp schema` prints (./yaml-ajv-gate.mjs). Floor: at least 3× the
 * gate on 10,000 files. Also on repositories of the sizes teams have (100,
 * 500 and 2,000 tools), where start-up weighs more.
 *
 * Everything runs as a user runs it: the real `node_modules/.bin/hdlp` (the
 * bundle `pnpm build` made, which bench/run.ts has just rebuilt), a fresh
 * process each time. The passes alternate between the two (the machine is
 * shared; alternating spreads any disturbance evenly) and the best of each is
 * reported, with the CPU time (user + system) of that run: on a shared
 * machine wall time swings with the load, CPU time much less. Last, where the
 * time goes on 10,000 files (./lint-passes.ts): reading, a first lint pass in
 * a fresh process, and a later one, once V8 has optimised the code.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { bundle, NODE_ESM, ROOT } from "@hdlp/build";
import { writeCorpus } from "./corpus.ts";

/** Repository sizes, and the passes of each (more where a run is short and noise weighs more). */
const SIZES = [
  { files: 100, passes: 9 },
  { files: 500, passes: 7 },
  { files: 2_000, passes: 5 },
  { files: 10_000, passes: 3 },
] as const;
const FLOOR = { files: 10_000, ratio: 3 };
const HDLP = join(ROOT, "node_modules/.bin/hdlp");
const GATE = join(ROOT, "bench/yaml-ajv-gate.mjs");

interface Passes {
  readonly readMs: number;
  readonly firstMs: number;
  readonly bestLaterMs: number;
}

/**
 * ./lint-passes.ts bundled as `hdlp` is (so V8 sees the same code), run in
 * fresh processes: the read, the first lint pass and the best later one.
 */
async function lintPasses(dir: string, tools: string): Promise<Passes> {
  const outfile = join(dir, "lint-passes.js");
  await bundle({ ...NODE_ESM, entryPoints: [join(ROOT, "bench/lint-passes.ts")], outfile });
  const runs = [0, 1, 2].map(() => JSON.parse(spawnSync(process.execPath, [outfile, tools], { encoding: "utf8" }).stdout) as Passes);
  const median = (pick: (p: Passes) => number) => runs.map(pick).sort((a, b) => a - b)[1]!;
  return { readMs: median((p) => p.readMs), firstMs: median((p) => p.firstMs), bestLaterMs: median((p) => p.bestLaterMs) };
}

interface Timed {
  readonly ms: number;
  /** CPU seconds (user + system) of the command and every process it started. */
  readonly cpu: number;
  readonly status: number | null;
  readonly lastLine: string;
}

/** `1m2.500s` (the POSIX `times` format) in seconds. */
function seconds(text: string): number {
  const [, minutes, rest] = /^(\d+)m([\d.]+)s$/.exec(text) ?? [];
  return minutes === undefined ? Number.NaN : Number(minutes) * 60 + Number(rest);
}

/**
 * Run through `sh`, whose `times` builtin then prints the CPU time its
 * children used (user and system, on the second line): Node has no rusage
 * for a child process.
 */
function time(command: string, args: readonly string[]): Timed {
  const start = performance.now();
  const run = spawnSync("sh", ["-c", '"$@"; status=$?; times >&2; exit $status', "sh", command, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (run.error) throw run.error;
  const [user = "", system = ""] = run.stderr.trimEnd().split("\n").at(-1)!.split(/\s+/);
  return { ms, cpu: seconds(user) + seconds(system), status: run.status, lastLine: run.stdout.trimEnd().split("\n").at(-1) ?? "" };
}

function best(name: string, runs: readonly Timed[]): Timed {
  const fastest = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const leastCpu = Math.min(...runs.map((r) => r.cpu));
  console.log(
    `  ${name.padEnd(42)} ${(fastest.ms / 1000).toFixed(2).padStart(6)} s  cpu ${leastCpu.toFixed(2).padStart(5)} s  (exit ${fastest.status}: ${fastest.lastLine})`,
  );
  return { ...fastest, cpu: leastCpu };
}

const ratio = (a: Timed, b: Timed) => `${(a.ms / b.ms).toFixed(2)}× wall, ${(a.cpu / b.cpu).toFixed(2)}× cpu`;

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "hdlp-lint-bench-"));
  try {
    const schemaPath = join(dir, "schema.json");
    await writeFile(schemaPath, spawnSync(HDLP, ["schema"], { encoding: "utf8" }).stdout);
    console.log(`best of alternating passes, whole process each; load average before: ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`);
    const startup = Array.from({ length: 5 }, () => time(HDLP, ["--version"]));
    best("hdlp --version (start-up)", startup);

    let largest = "";
    for (const { files, passes } of SIZES) {
      const tools = join(dir, `tools-${files}`);
      const { bytes } = await writeCorpus(tools, files);
      console.log(`${files} tool folders (bench/corpus.ts), ${(bytes / 1e6).toFixed(2)} MB; best of ${passes}`);
      const lint: Timed[] = [];
      const gate: Timed[] = [];
      for (let pass = 0; pass < passes; pass++) {
        lint.push(time(HDLP, ["lint", tools]));
        gate.push(time(process.execPath, [GATE, schemaPath, tools]));
      }
      const ours = best("hdlp lint", lint);
      const theirs = best("yaml + ajv gate (bench/yaml-ajv-gate.mjs)", gate);
      const floor = files === FLOOR.files ? ` (floor: ≥ ${FLOOR.ratio.toFixed(2)}× wall, ${theirs.ms / ours.ms >= FLOOR.ratio ? "met" : "NOT met"})` : "";
      console.log(`  gate / hdlp lint: ${ratio(theirs, ours)}${floor}`);
      largest = tools;
    }
    console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`);

    // Where the time goes: the same code in one process, the texts read first.
    const passes = await lintPasses(dir, largest);
    console.log(
      `in one process (median of 3): read ${passes.readMs.toFixed(0)} ms; lint all, first pass ${passes.firstMs.toFixed(0)} ms, best later pass ${passes.bestLaterMs.toFixed(0)} ms`,
    );
    console.log(
      `  (the first pass runs while V8 still interprets and compiles the parser and the rules: ${(passes.firstMs - passes.bestLaterMs).toFixed(0)} ms of warm-up)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
