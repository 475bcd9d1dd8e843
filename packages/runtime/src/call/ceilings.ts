/**
 * The operator's ceilings (docs/config.md, `ceilings`): a tool file's
 * `constraints` and a caller's `--timeout` ask; the operator's maxima decide.
 * Asking for more is not an error: the call runs with the ceiling, and its
 * envelope says so (`ceilings_applied`).
 */
import type { Ceilings } from "../config/policy.ts";
import type { CeilingApplied, CeilingsApplied } from "../envelope.ts";

export interface AskedLimit {
  readonly value: number;
  readonly by: CeilingApplied["asked_by"];
}

export interface Limits {
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  /** Absent when nothing was lowered. */
  readonly applied?: CeilingsApplied;
}

export function withinCeilings(ceilings: Ceilings | undefined, asked: { readonly timeout_ms: AskedLimit; readonly max_output_bytes: AskedLimit }): Limits {
  const applied: { -readonly [K in keyof CeilingsApplied]: CeilingApplied } = {};
  const limit = (key: keyof Ceilings): number => {
    const ceiling = ceilings?.[key];
    const { value, by } = asked[key];
    if (ceiling === undefined || value <= ceiling) return value;
    applied[key] = { asked: value, asked_by: by, ceiling };
    return ceiling;
  };
  const timeoutMs = limit("timeout_ms");
  const maxOutputBytes = limit("max_output_bytes");
  return Object.keys(applied).length ? { timeoutMs, maxOutputBytes, applied } : { timeoutMs, maxOutputBytes };
}
