/**
 * `executor: shell`: the tool runs on this machine, as an argv (from its
 * `command` template) or as `/bin/sh -c cmd`, with the limits of run-process.
 */
import type { DryRun, ExecutionRequest, ExecutionResult, Executor } from "../executor.ts";
import { shellInvocation } from "./argv.ts";
import { childEnvironment } from "./environment.ts";
import { type ProcessOutcome, runProcess } from "./run-process.ts";

export interface ShellExecutorOptions {
  /** Between SIGTERM and SIGKILL to the tool's process group; 2000 ms by default. */
  readonly killGraceMs?: number;
  /** Where the minimal child environment is taken from; `process.env` by default. */
  readonly hostEnv?: NodeJS.ProcessEnv;
}

export const DEFAULT_KILL_GRACE_MS = 2000;

export function createShellExecutor(options: ShellExecutorOptions = {}): Executor {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  return {
    describe(request: ExecutionRequest): DryRun {
      const { argv, cwd } = shellInvocation(request.tool, request.params);
      return cwd === undefined ? { kind: "process", argv } : { kind: "process", argv, cwd };
    },
    async execute(request: ExecutionRequest): Promise<ExecutionResult> {
      const { argv, cwd } = shellInvocation(request.tool, request.params);
      const outcome = await runProcess(argv, cwd, childEnvironment(options.hostEnv), {
        timeoutMs: request.timeoutMs,
        maxOutputBytes: request.maxOutputBytes,
        killGraceMs,
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onOutput ? { onOutput: request.onOutput } : {}),
      });
      return toResult(argv, cwd, outcome, request.timeoutMs);
    },
  };
}

export const shellExecutor: Executor = createShellExecutor();

function toResult(argv: readonly string[], cwd: string | undefined, outcome: ProcessOutcome, timeoutMs: number): ExecutionResult {
  const common = {
    output: outcome.stdout,
    ...(outcome.truncated ? { truncated: true } : {}),
    ...(outcome.exitCode === undefined ? {} : { exit_code: outcome.exitCode }),
  };
  if (outcome.startError !== undefined) {
    const where = cwd === undefined ? "" : ` in ${cwd}`;
    return { ok: false, ...common, error: `could not start \`${argv[0]}\`${where}: ${outcome.startError}` };
  }
  if (outcome.timedOut || outcome.aborted) {
    const why = outcome.timedOut ? `timed out after ${timeoutMs} ms` : "cancelled";
    const error = `${why}; the tool's process group was stopped` + (outcome.stderr ? `\n${outcome.stderr}` : "");
    return { ok: false, ...common, error, ...(outcome.timedOut ? { timed_out: true } : {}) };
  }
  if (outcome.exitCode === 0) {
    return { ok: true, ...common, error: null, ...(outcome.stderr ? { stderr: outcome.stderr } : {}) };
  }
  // The whole stderr, as the program wrote it; a message of our own only when it wrote none.
  const fallback = outcome.signal ? `killed by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
  return { ok: false, ...common, error: outcome.stderr || fallback };
}
