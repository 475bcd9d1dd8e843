/**
 * The audit log: every call, whether it ran, failed, was refused or named no
 * tool, as JSON lines, so a person sees what the agent saw (§3:
 * 铸渊和人类同时看到失败回执). Two lines a call, sharing a call id: one written
 * before anything runs, one when it has ended, so a call whose process dies
 * (killed, out of memory) still leaves the first.
 *
 * Never a secret (secrets.ts): a param holding one is masked whole, a param
 * whose name says it is one is masked, and one inside error text is replaced.
 * The tool's output is not logged, only its size; params and the error text
 * are, each up to a bound that the line says was reached.
 */
import { randomUUID } from "node:crypto";
import { appendFile } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";
import type { CeilingsApplied, Refusal } from "../envelope.ts";
import type { RuntimeConfig } from "../executors/executor.ts";
import { MASK } from "../executors/http/secrets.ts";
import { SecretValues } from "./secrets.ts";

export type CallOutcome = "ok" | "failed" | "timed-out" | "cancelled" | "not-found" | Refusal;

/** What is known when a call starts: what was asked, and by whom. */
export interface CallStart {
  readonly tool: string;
  /** As the caller gave them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The front end's name for who asked (an MCP client's name), when it has one. */
  readonly client?: string;
  /** How the call arrived (`cli`, `stdio`, `http` …), when the front end says. */
  readonly transport?: string;
}

/** How the call ended. */
export interface CallEnd {
  readonly tool: string;
  readonly method?: string;
  readonly executor?: string;
  readonly ok: boolean;
  readonly outcome: CallOutcome;
  readonly exit_code?: number;
  readonly duration_ms: number;
  readonly output_bytes: number;
  readonly truncated?: boolean;
  readonly ceilings_applied?: CeilingsApplied;
  readonly error?: string;
}

export interface AuditLog {
  readonly path: string;
  /** Writes the line of a call that starts; the call's handle writes the line of its end. */
  /** `secrets`: values of the named tool's own secrets, masked like the runtime's tokens. */
  begin(call: CallStart, options?: { readonly secrets?: readonly string[] }): Promise<AuditedCall>;
}

export interface AuditedCall {
  /** The call id both lines carry. */
  readonly id: string;
  /** `secrets`: values of this call's own secrets (the tool's, read when it started), masked like the runtime's tokens. */
  end(call: CallEnd, options?: { readonly secrets?: readonly string[] }): Promise<void>;
}

/** A param's value is kept up to this many characters (its JSON text, when it is not a string). */
export const MAX_PARAM_CHARS = 1024;
/** Error text kept per call: enough to see what failed, bounded so one runaway stderr cannot bloat the log. */
export const MAX_ERROR_CHARS = 4096;
const SECRET_PARAM = /token|secret|password|passwd|credential|authorization|api[-_]?key|private[-_]?key/i;
const SECRET_ENV = /^HDLP_.*(TOKEN|SECRET|PASSWORD|KEY)/;

export interface AuditLogOptions {
  /** Tokens of the runtime, masked wherever they appear. */
  readonly config?: RuntimeConfig;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Opened, appended and closed per line, so a log rotated away is followed. The
 * callback form: fs/promises' appendFile wraps the same three calls in a
 * FileHandle and a promise each, more work per line for the same effect.
 */
const appendLine = promisify(appendFile);

export function openAuditLog(path: string, options: AuditLogOptions = {}): AuditLog {
  const secrets = knownSecrets(options.config, options.env ?? process.env);
  let ready: Promise<unknown> | undefined;
  const write = async (line: object) => {
    ready ??= mkdir(dirname(path), { recursive: true });
    await ready;
    await appendLine(path, `${JSON.stringify(line)}\n`, { encoding: "utf8", mode: 0o600 });
  };
  return {
    path,
    async begin(call, extra) {
      const id = randomUUID();
      const { params, cut } = paramsLine(call.params, secrets.with(extra?.secrets ?? []));
      await write({ event: "start", call: id, time: now(), ...call, params, ...(cut ? { params_cut: cut } : {}) });
      return {
        id,
        async end(ended, extra) {
          const masks = secrets.with(extra?.secrets ?? []);
          const error = ended.error === undefined ? undefined : masks.maskText(ended.error);
          const cutError = error !== undefined && error.length > MAX_ERROR_CHARS;
          await write({
            event: "end",
            call: id,
            time: now(),
            ...ended,
            ...(error === undefined ? {} : { error: cutError ? error.slice(0, MAX_ERROR_CHARS) : error }),
            ...(cutError ? { error_cut: error.length } : {}),
          });
        },
      };
    },
  };
}

const now = () => new Date().toISOString();

/** The params as logged: secrets masked first (so a cut never keeps half of one), then each cut to its bound. */
function paramsLine(given: Readonly<Record<string, unknown>>, secrets: SecretValues): { params: Record<string, unknown>; cut?: Record<string, number> } {
  const params: Record<string, unknown> = {};
  const cut: Record<string, number> = {};
  for (const [name, value] of Object.entries(given)) {
    const masked = SECRET_PARAM.test(name) ? MASK : secrets.maskValue(value);
    const text = typeof masked === "string" ? masked : (JSON.stringify(masked) ?? "");
    if (text.length > MAX_PARAM_CHARS) {
      params[name] = text.slice(0, MAX_PARAM_CHARS);
      cut[name] = text.length;
    } else params[name] = masked;
  }
  return Object.keys(cut).length ? { params, cut } : { params };
}

function knownSecrets(config: RuntimeConfig | undefined, env: NodeJS.ProcessEnv): SecretValues {
  const endpoints = config ? [...config.gatekeepers, config.api, config.forgejo] : [];
  const fromEnv = Object.entries(env)
    .filter(([name]) => SECRET_ENV.test(name))
    .map(([, value]) => value);
  return new SecretValues([...endpoints.map((e) => e?.token), ...fromEnv]);
}
