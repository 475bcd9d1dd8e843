/**
 * What every executor implements. The call pipeline (../call/) validates
 * params, asks for confirmation, enforces nothing about transport, and wraps
 * the result in the envelope with timing and the audit log; an executor only
 * turns a validated call into a process or a request and reports what came back.
 */
import type { ToolModel } from "@hdlp/parser";
import type { Ceilings, McpPolicy, RegistrySource, SandboxPolicy, ToolPolicy, ToolSecrets } from "../config/policy.ts";

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
  /**
   * The secrets the operator maps to this tool (variable name → value), read
   * when the call starts: they reach only this tool's environment and are
   * masked in its output.
   */
  readonly secrets?: Readonly<Record<string, string>>;
}

export interface ExecutionResult {
  readonly ok: boolean;
  readonly output: string;
  readonly error: string | null;
  readonly exit_code?: number;
  readonly truncated?: boolean;
  /** Stderr of a run that succeeded (warnings, progress), when not empty: never hidden, never mixed into output. */
  readonly stderr?: string;
  /** True when the run was stopped at its timeout. */
  readonly timed_out?: boolean;
  /** A paged list's total, from the server's paging headers (executors/http/paging.ts). */
  readonly total_count?: number;
  /** Whether the server has a further page of the list. */
  readonly has_more?: boolean;
}

/** What `hdlp call --dry-run` prints: exactly what would run, secrets masked. */
export type DryRun =
  | { readonly kind: "process"; readonly argv: readonly string[]; readonly cwd?: string }
  | {
      readonly kind: "http";
      readonly method: string;
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly body?: string;
      /** What the request alone does not show (git-forgejo's file.update first reads the current sha). */
      readonly note?: string;
    };

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
  /** The hdlp.config.json that was read (or looked for), so a "not configured" error can name it. */
  readonly configPath?: string;
  /** The operator's controls (config/policy.ts); absent: the defaults there. */
  readonly registry?: RegistrySource;
  readonly tools?: ToolPolicy;
  readonly ceilings?: Ceilings;
  readonly secrets?: ToolSecrets;
  readonly sandbox?: SandboxPolicy;
  readonly mcp?: McpPolicy;
}

/**
 * A call that cannot be run as asked (a value that would be read as an option,
 * a missing `cmd`, a repository the config cannot supply …): thrown by
 * `describe` or `execute` before anything runs. The pipeline turns it into
 * `ok:false` with `refused: "invalid-params"`; `param` names the culprit.
 */
export class InvalidCallError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = "InvalidCallError";
  }
}
