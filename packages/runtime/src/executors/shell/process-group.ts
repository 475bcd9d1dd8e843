/**
 * A tool runs as the leader of its own process group (spawned `detached`), so
 * everything it starts, pipelines and background jobs included, shares one
 * group id and can be stopped together: SIGTERM to the group, then SIGKILL to
 * whatever is still there after a grace period.
 */
import { readdirSync, readFileSync } from "node:fs";

const POLL_MS = 10;

/**
 * True while a living process of the group exists. `kill(-pgid, 0)` also
 * counts zombies (dead, waiting for init to reap them, which can take
 * seconds in a container), so where /proc exists a positive answer is
 * checked against the members' states.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    // EPERM: a member exists but is no longer ours to signal; it is alive all the same.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return livingMemberInProc(pgid) ?? true;
}

/** undefined when /proc cannot tell (not Linux). */
function livingMemberInProc(pgid: number): boolean | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "latin1");
    } catch {
      continue; // it exited while we looked
    }
    // `pid (comm) state ppid pgrp …`; comm may hold spaces and parentheses, so read after the last `)`.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
  }
  return false;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}

/** SIGTERM to the group, SIGKILL after `graceMs` if any member is left; resolves when none is alive. */
export async function terminateGroup(pgid: number, graceMs: number): Promise<void> {
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(POLL_MS);
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, "SIGKILL");
  // SIGKILL cannot be caught or ignored: the wait is only for the kernel to deliver it
  // (bounded, for a process stuck in uninterruptible sleep on a dead mount).
  const killDeadline = Date.now() + Math.max(graceMs, 1000);
  while (groupAlive(pgid) && Date.now() < killDeadline) await sleep(POLL_MS);
}

/**
 * Groups still running, so that a host exiting mid-call (process.exit, an
 * uncaught error) does not leave them behind: a tool's group is detached, so
 * nothing else would stop it. A host stopped by a signal should abort its
 * calls first (the CLI turns SIGINT and SIGTERM into an AbortSignal).
 */
const running = new Set<number>();
let exitHookInstalled = false;

export function trackGroup(pgid: number): () => void {
  if (!exitHookInstalled) {
    // 'exit' handlers must be synchronous: SIGKILL is the one signal that needs no waiting.
    process.once("exit", killRunningGroups);
    exitHookInstalled = true;
  }
  running.add(pgid);
  return () => running.delete(pgid);
}

/**
 * SIGKILL to the group of every tool still running in this process, at once
 * and with no grace: what a host shutting down does (`hdlp mcp` on stdin's end,
 * SIGTERM or SIGINT), after aborting its calls so that their envelopes and
 * audit lines say they were cancelled.
 */
export function killRunningGroups(): void {
  for (const group of running) signalGroup(group, "SIGKILL");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
