/**
 * What the three remote executors share around the client: the authorization
 * header, the dry-run description, turning a transport failure or a bad
 * status into a result, and refusing a gatekeeper target elsewhere.
 */
import { type DryRun, type Endpoint, type ExecutionRequest, type ExecutionResult, InvalidCallError } from "../executor.ts";
import type { HttpVerb } from "@hdlp/parser";
import { type HttpAnswer, type HttpFailure, statusLine } from "./client.ts";
import { displayUrl, MASK } from "./secrets.ts";

/** A call's target chooses among gatekeepers; an executor with one server refuses it rather than ignore it. */
export function refuseTarget(request: Pick<ExecutionRequest, "target">, executor: string): void {
  if (request.target !== undefined) throw new InvalidCallError(`a target ("${request.target}") chooses among gatekeepers; ${executor} has one endpoint`);
}

/** `Authorization: Bearer <token>` (gatekeeper, hlpd-api) or `token <token>` (Forgejo). */
export type AuthScheme = "Bearer" | "token";

export function authHeaders(scheme: AuthScheme, endpoint: Endpoint): Record<string, string> {
  return endpoint.token ? { authorization: `${scheme} ${endpoint.token}` } : {};
}

/** What must never show of an endpoint: its token, and a password written into its URL. */
export function endpointSecrets(endpoint: Endpoint): string[] {
  const secrets = endpoint.token ? [endpoint.token] : [];
  try {
    const password = new URL(endpoint.url).password;
    if (password) secrets.push(password);
  } catch {
    // The config checked the URL; nothing to add.
  }
  return secrets;
}

/** A call as `hdlp call --dry-run` prints it: the token masked, nothing sent. */
export function describeHttp(call: { method: HttpVerb; url: string; body?: string; note?: string }, scheme: AuthScheme, endpoint: Endpoint): DryRun {
  const headers: Record<string, string> = endpoint.token ? { authorization: `${scheme} ${MASK}` } : {};
  if (call.body !== undefined) headers["content-type"] = "application/json";
  return {
    kind: "http",
    method: call.method,
    url: displayUrl(call.url),
    headers,
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(call.note ? { note: call.note } : {}),
  };
}

/** Refused, timed out, cut off or redirected: the error as the client wrote it, and whatever body had arrived. */
export function failureResult(failure: HttpFailure): ExecutionResult {
  return {
    ok: false,
    output: failure.body,
    error: failure.error,
    ...(failure.truncated ? { truncated: true } : {}),
    ...(failure.timedOut ? { timed_out: true } : {}),
  };
}

/** A non-2xx answer: the status and the server's own words, raw. */
export function statusFailure(who: string, answer: HttpAnswer, detail: string = answer.body): ExecutionResult {
  return {
    ok: false,
    output: "",
    error: `${who} answered ${statusLine(answer.status)}${detail ? `: ${detail}` : ""}`,
    ...(answer.truncated ? { truncated: true } : {}),
  };
}

export function isSuccess(answer: HttpAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}
