/**
 * The exact call `{tool, params}` (the seed's §1 mode 1), one pipeline for
 * every executor:
 *
 *   look the name up → validate params (defaults applied) → confirm when the
 *   tool requires it, showing exactly what will run → execute within the
 *   timeout → the envelope → one audit line.
 *
 * Only a registered tool runs; a call that is refused runs nothing; every
 * outcome, refusals included, is an envelope and an audit line, never an
 * exception.
 */
import type { ToolModel } from "@hdlp/parser";
import type { AuditLog, CallOutcome } from "../audit/audit-log.ts";
import { type Envelope, NOT_FOUND_SUGGESTION } from "../envelope.ts";
import { type DryRun, type ExecutionRequest, type ExecutionResult, type Executor, InvalidCallError, type RuntimeConfig } from "../executors/executor.ts";
import { EXECUTORS, type ExecutorTable } from "../executors/index.ts";
import { ToolSourceError } from "../registry/forgejo/blob-store.ts";
import type { ToolIndex } from "../registry/tool-index.ts";
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
  /** Endpoints and tokens for the remote executors. */
  readonly config?: RuntimeConfig;
  /** Overrides the tool's `constraints.timeout_ms` (the seed: a long job sets its timeout explicitly). */
  readonly timeoutMs?: number;
  /** Asked before a `require_confirm: true` tool runs; without it such a tool never runs. */
  readonly confirm?: (request: ConfirmRequest) => boolean | Promise<boolean>;
  readonly audit?: AuditLog;
  /** Called when the audit line cannot be written (the call's envelope is returned all the same). */
  readonly onAuditError?: (error: Error) => void;
  readonly executors?: ExecutorTable;
  /** A named endpoint where the config lists several (`--target`). */
  readonly target?: string;
  readonly signal?: AbortSignal;
}

export type ToolLookup = Pick<ToolIndex, "get" | "tools">;

const EMPTY_CONFIG: RuntimeConfig = { gatekeepers: [] };

/** A call that may run: the tool exists and its params are valid. */
export interface PreparedCall {
  readonly tool: ToolModel;
  readonly executor: Executor;
  readonly request: ExecutionRequest;
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
  const started = performance.now();
  const registered = index.get(call.tool);
  if (!registered) {
    const near = closestNames(call.tool, index.tools.map((t) => t.name));
    return {
      outcome: "not-found",
      envelope: {
        ok: false,
        tool: call.tool,
        method: "",
        output: "",
        error: `no tool named \`${call.tool}\` is registered${near.length ? `; did you mean ${near.map((n) => `\`${n}\``).join(", ")}?` : ""}`,
        duration_ms: elapsed(started),
        found: false,
        suggestion: NOT_FOUND_SUGGESTION,
        ...(near.length ? { did_you_mean: near } : {}),
      },
    };
  }
  let tool: ToolModel;
  try {
    tool = registered.load ? registered.load() : registered.model;
  } catch (error) {
    if (!(error instanceof ToolSourceError)) throw error;
    const { model } = registered;
    return { outcome: "failed", envelope: failure(model, `\`${model.name}\` was not run: ${error.message}`, started) };
  }
  const checked = checkParams(tool, call.params ?? {});
  if (!checked.ok) return refuse(tool, "invalid-params", `invalid params for \`${tool.name}\`: ${checked.problems.join("; ")}`, started);
  const executor = (options.executors ?? EXECUTORS)[tool.executor];
  if (!executor) return { outcome: "failed", envelope: failure(tool, `the executor \`${tool.executor}\` is not available in this runtime`, started) };
  const timeoutMs = options.timeoutMs ?? tool.constraints.timeout_ms;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new RangeError(`timeoutMs must be a whole number of milliseconds above 0, not ${timeoutMs}`);
  const request: ExecutionRequest = {
    tool,
    params: checked.params,
    timeoutMs,
    maxOutputBytes: tool.constraints.max_output_bytes,
    config: options.config ?? EMPTY_CONFIG,
    ...(options.target === undefined ? {} : { target: options.target }),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  return { tool, executor, request };
}

export function isPrepared(prepared: PreparedCall | SettledCall): prepared is PreparedCall {
  return "request" in prepared;
}

/**
 * What the prepared call would run (secrets masked), or the refusal when the
 * executor cannot build it: its message, and the envelope a real call would
 * have returned (`refused: "invalid-params"`), for a front end that prints envelopes.
 */
export function describeCall(prepared: PreparedCall): { ok: true; dryRun: DryRun; text: string } | { ok: false; error: string; envelope: Envelope } {
  const started = performance.now();
  try {
    const dryRun = prepared.executor.describe(prepared.request);
    return { ok: true, dryRun, text: formatDryRun(dryRun) };
  } catch (error) {
    if (error instanceof InvalidCallError) return { ok: false, error: error.message, envelope: refuse(prepared.tool, "invalid-params", error.message, started).envelope };
    throw error;
  }
}

/** Runs a call through the whole pipeline; always resolves to an envelope. */
export async function callTool(index: ToolLookup, call: ToolCall, options: CallOptions = {}): Promise<Envelope> {
  const started = performance.now();
  const { envelope, outcome } = await settle(index, call, options, started);
  if (options.audit) {
    try {
      await options.audit.append({
        time: new Date().toISOString(),
        tool: call.tool,
        ...(envelope.found === false ? {} : { method: envelope.method, executor: index.get(call.tool)?.model.executor }),
        params: call.params ?? {},
        ok: envelope.ok,
        outcome,
        ...(envelope.exit_code === undefined ? {} : { exit_code: envelope.exit_code }),
        duration_ms: envelope.duration_ms,
        output_bytes: Buffer.byteLength(envelope.output),
        ...(envelope.truncated ? { truncated: true } : {}),
        ...(envelope.error === null ? {} : { error: envelope.error }),
      });
    } catch (error) {
      options.onAuditError?.(error as Error);
    }
  }
  return envelope;
}

async function settle(index: ToolLookup, call: ToolCall, options: CallOptions, started: number): Promise<SettledCall> {
  const prepared = prepareCall(index, call, options);
  if (!isPrepared(prepared)) return prepared;
  const { tool, executor, request } = prepared;

  if (tool.constraints.require_confirm) {
    const described = describeCall(prepared);
    if (!described.ok) return refuse(tool, "invalid-params", described.error, started);
    const confirmed = options.confirm ? await options.confirm({ tool, params: request.params, dryRun: described.dryRun, text: described.text }) : false;
    if (!confirmed) {
      const why = options.confirm ? "the call was not confirmed" : "no confirmation was given";
      return refuse(tool, "not-confirmed", `\`${tool.name}\` requires confirmation (require_confirm: true) and ${why}; nothing was run`, started);
    }
  }

  let result: ExecutionResult;
  try {
    result = await executor.execute(request);
  } catch (error) {
    if (error instanceof InvalidCallError) return refuse(tool, "invalid-params", error.message, started);
    // An executor bug or an unexpected system error: reported as the call's failure, never swallowed.
    return { outcome: "failed", envelope: failure(tool, `the ${tool.executor} executor failed: ${(error as Error).stack ?? String(error)}`, started) };
  }
  return {
    outcome: result.ok ? "ok" : result.timed_out ? "timed-out" : "failed",
    envelope: {
      ok: result.ok,
      tool: tool.name,
      method: tool.method,
      output: result.output,
      error: result.ok ? null : result.error ?? "",
      duration_ms: elapsed(started),
      found: true,
      ...(result.exit_code === undefined ? {} : { exit_code: result.exit_code }),
      ...(result.truncated ? { truncated: true } : {}),
      ...(result.stderr ? { stderr: result.stderr } : {}),
      ...(result.timed_out ? { timed_out: true } : {}),
      ...(result.total_count === undefined ? {} : { total_count: result.total_count }),
      ...(result.has_more === undefined ? {} : { has_more: result.has_more }),
    },
  };
}

function refuse(tool: ToolModel, why: "invalid-params" | "not-confirmed", error: string, started: number): SettledCall {
  return { outcome: why, envelope: { ...failure(tool, error, started), refused: why } };
}

function failure(tool: ToolModel, error: string, started: number): Envelope {
  return { ok: false, tool: tool.name, method: tool.method, output: "", error, duration_ms: elapsed(started), found: true };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
