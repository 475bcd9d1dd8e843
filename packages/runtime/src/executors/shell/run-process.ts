/**
 * Runs one argv with the limits every tool gets: its own process group, a
 * timeout that stops the whole group, and output counted while it streams so
 * memory stays bounded whatever the program writes.
 */
import { execa } from "execa";
import { CappedBytes } from "../common/capped-bytes.ts";
import { terminateGroup, trackGroup } from "./process-group.ts";

export interface ProcessLimits {
  readonly timeoutMs: number;
  /** Per stream: stdout and stderr are each kept up to this many bytes. */
  readonly maxOutputBytes: number;
  /** Between SIGTERM and SIGKILL to the group. */
  readonly killGraceMs: number;
  readonly signal?: AbortSignal;
  /** Told the size of each chunk of stdout or stderr as it arrives. */
  readonly onOutput?: (bytes: number) => void;
}

export interface ProcessOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly truncated: boolean;
  readonly exitCode?: number;
  readonly signal?: string;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** Set when the program could not be started at all (not found, bad cwd …). */
  readonly startError?: string;
}

export async function runProcess(argv: readonly string[], cwd: string | undefined, env: Record<string, string>, limits: ProcessLimits): Promise<ProcessOutcome> {
  if (limits.signal?.aborted) return { stdout: "", stderr: "", truncated: false, timedOut: false, aborted: true };
  const [file, ...args] = argv as [string, ...string[]];
  // execa as a thin spawn: no buffering, decoding or newline stripping of its own (our capped sink
  // reads the raw bytes), no rejection (the outcome is read from the result), no cleanup hook (the
  // group is detached; process-group.ts kills what is left when the host exits), no verbose logging.
  const subprocess = execa(file, args, {
    ...(cwd === undefined ? {} : { cwd }),
    env,
    extendEnv: false,
    detached: true,
    stdin: "ignore",
    buffer: false,
    encoding: "buffer",
    reject: false,
    stripFinalNewline: false,
    cleanup: false,
  });
  const stdout = new CappedBytes(limits.maxOutputBytes);
  const stderr = new CappedBytes(limits.maxOutputBytes);
  const onOutput = limits.onOutput;
  subprocess.stdout?.on("data", onOutput ? (chunk: Buffer) => (stdout.push(chunk), onOutput(chunk.length)) : (chunk: Buffer) => stdout.push(chunk));
  subprocess.stderr?.on("data", onOutput ? (chunk: Buffer) => (stderr.push(chunk), onOutput(chunk.length)) : (chunk: Buffer) => stderr.push(chunk));

  const pgid = subprocess.pid;
  const untrack = pgid === undefined ? () => {} : trackGroup(pgid);
  let timedOut = false;
  let aborted = false;
  const stopping: Promise<void>[] = [];
  const stop = () => {
    if (pgid !== undefined) stopping.push(terminateGroup(pgid, limits.killGraceMs));
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, limits.timeoutMs);
  const onAbort = () => {
    aborted = true;
    stop();
  };
  limits.signal?.addEventListener("abort", onAbort, { once: true });
  // The call lasts as long as the group: what the leader left running in the background is stopped
  // when it exits (and must be, or a grandchild holding the pipes would keep the call open). From
  // then on the end is bounded by the grace period, so the timeout no longer applies.
  subprocess.once("exit", () => {
    clearTimeout(timer);
    stop();
  });

  const result = await subprocess;
  clearTimeout(timer);
  limits.signal?.removeEventListener("abort", onAbort);
  await Promise.all(stopping);
  untrack();

  const started = pgid !== undefined;
  return {
    stdout: stdout.text(),
    stderr: stderr.text(),
    truncated: stdout.truncated || stderr.truncated,
    ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
    ...(result.signal === undefined ? {} : { signal: result.signal }),
    timedOut,
    aborted,
    ...(started ? {} : { startError: result.originalMessage || result.shortMessage }),
  };
}
