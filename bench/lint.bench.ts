/**
 * The CI gate (issue 2): whole-process time of `hdlp lint` on 10,000 tool
 * folders, against what a team would write instead: a Node script reading
 * each file with `yaml` and checking it with `ajv` against the schema that
 * `hdlp schema` prints (./yaml-ajv-gate.mjs). Goal: ours at least 5× faster.
 *
 * Everything runs as a user runs it: the real `node_modules/.bin/hdlp` shim,
 * a fresh process each time. The passes alternate between the contenders (the
 * machine is shared; alternating spreads any disturbance evenly) and the best
 * of each is reported, with the CPU time (user + system) of that run: on a
 * shared machine wall time swings with the load, CPU time much less. Also:
 * the start-up cost of the shim, bundled (the default) and through tsx
 * (HDLP_NO_BUNDLE=1), and lint on one thread alone (no workers, no reader
 * thread: HDLP_LINT_WORKERS=0 HDLP_READ_AHEAD=0) and with one worker forced
 * on (HDLP_LINT_WORKERS=1). Last, where the time goes
 * (./lint-passes.ts): reading, a first lint pass in a fresh process, and a
 * later one, once V8 has optimised the code.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEsbuild, NODE_BUNDLE } from "../packages/launcher/index.js";
import { writeCorpus } from "./corpus.ts";

const FILES = 10_000;
const PASSES = 3;
const ROOT = fileURLToPath(new URL("..", import.meta.url));
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
  const outfile = join(dir, "lint-passes.mjs");
  await loadEsbuild().build({ ...NODE_BUNDLE, entryPoints: [join(ROOT, "bench/lint-passes.ts")], outfile });
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
function time(command: string, args: readonly string[], env: Record<string, string> = {}): Timed {
  const start = performance.now();
  const run = spawnSync("sh", ["-c", '"$@"; status=$?; times >&2; exit $status', "sh", command, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
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
    `${name.padEnd(44)} ${(fastest.ms / 1000).toFixed(2).padStart(6)} s  cpu ${leastCpu.toFixed(2).padStart(5)} s  (exit ${fastest.status}: ${fastest.lastLine})`,
  );
  return { ...fastest, cpu: leastCpu };
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "hdlp-lint-bench-"));
  try {
    const tools = join(dir, "tools");
    const { bytes } = await writeCorpus(tools, FILES);
    const schemaPath = join(dir, "schema.json");
    const schema = spawnSync(HDLP, ["schema"], { encoding: "utf8" });
    await writeFile(schemaPath, schema.stdout);
    console.log(`corpus: ${FILES} tool folders, ${(bytes / 1e6).toFixed(2)} MB; best of ${PASSES} alternating passes, whole process each`);
    // hdlp lint starts worker threads only on 4 or more idle cores; say how busy the machine was.
    console.log(`load average before: ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`);

    time(HDLP, ["--version"]); // builds the CLI bundle if a source changed since the last run
    const startup = { bundled: [] as Timed[], tsx: [] as Timed[] };
    const lint = { parallel: [] as Timed[], single: [] as Timed[], twoThreads: [] as Timed[], gate: [] as Timed[] };
    for (let pass = 0; pass < PASSES; pass++) {
      startup.bundled.push(time(HDLP, ["--version"]));
      startup.tsx.push(time(HDLP, ["--version"], { HDLP_NO_BUNDLE: "1" }));
      lint.parallel.push(time(HDLP, ["lint", tools]));
      lint.single.push(time(HDLP, ["lint", tools], { HDLP_LINT_WORKERS: "0", HDLP_READ_AHEAD: "0" }));
      lint.twoThreads.push(time(HDLP, ["lint", tools], { HDLP_LINT_WORKERS: "1" }));
      lint.gate.push(time(process.execPath, [GATE, schemaPath, tools]));
    }

    best("hdlp --version (bundled start-up)", startup.bundled);
    best("hdlp --version through tsx (HDLP_NO_BUNDLE=1)", startup.tsx);
    const ours = best("hdlp lint (as it chooses: see docs/cli.md)", lint.parallel);
    const single = best("hdlp lint, one thread, no reader thread", lint.single);
    const two = best("hdlp lint, one worker (HDLP_LINT_WORKERS=1)", lint.twoThreads);
    const gate = best("yaml + ajv gate (bench/yaml-ajv-gate.mjs)", lint.gate);
    console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`);
    const ratio = (a: Timed, b: Timed) => `${(a.ms / b.ms).toFixed(2)}× wall, ${(a.cpu / b.cpu).toFixed(2)}× cpu`;
    console.log(`gate / hdlp lint:                        ${ratio(gate, ours)} (goal: ≥ 5.00× wall)`);
    console.log(`gate / hdlp lint, one thread, no reader: ${ratio(gate, single)}`);
    console.log(`gate / hdlp lint, one worker:            ${ratio(gate, two)}`);

    // Where the time goes: the same code in one process, the texts read first.
    const passes = await lintPasses(dir, tools);
    console.log(`in one process (median of 3): read ${passes.readMs.toFixed(0)} ms; lint all, first pass ${passes.firstMs.toFixed(0)} ms, best later pass ${passes.bestLaterMs.toFixed(0)} ms`);
    console.log(`  (the first pass runs while V8 still interprets and compiles the parser and the rules: ${(passes.firstMs - passes.bestLaterMs).toFixed(0)} ms of warm-up)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
