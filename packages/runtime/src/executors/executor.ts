/**
 * What every executor implements. The call pipeline (../call/) validates
 * params, asks for confirmation, enforces nothing about transport, and wraps
 * the result in the envelope with timing and the audit log; an executor only
 * turns a validated call into a process or a request and reports what came back.
 */
import type { ToolModel } from "@hdlp/parser";

export interface ExecutionRequest {
  readonly tool: ToolModel;
  /** Validated against params_schema, defaults applied. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  /** Endpoints and tokens (environment wins over hdlp.config.json). */
  readonly config: RuntimeConfig;
  /** Named target where the config lists several (`--target BS-GZ-006`). */
  readonly target?: string;
  readonly signal?: AbortSignal;
}

export interface ExecutionResult {
  readonly ok: boolean;
  readonly output: string;
  readonly error: string | null;
  readonly exit_code?: number;
  readonly truncated?: boolean;
}

/** What `hdlp call --dry-run` prints: exactly what would run, secrets masked. */
export type DryRun =
  | { readonly kind: "process"; readonly argv: readonly string[]; readonly cwd?: string }
  | { readonly kind: "http"; readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body?: string };

export interface Executor {
  execute(request: ExecutionRequest): Promise<ExecutionResult>;
  describe(request: ExecutionRequest): DryRun;
}

/** One remote endpoint; `token` comes from the environment or the config file, never a TOOL file. */
export interface Endpoint {
  readonly name: string;
  readonly url: string;
  readonly token?: string;
}

export interface RuntimeConfig {
  readonly gatekeepers: readonly Endpoint[];
  readonly defaultGatekeeper?: string;
  readonly api?: Endpoint;
  readonly forgejo?: Endpoint;
  /** git-forgejo's repository when a call names none: `owner/name`. */
  readonly forgejoDefaultRepo?: string;
}
