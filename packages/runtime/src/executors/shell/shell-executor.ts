/**
 * `executor: shell`: the tool runs on this machine, as an argv (from its
 * `command` template) or as `/bin/sh -c cmd`, with the limits of run-process,
 * in the sandbox the operator's policy gives it (sandbox/).
 */
import { DEFAULT_SANDBOX_POLICY } from "../../config/policy.ts";
import type { DryRun, ExecutionRequest, ExecutionResult, Executor, SandboxView } from "../executor.ts";
import { shellInvocation } from "./argv.ts";
import { childEnvironment } from "./environment.ts";
import { type ProcessOutcome, runProcess } from "./run-process.ts";
import { bubblewrap } from "./sandbox/bubblewrap.ts";
import { planSandbox } from "./sandbox/sandbox.ts";

export interface ShellExecutorOptions {
  /** Between SIGTERM and SIGKILL to the tool's process group; 2000 ms by default. */
  readonly killGraceMs?: number;
  /** Where the minimal child environment is taken from; `process.env` by default. */
  readonly hostEnv?: NodeJS.ProcessEnv;
  /** The bubblewrap program; `bwrap` on the runtime's PATH by default. */
  readonly bubblewrapPath?: string;
}

export const DEFAULT_KILL_GRACE_MS = 2000;

export function createShellExecutor(options: ShellExecutorOptions = {}): Executor {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  let warned = false;
  const sandboxOf = (request: ExecutionRequest, cwd: string | undefined): SandboxView =>
    planSandbox({ tool: request.tool, config: request.config, ...(cwd === undefined ? {} : { cwd }), hostCwd: process.cwd() }, () =>
      bubblewrap(options.bubblewrapPath),
    );
  return {
    passesSecrets: true,
    describe(request: ExecutionRequest): DryRun {
      const { argv, cwd } = shellInvocation(request.tool, request.params);
      const sandbox = sandboxOf(request, cwd);
      return cwd === undefined ? { kind: "process", argv, sandbox } : { kind: "process", argv, cwd, sandbox };
    },
    async execute(request: ExecutionRequest): Promise<ExecutionResult> {
      const { argv, cwd } = shellInvocation(request.tool, request.params);
      const sandbox = sandboxOf(request, cwd);
      // The tool's own secrets join the fixed environment for this process alone; bubblewrap starts
      // with exactly that environment, so its init (/proc/1/environ inside) shows nothing more.
      const env = { ...childEnvironment(options.hostEnv), ...request.secrets };
      const limits = {
        timeoutMs: request.timeoutMs,
        maxOutputBytes: request.maxOutputBytes,
        killGraceMs,
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onOutput ? { onOutput: request.onOutput } : {}),
      };
      if (sandbox.kind === "none" && (request.config.sandbox ?? DEFAULT_SANDBOX_POLICY).mode === "on" && !warned) {
        warned = true;
        warn(
          request,
          `shell tools run unconfined: ${sandbox.why}. A tool sees the whole machine as this user does, the network included (sandbox.mode "required" refuses to run instead; docs/security.md).`,
        );
      }
      const outcome =
        sandbox.kind === "bubblewrap"
          ? await runProcess([...sandbox.argv, "--", ...argv], undefined, { ...env, TMPDIR: "/tmp" }, { ...limits, containsItsProcesses: true })
          : await runProcess(argv, cwd, env, limits);
      if (sandbox.kind === "bubblewrap") return toResult(argv, " in its sandbox", sandboxStartError(outcome), request.timeoutMs);
      return toResult(argv, cwd === undefined ? "" : ` in ${cwd}`, outcome, request.timeoutMs);
    },
  };
}

/**
 * bubblewrap's own failure to start the tool (no such program in the view, a
 * working directory it cannot enter) is one `bwrap: …` line and exit 1: read
 * as the tool not starting, as it would be read unconfined.
 */
function sandboxStartError(outcome: ProcessOutcome): ProcessOutcome {
  const said = /^bwrap: (.*)\n?$/.exec(outcome.stderr);
  if (outcome.exitCode !== 1 || outcome.stdout !== "" || !said || said[1]!.includes("\n")) return outcome;
  return { ...outcome, startError: said[1]! };
}

/** To the caller's callback, else as a Node process warning (printed on stderr unless the host listens for it). */
function warn(request: ExecutionRequest, message: string): void {
  if (request.onWarning) request.onWarning(message);
  else process.emitWarning(message, { code: "HDLP_UNCONFINED" });
}

export const shellExecutor: Executor = createShellExecutor();

/** `where`: how a failure to start says where the tool was to run (` in /srv/x`, ` in its sandbox`, or nothing). */
function toResult(argv: readonly string[], where: string, outcome: ProcessOutcome, timeoutMs: number): ExecutionResult {
  const common = {
    output: outcome.stdout,
    ...(outcome.truncated ? { truncated: true } : {}),
    ...(outcome.exitCode === undefined ? {} : { exit_code: outcome.exitCode }),
  };
  if (outcome.startError !== undefined) {
    return { ok: false, ...common, error: `could not start \`${argv[0]}\`${where}: ${outcome.startError}` };
  }
  if (outcome.timedOut || outcome.aborted) {
    const why = outcome.timedOut ? `timed out after ${timeoutMs} ms` : "cancelled";
    const error = `${why}; the tool's process group was stopped${outcome.stderr ? `\n${outcome.stderr}` : ""}`;
    return { ok: false, ...common, error, ...(outcome.timedOut ? { timed_out: true } : {}) };
  }
  if (outcome.exitCode === 0) {
    return { ok: true, ...common, error: null, ...(outcome.stderr ? { stderr: outcome.stderr } : {}) };
  }
  // The whole stderr, as the program wrote it; a message of our own only when it wrote none.
  const fallback = outcome.signal ? `killed by ${outcome.signal}` : `exited with code ${outcome.exitCode}`;
  return { ok: false, ...common, error: outcome.stderr || fallback };
}
