/**
 * Tokens never leave the runtime: not in output, errors, the audit log or a
 * dry run. Requests are built with the real token; everything shown is
 * passed through these functions first.
 */
import type { ExecutionResult } from "../executor.ts";

export const MASK = "***";

/**
 * The shortest value hdlp accepts as a token or a secret: the configuration
 * loader refuses a shorter one. Searching text for a short value would mask
 * text that only shares its characters (a token `a` would turn `echo-arg`
 * into `echo-***rg`), so a shorter value is masked only where a whole value
 * equals it (audit/secrets.ts).
 */
export const MIN_SECRET_LENGTH = 8;

/** Every occurrence of every secret replaced by the mask (a server that echoes a token back included). */
export function maskSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let masked = text;
  for (const secret of secrets) if (secret) masked = masked.split(secret).join(MASK);
  return masked;
}

export function maskResult(result: ExecutionResult, secrets: readonly (string | undefined)[]): ExecutionResult {
  return {
    ...result,
    output: maskSecrets(result.output, secrets),
    error: result.error === null ? null : maskSecrets(result.error, secrets),
    ...(result.stderr === undefined ? {} : { stderr: maskSecrets(result.stderr, secrets) }),
  };
}

/** A URL as it may be shown: a password written into it (`https://user:pw@host`) masked. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = MASK;
    return parsed.toString();
  } catch {
    return url;
  }
}
