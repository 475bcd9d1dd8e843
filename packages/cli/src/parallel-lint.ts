/**
 * `hdlp lint` on thousands of files uses every core: worker threads and the
 * main thread claim chunks of paths from one shared counter (so a worker that
 * starts late simply claims fewer), each reads and lints its files on its own
 * (`lintFile`: plain data, cheap to send back), and the main thread finishes
 * them together (`combineLints`: the rules across files, suppressions).
 */
import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { workerEntry } from "@hdlp/launcher";
import { combineLints, type ExtraRules, type FileLint, lintFile, type LintedFile } from "@hdlp/parser";
import { UsageError } from "./command.ts";
import { type Candidate, readCandidate, type SourceFile, sourceOf } from "./files.ts";
import { type FileReader, readOnThisThread, startReadAhead } from "./read-ahead.ts";

/** Below this many files a worker's start-up (about 0.15 s) costs more than it saves. */
const PARALLEL_FROM = 1500;
/** Below this many files the reader thread's start-up (some tens of ms) is more than the reads. */
const READ_AHEAD_FROM = 500;
const CHUNK = 200;
const MAX_WORKERS = 3;

export interface LintJob {
  readonly candidates: readonly Candidate[];
  /** One Int32 over a SharedArrayBuffer: the index of the next unclaimed candidate. */
  readonly next: Int32Array;
}

interface Linted {
  readonly index: number;
  readonly lint: FileLint;
  /** Sent back only for a file with diagnostics: reports quote its lines, fixes edit it. */
  readonly text?: string;
}

/** What a thread did: the files it linted, or the path it could not read (a usage error). */
export type LintedShare = { readonly linted: Linted[] } | { readonly unreadable: string };

/** Claim chunks until none is left, reading (with `reader`: by default, here) and linting each file claimed. */
export function lintClaimedChunks(job: LintJob, reader: FileReader = readOnThisThread(job.candidates.map((c) => c.path))): LintedShare {
  const linted: Linted[] = [];
  for (;;) {
    const start = Atomics.add(job.next, 0, CHUNK);
    if (start >= job.candidates.length) return { linted };
    for (let index = start; index < Math.min(start + CHUNK, job.candidates.length); index++) {
      let file: SourceFile | undefined;
      try {
        file = sourceOf(job.candidates[index]!, reader.read(index));
      } catch (error) {
        Atomics.store(job.next, 0, job.candidates.length); // everyone stops: the command fails anyway
        return { unreadable: (error as Error).message };
      }
      if (!file) continue;
      const lint = lintFile(file);
      linted.push(lint.diagnostics.length > 0 || lint.suppressions.length > 0 ? { index, lint, text: file.text } : { index, lint });
    }
  }
}

function startWorker(job: LintJob): Promise<LintedShare> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry("lint-worker.ts", new URL("../bin/lint-worker.js", import.meta.url)));
    worker.once("message", (share: LintedShare) => resolve(share));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`a lint worker exited with code ${code} before answering`)));
    worker.postMessage(job);
  });
}

/**
 * Worker threads to start (HDLP_LINT_WORKERS overrides): one for every two
 * idle cores beyond the two the main thread needs, at most 3. Two per thread,
 * because a fresh thread runs its first few thousand files unoptimised while
 * V8 compiles its code on another core: on 2 idle cores one worker made
 * 10,000 files slower (0.93 s against 0.80 s, `pnpm bench lint`), its
 * compiler and the main thread's fighting over the second core. "Idle" is
 * by the 1-minute load average: a busy machine gives a thread no more CPU.
 */
export function workerCount(cores: number, load: number): number {
  const idle = cores - load;
  return Math.max(0, Math.min(MAX_WORKERS, Math.floor(idle / 2) - 1));
}

function workersToStart(): number {
  const setting = process.env.HDLP_LINT_WORKERS;
  if (setting !== undefined && /^\d+$/.test(setting)) return Number(setting);
  return workerCount(availableParallelism(), loadavg()[0]!);
}

/**
 * Whether the main thread, linting alone, has its files read ahead by a reader
 * thread (./read-ahead.ts; HDLP_READ_AHEAD=0 or 1 overrides): on many files,
 * when a second core can do the reads. Its compiler shares that core, but a
 * reader is mostly system calls, a little code that needs no warming up.
 */
function readsAhead(files: number): boolean {
  const setting = process.env.HDLP_READ_AHEAD;
  if (setting === "0" || setting === "1") return setting === "1";
  return files >= READ_AHEAD_FROM && availableParallelism() >= 2;
}

export interface LintRun {
  /** The files that exist, in candidate order, with their diagnostics. */
  readonly results: LintedFile[];
  /** Their texts, where a report or a fix needs them (files with diagnostics). */
  readonly texts: ReadonlyMap<string, string>;
}

/** Read and lint every candidate, on several threads when there are many; `extra` joins the rules across files (see ExtraRules). */
export async function lintCandidates(candidates: readonly Candidate[], extra?: ExtraRules): Promise<LintRun> {
  const workers = candidates.length < PARALLEL_FROM ? 0 : workersToStart();
  const job: LintJob = { candidates, next: new Int32Array(new SharedArrayBuffer(4)) };
  const pending = Array.from({ length: workers }, () => startWorker(job));
  let mine: LintedShare;
  if (workers === 0 && readsAhead(candidates.length)) {
    const reader = startReadAhead(candidates.map((c) => c.path));
    try {
      mine = lintClaimedChunks(job, reader);
    } finally {
      reader.close();
    }
  } else {
    mine = lintClaimedChunks(job);
  }
  let shares: LintedShare[];
  try {
    shares = [mine, ...(await Promise.all(pending))];
  } catch {
    // A worker that failed took its claimed chunks with it: do everything here instead.
    shares = [lintClaimedChunks({ candidates, next: new Int32Array(new SharedArrayBuffer(4)) })];
  }
  const byIndex = new Array<Linted | undefined>(candidates.length);
  for (const share of shares) {
    if ("unreadable" in share) throw new UsageError(share.unreadable);
    for (const linted of share.linted) byIndex[linted.index] = linted;
  }
  const present = byIndex.filter((linted): linted is Linted => linted !== undefined);
  const texts = new Map<string, string>();
  for (const linted of present) if (linted.text !== undefined) texts.set(linted.lint.path, linted.text);
  const results = combineLints(
    present.map((linted) => linted.lint),
    extra,
  );
  // The rules across files can find something in a file that had nothing of its own: read those few again.
  for (const result of results) {
    if (result.diagnostics.length > 0 && !texts.has(result.path)) texts.set(result.path, readCandidate({ path: result.path, named: true })!.text);
  }
  return { results, texts };
}
