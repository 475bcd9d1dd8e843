/**
 * The audit log: every call, whether it ran, failed, was refused or named no
 * tool, appended as one JSON line, so a person sees what the agent saw
 * (§3: 铸渊和人类同时看到失败回执).
 *
 * Never a secret: the runtime's tokens (and any `HDLP_*` secret in the
 * environment) are masked wherever they appear, and a param whose name says
 * it is a secret is logged as `***`. The tool's output is not logged, only
 * its size; the error text is, up to a bound.
 */
import { appendFile } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { promisify } from "node:util";
import type { RuntimeConfig } from "../executors/executor.ts";
import { MASK, maskSecrets } from "../executors/http/secrets.ts";

export type CallOutcome = "ok" | "failed" | "timed-out" | "not-found" | "invalid-params" | "not-confirmed";

export interface AuditRecord {
  /** ISO 8601, UTC. */
  readonly time: string;
  readonly tool: string;
  readonly method?: string;
  readonly executor?: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly ok: boolean;
  readonly outcome: CallOutcome;
  readonly exit_code?: number;
  readonly duration_ms: number;
  readonly output_bytes: number;
  readonly truncated?: boolean;
  readonly error?: string;
}

export interface AuditLog {
  readonly path: string;
  append(record: AuditRecord): Promise<void>;
}

/** Error text kept per record: enough to see what failed, bounded so one runaway stderr cannot bloat the log. */
const MAX_ERROR_CHARS = 4096;
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
  return {
    path,
    async append(record) {
      ready ??= mkdir(dirname(path), { recursive: true });
      await ready;
      await appendLine(path, `${JSON.stringify(maskDeep(redact(record), secrets))}\n`, { encoding: "utf8", mode: 0o600 });
    },
  };
}

function redact(record: AuditRecord): AuditRecord {
  const params = Object.fromEntries(Object.entries(record.params).map(([name, value]) => [name, SECRET_PARAM.test(name) ? MASK : value]));
  const error = record.error !== undefined && record.error.length > MAX_ERROR_CHARS ? `${record.error.slice(0, MAX_ERROR_CHARS)}…` : record.error;
  return { ...record, params, ...(error === undefined ? {} : { error }) };
}

function maskDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === "string") return maskSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, secrets)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskDeep(item, secrets)])) as T;
  }
  return value;
}

function knownSecrets(config: RuntimeConfig | undefined, env: NodeJS.ProcessEnv): string[] {
  const endpoints = config ? [...config.gatekeepers, config.api, config.forgejo] : [];
  const fromConfig = endpoints.map((e) => e?.token);
  const fromEnv = Object.entries(env).filter(([name]) => SECRET_ENV.test(name)).map(([, value]) => value);
  // Longest first, so a token that contains another is masked whole.
  return [...fromConfig, ...fromEnv].filter((s): s is string => typeof s === "string" && s.length > 0).sort((a, b) => b.length - a.length);
}
