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
  /**
   * True when nothing the program starts can outlive it: bubblewrap with a
   * PID namespace and --die-with-parent, whose exit takes the namespace down
   * with every process in it (sandbox/sandbox.ts). Its exit then needs no
   * stopping of the group; the timeout and an abort still stop it.
   */
  readonly containsItsProcesses?: boolean;
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

export async function runProcess(
  argv: readonly string[],
  cwd: string | undefined,
  env: Record<string, string>,
  limits: ProcessLimits,
): Promise<ProcessOutcome> {
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
  const sink = (capped: CappedBytes) => (chunk: Buffer) => {
    capped.push(chunk);
    onOutput?.(chunk.length);
  };
  subprocess.stdout?.on("data", sink(stdout));
  subprocess.stderr?.on("data", sink(stderr));

  const pgid = subprocess.pid;
  const untrack = pgid === undefined ? () => {} : trackGroup(pgid);
  let timedOut = false;
  let aborted = false;
  const stopping: Promise<void>[] = [];
  const stop = () => {
    if (pgid !== undefined) stopping.push(terminateGroup(pgid, limits.killGraceMs));
  };
  const leaderExit = new Promise<LeaderExit>((resolve) => subprocess.once("exit", (code, signal) => resolve({ code, signal })));
  // The call ends when the tool's streams close, or at the timeout (or abort) once its group is
  // stopped: a process that left the group (setsid, setpgrp) may hold the pipes open as long as
  // it likes, and is not waited for (docs/security.md says what the sandbox adds).
  let giveUp!: () => void;
  const givenUp = new Promise<typeof GIVEN_UP>((resolve) => (giveUp = () => resolve(GIVEN_UP)));
  const expire = () => {
    stop();
    void Promise.all(stopping)
      .then(() => Promise.race([leaderExit, sleep(LEADER_EXIT_WAIT_MS)]))
      .then(giveUp);
  };
  const timer = setTimeout(() => {
    timedOut = true;
    expire();
  }, limits.timeoutMs);
  const onAbort = () => {
    aborted = true;
    expire();
  };
  limits.signal?.addEventListener("abort", onAbort, { once: true });
  // What the leader left running in its group is stopped when it exits (a grandchild holding the
  // pipes would keep the call open); the timeout still holds for whatever left the group. A
  // program that contains its processes leaves nothing to stop, and looking would cost a scan of
  // /proc: its group keeps a zombie (the sandbox's init, reparented) that signal 0 cannot tell
  // from a living member.
  if (!limits.containsItsProcesses) void leaderExit.then(stop);

  const settled = await Promise.race([subprocess, givenUp]);
  clearTimeout(timer);
  limits.signal?.removeEventListener("abort", onAbort);
  if (settled === GIVEN_UP) {
    subprocess.stdout?.destroy();
    subprocess.stderr?.destroy();
  }
  await Promise.all(stopping);
  untrack();
  const exit =
    settled === GIVEN_UP ? await Promise.race([leaderExit, sleep(0).then(() => NO_EXIT)]) : { code: settled.exitCode ?? null, signal: settled.signal ?? null };

  const started = pgid !== undefined;
  return {
    stdout: stdout.text(),
    stderr: stderr.text(),
    truncated: stdout.truncated || stderr.truncated,
    ...(exit.code === null ? {} : { exitCode: exit.code }),
    ...(exit.signal === null ? {} : { signal: exit.signal }),
    timedOut,
    aborted,
    ...(started || settled === GIVEN_UP ? {} : { startError: settled.originalMessage || settled.shortMessage }),
  };
}

interface LeaderExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const GIVEN_UP = Symbol("given up waiting for the streams");
const NO_EXIT: LeaderExit = { code: null, signal: null };
/** After its group was stopped, how long the leader's exit is waited for (a process stuck in the kernel may never report it). */
const LEADER_EXIT_WAIT_MS = 1000;
/** A wait that never keeps the host alive by itself. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
