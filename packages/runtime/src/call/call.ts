/**
 * The exact call `{tool, params}` (the seed's §1 mode 1), one pipeline for
 * every executor:
 *
 *   the operator's policy allows the name → look it up → validate params
 *   (defaults applied) → limits within the operator's ceilings → the tool's
 *   secrets read → confirm when the tool requires it, showing exactly what
 *   will run → execute within the timeout → the envelope, the tool's secrets
 *   masked → one audit line.
 *
 * Only a registered tool that the operator allows runs; a call that is refused runs nothing; every
 * outcome, refusals included, is an envelope and an audit line, never an
 * exception.
 */
import type { ToolModel } from "@hdlp/parser";
import type { AuditLog, CallOutcome, CallStart } from "../audit/audit-log.ts";
import { type ToolAccess, toolAccess, visibleTools } from "../config/tool-access.ts";
import { type ResolvedSecrets, resolveToolSecrets } from "../config/tool-secrets.ts";
import { type CeilingsApplied, type Envelope, NOT_FOUND_SUGGESTION, type Refusal } from "../envelope.ts";
import { type DryRun, type ExecutionRequest, type ExecutionResult, type Executor, RefusedCallError, type RuntimeConfig } from "../executors/executor.ts";
import { maskResult } from "../executors/http/secrets.ts";
import { EXECUTORS, type ExecutorTable } from "../executors/index.ts";
import { ToolSourceError } from "../registry/tool-index.ts";
import type { ToolIndex } from "../registry/tool-index.ts";
import { withinCeilings } from "./ceilings.ts";
import { closestNames } from "./closest-names.ts";
import { formatDryRun } from "./dry-run.ts";
import { checkParams } from "./params-schema.ts";

export interface ToolCall {
  readonly tool: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** What a confirm callback is shown: exactly what will run. */
export interface ConfirmRequest {
  readonly tool: ToolModel;
  /** Validated, defaults applied. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly dryRun: DryRun;
  /** `dryRun` as a person reads it (formatDryRun). */
  readonly text: string;
}

export interface CallOptions {
  /** The operator's configuration: endpoints and tokens, the tools policy, ceilings, secrets. */
  readonly config?: RuntimeConfig;
  /**
   * Which tools may run; by default the config's `tools` policy. A front end
   * that serves fewer passes `toolAccess(config.tools, only)`.
   */
  readonly access?: ToolAccess;
  /** Where the tools' secrets mapped to variables are read (`secrets`: `{"env": …}`); process.env by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** Overrides the tool's `constraints.timeout_ms` (the seed: a long job sets its timeout explicitly), within the operator's ceiling. */
  readonly timeoutMs?: number;
  /** Asked before a `require_confirm: true` tool runs; without it such a tool never runs. */
  readonly confirm?: (request: ConfirmRequest) => boolean | Promise<boolean>;
  /** Two lines a call: when it starts and when it ends (audit/audit-log.ts). */
  readonly audit?: AuditLog;
  /** Who asked and how, as the front end names them: written in the audit line of the call's start. */
  readonly origin?: Pick<CallStart, "client" | "transport">;
  /** Called when the audit line cannot be written (the call's envelope is returned all the same). */
  readonly onAuditError?: (error: Error) => void;
  readonly executors?: ExecutorTable;
  /** A named endpoint where the config lists several (`--target`). */
  readonly target?: string;
  readonly signal?: AbortSignal;
  /** Told what the caller should know though calls go on (shell tools running unconfined, said once). */
  readonly onWarning?: (message: string) => void;
  /** Told the size of each piece of output as it arrives (the shell executor's; remote executors answer at once). */
  readonly onOutput?: (bytes: number) => void;
}

/** Where calls find their tools; `invalid`, when given, lets a call of a broken tool say what is wrong with it. */
export type ToolLookup = Pick<ToolIndex, "get" | "tools"> & Partial<Pick<ToolIndex, "invalid">>;

const EMPTY_CONFIG: RuntimeConfig = { gatekeepers: [] };

/** A call that may run: the tool exists, the operator allows it, its params are valid and its secrets were read. */
export interface PreparedCall {
  readonly tool: ToolModel;
  readonly executor: Executor;
  readonly request: ExecutionRequest;
  /** The limits the operator's ceilings lowered, for the envelope. */
  readonly ceilingsApplied?: CeilingsApplied;
}

/** An envelope and how the call ended, for the audit log. */
export interface SettledCall {
  readonly envelope: Envelope;
  readonly outcome: CallOutcome;
}

/**
 * Everything short of running: lookup, params, executor. Returns the call
 * ready to run, or the envelope of its refusal. `hdlp call --dry-run` stops
 * here and prints `executor.describe(request)`.
 */
export function prepareCall(index: ToolLookup, call: ToolCall, options: CallOptions = {}): PreparedCall | SettledCall {
  return prepare(index, call, options);
}

/** prepareCall, with the tool's secrets when the caller has read them already (callTool: its audit line masks them). */
function prepare(index: ToolLookup, call: ToolCall, options: CallOptions, resolved?: ResolvedSecrets): PreparedCall | SettledCall {
  const started = performance.now();
  const config = options.config ?? EMPTY_CONFIG;
  const access = options.access ?? toolAccess(config.tools);
  if (!access.allows(call.tool)) {
    // Checked before the lookup, so that the answer is the same whether or not such a tool is registered.
    const error = `\`${call.tool}\` is not allowed by the operator's policy (\`tools\` in hdlp.config.json); nothing was run`;
    return {
      outcome: "not-permitted",
      envelope: { ok: false, tool: call.tool, method: "", output: "", error, duration_ms: elapsed(started), refused: "not-permitted" },
    };
  }
  const registered = index.get(call.tool);
  if (!registered) {
    const near = closestNames(
      call.tool,
      visibleTools(index.tools, access).map((t) => t.name),
    );
    return {
      outcome: "not-found",
      envelope: {
        ok: false,
        tool: call.tool,
        method: "",
        output: "",
        error: `no tool named \`${call.tool}\` is registered${unregistered(index, call.tool) ?? (near.length ? `; did you mean ${near.map((n) => `\`${n}\``).join(", ")}?` : "")}`,
        duration_ms: elapsed(started),
        found: false,
        suggestion: NOT_FOUND_SUGGESTION,
        ...(near.length ? { did_you_mean: near } : {}),
      },
    };
  }
  // What the tool's source says now, not what the index remembers (docs/security.md).
  let tool: ToolModel;
  try {
    tool = registered.load ? registered.load() : registered.model;
  } catch (error) {
    if (!(error instanceof ToolSourceError)) throw error;
    return refuse({ name: registered.name, method: registered.model.method }, "invalid-tool", `\`${registered.name}\` was not run: ${error.message}`, started);
  }
  const checked = checkParams(tool, call.params ?? {});
  if (!checked.ok) return refuse(tool, "invalid-params", `invalid params for \`${tool.name}\`: ${checked.problems.join("; ")}`, started);
  const executor = (options.executors ?? EXECUTORS)[tool.executor];
  if (!executor) return { outcome: "failed", envelope: failure(tool, `the executor \`${tool.executor}\` is not available in this runtime`, started) };
  if (options.timeoutMs !== undefined && (!Number.isInteger(options.timeoutMs) || options.timeoutMs <= 0)) {
    throw new RangeError(`timeoutMs must be a whole number of milliseconds above 0, not ${options.timeoutMs}`);
  }
  const limits = withinCeilings(config.ceilings, {
    timeout_ms: options.timeoutMs === undefined ? { value: tool.constraints.timeout_ms, by: "tool" } : { value: options.timeoutMs, by: "caller" },
    max_output_bytes: { value: tool.constraints.max_output_bytes, by: "tool" },
  });
  const secrets = resolved ?? resolveToolSecrets(config.secrets, tool.name, options.env);
  if (!secrets.ok) return refuse(tool, "secret-unavailable", `${secrets.error}; nothing was run`, started);
  const hasSecrets = Object.keys(secrets.values).length > 0;
  if (hasSecrets && !executor.passesSecrets) {
    const error = `the operator maps secrets to \`${tool.name}\`, but its executor (${tool.executor}) cannot hand them to the tool (docs/config.md, \`secrets\`); nothing was run`;
    return refuse(tool, "secret-unavailable", error, started);
  }
  const request: ExecutionRequest = {
    tool,
    params: checked.params,
    timeoutMs: limits.timeoutMs,
    maxOutputBytes: limits.maxOutputBytes,
    config,
    ...(options.target === undefined ? {} : { target: options.target }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...(hasSecrets ? { secrets: secrets.values } : {}),
    ...(options.onOutput ? { onOutput: options.onOutput } : {}),
  };
  return { tool, executor, request, ...(limits.applied ? { ceilingsApplied: limits.applied } : {}) };
}

/** `: tools/x/TOOL.hdlp has an error [rule]: …` when the name is the folder of a file that could not be registered. */
function unregistered(index: ToolLookup, name: string): string | undefined {
  const file = index.invalid?.find((tool) => tool.folder === name);
  const why = file?.diagnostics.find((d) => d.severity === "error");
  return file && why ? `: ${file.path} has an error [${why.rule}]: ${why.message}` : undefined;
}

export function isPrepared(prepared: PreparedCall | SettledCall): prepared is PreparedCall {
  return "request" in prepared;
}

/**
 * What the prepared call would run (secrets masked), or the refusal when the
 * executor cannot build it: its message, and the envelope a real call would
 * have returned (`refused` saying why), for a front end that prints envelopes.
 */
export function describeCall(prepared: PreparedCall): { ok: true; dryRun: DryRun; text: string } | { ok: false; error: string; envelope: Envelope } {
  const started = performance.now();
  try {
    const dryRun = prepared.executor.describe(prepared.request);
    return { ok: true, dryRun, text: formatDryRun(dryRun) };
  } catch (error) {
    if (error instanceof RefusedCallError)
      return { ok: false, error: error.message, envelope: refuse(prepared.tool, error.refusal, error.message, started).envelope };
    throw error;
  }
}

/**
 * Runs a call through the whole pipeline; always resolves to an envelope. With
 * an audit log, its first line is written before anything runs, the second
 * once the call has ended.
 */
export async function callTool(index: ToolLookup, call: ToolCall, options: CallOptions = {}): Promise<Envelope> {
  const started = performance.now();
  // Read once, before the start line: a caller may pass a secret of the named tool as a param, and the line
  // masks it; one that cannot be read has no value to leak (the call is then refused).
  const ownSecrets = resolveToolSecrets(options.config?.secrets, call.tool, options.env);
  const audited = options.audit
    ? await audit(options, () =>
        options.audit!.begin(
          { tool: call.tool, params: call.params ?? {}, ...options.origin },
          { secrets: ownSecrets.ok ? Object.values(ownSecrets.values) : [] },
        ),
      )
    : undefined;
  const { envelope, outcome, secrets } = await settle(index, call, options, ownSecrets, started);
  if (audited) {
    const ended = {
      tool: call.tool,
      ...(envelope.found === true ? { method: envelope.method, executor: index.get(call.tool)?.model.executor } : {}),
      ok: envelope.ok,
      outcome,
      ...(envelope.exit_code === undefined ? {} : { exit_code: envelope.exit_code }),
      duration_ms: envelope.duration_ms,
      output_bytes: Buffer.byteLength(envelope.output),
      ...(envelope.truncated ? { truncated: true } : {}),
      ...(envelope.ceilings_applied ? { ceilings_applied: envelope.ceilings_applied } : {}),
      ...(envelope.error === null ? {} : { error: envelope.error }),
    };
    await audit(options, () => audited.end(ended, { secrets }));
  }
  return envelope;
}

/** A line that cannot be written changes nothing of the call: the caller is told. */
async function audit<T>(options: CallOptions, write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    options.onAuditError?.(error as Error);
    return undefined;
  }
}

/** How the call ended, and the values of the tool's secrets (the audit line masks them too). */
async function settle(
  index: ToolLookup,
  call: ToolCall,
  options: CallOptions,
  ownSecrets: ResolvedSecrets,
  started: number,
): Promise<SettledCall & { secrets: readonly string[] }> {
  const prepared = prepare(index, call, options, ownSecrets);
  if (!isPrepared(prepared)) return { ...prepared, secrets: [] };
  const secrets = Object.values(prepared.request.secrets ?? {});
  return { ...(await run(prepared, secrets, options, started)), secrets };
}

async function run(prepared: PreparedCall, secrets: readonly string[], options: CallOptions, started: number): Promise<SettledCall> {
  const { tool, executor, request } = prepared;

  if (tool.constraints.require_confirm) {
    const described = describeCall(prepared);
    if (!described.ok) return { outcome: described.envelope.refused!, envelope: described.envelope };
    const confirmed = options.confirm ? await options.confirm({ tool, params: request.params, dryRun: described.dryRun, text: described.text }) : false;
    if (!confirmed) {
      const why = options.confirm ? "the call was not confirmed" : "no confirmation was given";
      return refuse(tool, "not-confirmed", `\`${tool.name}\` requires confirmation (require_confirm: true) and ${why}; nothing was run`, started);
    }
  }

  let result: ExecutionResult;
  try {
    // A tool may print its own secret (an echo, a failing connection string): whole values are masked before anyone sees them.
    result = maskResult(await executor.execute(request), secrets);
  } catch (error) {
    if (error instanceof RefusedCallError) return refuse(tool, error.refusal, error.message, started);
    // An executor bug or an unexpected system error: reported as the call's failure, never swallowed.
    return { outcome: "failed", envelope: failure(tool, `the ${tool.executor} executor failed: ${(error as Error).stack ?? String(error)}`, started) };
  }
  return {
    // A run stopped by the caller's signal says so, whatever the executor made of the stop.
    outcome: result.ok ? "ok" : result.timed_out ? "timed-out" : request.signal?.aborted ? "cancelled" : "failed",
    envelope: {
      ok: result.ok,
      tool: tool.name,
      method: tool.method,
      output: result.output,
      error: result.ok ? null : (result.error ?? ""),
      duration_ms: elapsed(started),
      found: true,
      ...(result.exit_code === undefined ? {} : { exit_code: result.exit_code }),
      ...(result.truncated ? { truncated: true } : {}),
      ...(result.stderr ? { stderr: result.stderr } : {}),
      ...(result.timed_out ? { timed_out: true } : {}),
      ...(result.total_count === undefined ? {} : { total_count: result.total_count }),
      ...(result.has_more === undefined ? {} : { has_more: result.has_more }),
      ...(prepared.ceilingsApplied ? { ceilings_applied: prepared.ceilingsApplied } : {}),
    },
  };
}

/** What an envelope says of the tool: its name and method. */
type Named = Pick<ToolModel, "name" | "method">;

function refuse(tool: Named, why: Refusal, error: string, started: number): SettledCall {
  return { outcome: why, envelope: { ...failure(tool, error, started), refused: why } };
}

function failure(tool: Named, error: string, started: number): Envelope {
  return { ok: false, tool: tool.name, method: tool.method, output: "", error, duration_ms: elapsed(started), found: true };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
