/**
 * The result envelope: exactly the seed's §2 step 5 fields, plus additive extras.
 * Output and error are raw and complete: never trimmed, never prettified.
 */
export interface Envelope {
  readonly ok: boolean;
  readonly tool: string;
  readonly method: string;
  /** Raw output (stdout, or the HTTP body), UTF-8 decoded, up to max_output_bytes. */
  readonly output: string;
  /** Raw error text (the whole stderr, the HTTP status and body, …); null when ok. */
  readonly error: string | null;
  readonly duration_ms: number;
  /** False only when no tool of that name (or intent) exists. */
  readonly found?: boolean;
  readonly exit_code?: number;
  /** True when output was cut at max_output_bytes while streaming. */
  readonly truncated?: boolean;
  /** Stderr of a run that succeeded (warnings, progress), when not empty; on failure stderr is `error`. */
  readonly stderr?: string;
  /** True when the run was stopped at its timeout (the whole process group killed). */
  readonly timed_out?: boolean;
  /** For a page of a remote list (git-forgejo): how many items the whole list holds, when the server says. */
  readonly total_count?: number;
  /** For a page of a remote list: whether a further page exists (call again with `page` + 1). */
  readonly has_more?: boolean;
  /** Why nothing ran although the tool exists: params that do not fit, or no confirmation. */
  readonly refused?: "invalid-params" | "not-confirmed";
  /** With found:false: "此工具尚不在仓库中，需铸渊新建". */
  readonly suggestion?: string;
  /** With found:false on an exact call: the closest registered names. */
  readonly did_you_mean?: readonly string[];
}

export { NOT_FOUND_SUGGESTION } from "@hdlp/match";
