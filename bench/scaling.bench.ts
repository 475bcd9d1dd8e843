/**
 * Linear time on adversarial input (issue 12): parse, lint, fix and format of
 * files built to stress one thing each, at sizes doubling up to the largest
 * TOOL.hdlp the parser reads (MAX_TOOL_FILE_BYTES). Each row is one size; each
 * figure is the best of several passes after a warm-up, and `×` is its ratio
 * to the size before: about 2 means linear, about 4 quadratic. Figures of a
 * few milliseconds are noisy; read the ratios of the larger sizes.
 *
 * Time is the process's CPU time (user and system, the collector's threads
 * included), not the clock: on a shared machine other processes stretch the
 * clock several times over, and a ratio of two stretched figures says nothing.
 * Each pass starts after a full collection, so garbage left by the one before
 * is not counted in it. The summary gives, for each family and phase, the
 * ratio per doubling over the whole range, (t(largest) / t(smallest))^(1/3):
 * one noisy size moves it less than it moves its own row.
 *
 *   parse   parse(text)
 *   lint    lintFiles() of those parses (the rules, those across files included, suppressions, sorting)
 *   fix     applyFixes() of every finding with a fix (one --fix round; its lint of the result is the lint above)
 *   format  formatText(text) (its own parse and check included; a file with syntax errors is refused early)
 *
 * A family is one file of the size, or (copies of one tool) many small files
 * that add up to it.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { applyFixes, formatText, lintFiles, MAX_TOOL_FILE_BYTES, parse } from "../packages/parser/src/index.ts";

// A full collection between passes (see above), without asking `pnpm bench` for --expose-gc.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** A file of at most `bytes` bytes: `head`, then `unit(0)`, `unit(1)`, … while they fit, then `tail`. */
function fill(bytes: number, head: string, unit: (i: number) => string, tail = ""): string {
  const parts = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; ; i++) {
    const next = unit(i);
    const length = Buffer.byteLength(next);
    if (size + length > bytes) break;
    parts.push(next);
    size += length;
  }
  parts.push(tail);
  return parts.join("");
}

const FIELDS = `name: stress
display: 压力测试
intent: 在服务器上执行一条shell命令并返回结果
method: exec
executor: shell
command: ls -la
author: ICE-GL-ZY001
created: 2026-05-31
why: 铸渊需要通过gatekeeper执行服务器命令。
`;
const CONSTRAINTS = "constraints:\n  timeout_ms: 30000\n  max_output_bytes: 65536\n  require_confirm: false\n";

/** Nested keys, each two spaces deeper, to `depth` levels: within MAX_NESTING. */
function nested(i: number, depth: number): string {
  return Array.from({ length: depth }, (_, level) => `${"  ".repeat(level + 1)}k${i}_${level}:${level === depth - 1 ? " leaf" : ""}\n`).join("");
}

interface Family {
  readonly name: string;
  /** The files of about `bytes` bytes in all (one, for most). */
  readonly make: (bytes: number) => string | readonly string[];
}

const HALF_PARAMS = (b: number) =>
  Array.from({ length: Math.floor(b / 2 / 56) }, (_, i) => `  p${i}: { type: string, required: true, description: d }\n`).join("");

const FAMILIES: readonly Family[] = [
  {
    name: "flow map of repeated keys: `x: { a: 1, a: 1, … }` on one line",
    make: (b) => fill(b, `${FIELDS}${CONSTRAINTS}params_schema: {}\nx: { a: 1`, () => ", a: 1", " }\n"),
  },
  {
    name: "CR-only file: block params, each without `required`",
    make: (b) =>
      fill(b, `${FIELDS}${CONSTRAINTS}params_schema:\n`.replaceAll("\n", "\r"), (i) => `  p${i}:\r    type: string\r    description: "第${i}个参数"\r`),
  },
  { name: "unknown keys: `colour_<i>: red`, nothing else", make: (b) => fill(b, "", (i) => `colour_${i}: red\n`) },
  {
    name: "misspelt keys: `dispaly_<i>: x` beside the fields",
    make: (b) => fill(b, `${FIELDS}${CONSTRAINTS}params_schema: {}\n`, (i) => `dispaly${i % 10}: x\n`),
  },
  {
    name: "deep nesting: blocks 60 levels deep, one after another",
    make: (b) => fill(b, `${FIELDS}${CONSTRAINTS}params_schema: {}\n`, (i) => `x${i}:\n${nested(i, 60)}`),
  },
  {
    name: "deep flow nesting: `x: [[[…]]]` 60 deep, one after another",
    make: (b) => fill(b, `${FIELDS}${CONSTRAINTS}params_schema: {}\n`, (i) => `x${i}: ${"[".repeat(60)}1${"]".repeat(60)}\n`),
  },
  {
    name: "long block text: `why: |` and its lines",
    make: (b) => fill(b, `${FIELDS.replace(/why: .*\n/, "") + CONSTRAINTS}params_schema: {}\nwhy: |\n`, (i) => `  第${i}行 of the reason, kept as written\n`),
  },
  {
    name: "many comments: own-line and trailing",
    make: (b) =>
      fill(b, `${FIELDS}${CONSTRAINTS}params_schema:\n`, (i) => `  # param ${i}\n  p${i}: { type: string, required: false, description: d } # why ${i}\n`),
  },
  {
    name: "many findings with fixes: `{ type: strng, required: yes }`",
    make: (b) => fill(b, `${FIELDS}${CONSTRAINTS}params_schema:\n`, (i) => `  p${i}: { type: strng, required: yes, description: d }\n`),
  },
  {
    name: "one long line: `why:` of one plain value",
    make: (b) => fill(b, `${FIELDS.replace(/why: .*\n/, "") + CONSTRAINTS}params_schema: {}\nwhy: `, () => "很长的理由 ", "\n"),
  },
  {
    name: "command of unclosed `{`: `command: ls {a {a … }`",
    make: (b) => fill(b, `${FIELDS.replace(/command: .*\n/, "") + CONSTRAINTS}params_schema: {}\ncommand: ls `, () => "{a ", "}\n"),
  },
  {
    name: "endpoint of unclosed `{`: `endpoint: GET /{{{…`",
    make: (b) =>
      fill(
        b,
        `${FIELDS.replace(/command: .*\n/, "").replace("executor: shell", "executor: hlpd-api") + CONSTRAINTS}params_schema: {}\nendpoint: GET /`,
        () => "{",
        "\n",
      ),
  },
  {
    name: "unknown placeholders over many params: `{q<i>}` in half the file, params in the other",
    make: (b) => fill(b, `${FIELDS.replace(/command: .*\n/, "") + CONSTRAINTS}params_schema:\n${HALF_PARAMS(b)}command: ls`, (i) => ` {q${i}}`, "\n"),
  },
  {
    name: "a suppression naming many rules over a line of many findings",
    make: (b) => {
      const head = `${FIELDS}${CONSTRAINTS}params_schema: {}\n# hdlp-disable-next-line`;
      const half = (b - Buffer.byteLength(head) - 16) / 2;
      return `${head}${" unknown-field,".repeat(Math.floor(half / 15))}\nx: { ${"a: 1, ".repeat(Math.floor(half / 6))}a: 1 }\n`;
    },
  },
  {
    name: "copies of one tool in many files (duplicate-name across them)",
    make: (b) =>
      Array.from(
        { length: Math.floor(b / Buffer.byteLength(`${FIELDS + CONSTRAINTS}params_schema: {}\n`)) },
        () => `${FIELDS}${CONSTRAINTS}params_schema: {}\n`,
      ),
  },
];

const SIZES_KIB = [128, 256, 512, MAX_TOOL_FILE_BYTES / 1024];
const PASSES = 5;
/** Below this, a figure is mostly noise: its ratio is not summed up. */
const MEANINGFUL_MS = 5;
const PHASES = ["parse", "lint", "fix", "format"] as const;
type Phase = (typeof PHASES)[number];

/** CPU time of this process so far, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Best of `PASSES` runs after one warm-up, in milliseconds of CPU time. */
function best(run: () => void): number {
  run();
  let fastest = Infinity;
  for (let pass = 0; pass < PASSES; pass++) {
    collectGarbage();
    const start = cpuMs();
    run();
    fastest = Math.min(fastest, cpuMs() - start);
  }
  return fastest;
}

function measure(texts: readonly string[]): Record<Phase, number> {
  const files = texts.map((text, i) => ({ path: `tools/t${i}/TOOL.hdlp`, text }));
  const parsed = files.map((file) => ({ path: file.path, document: parse(file.text) }));
  const linted = lintFiles(parsed);
  return {
    parse: best(() => {
      for (const file of files) parse(file.text);
    }),
    lint: best(() => void lintFiles(parsed)),
    fix: best(() => {
      files.forEach((file, i) => {
        applyFixes(file.text, linted[i]!.diagnostics);
      });
    }),
    format: best(() => {
      for (const file of files) formatText(file.text);
    }),
  };
}

const cell = (ms: number, before: number | undefined) => `${ms.toFixed(1).padStart(8)}${before === undefined ? "      " : ` ×${(ms / before).toFixed(2)}`}`;

export async function run(): Promise<void> {
  console.log(
    `CPU time per doubling, sizes ${SIZES_KIB.join(", ")} KiB (the last is MAX_TOOL_FILE_BYTES); best of ${PASSES} passes after a warm-up; ×: ratio to the size before (≈2 linear)`,
  );
  const summary: string[] = [];
  for (const family of FAMILIES) {
    console.log(`\n${family.name}`);
    console.log(`${"KiB".padStart(6)}  ${PHASES.map((phase) => `${phase} ms`.padStart(14)).join("")}  findings`);
    const rows: Record<Phase, number>[] = [];
    for (const kib of SIZES_KIB) {
      const made = family.make(kib * 1024);
      const texts = typeof made === "string" ? [made] : made;
      const times = measure(texts);
      const findings = lintFiles(texts.map((text, i) => ({ path: `tools/t${i}/TOOL.hdlp`, text }))).reduce((sum, file) => sum + file.diagnostics.length, 0);
      const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
      console.log(`${(bytes / 1024).toFixed(0).padStart(6)}  ${PHASES.map((phase) => cell(times[phase], rows.at(-1)?.[phase])).join("")}  ${findings}`);
      rows.push(times);
    }
    const doublings = SIZES_KIB.length - 1;
    const perDoubling = (phase: Phase) => {
      const first = rows[0]![phase];
      const last = rows.at(-1)![phase];
      return last < MEANINGFUL_MS ? "—".padStart(8) : `×${((last / first) ** (1 / doublings)).toFixed(2)}`.padStart(8);
    };
    summary.push(`${PHASES.map(perDoubling).join("")}  ${family.name.split(":")[0]}`);
  }
  console.log(
    `\nper doubling, ${SIZES_KIB[0]} to ${SIZES_KIB.at(-1)} KiB (≈2 is linear; —: under ${MEANINGFUL_MS} ms, noise):\n${PHASES.map((phase) => phase.padStart(8)).join("")}\n${summary.join("\n")}`,
  );
}
