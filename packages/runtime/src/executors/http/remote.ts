/**
 * What the three remote executors share around the client: the credentials
 * and the authorization header, the dry-run description, turning a transport failure or a bad
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

/** How requests reach an endpoint. */
export interface EndpointAccess {
  /** The endpoint's URL without a user name or password: requests are built on it. */
  readonly base: string;
  /** The Authorization header, if any, as sent. */
  readonly headers: Readonly<Record<string, string>>;
  /** The same, as a dry run shows it. */
  readonly shownHeaders: Readonly<Record<string, string>>;
  /** What must never show: the token, the password, the Basic credentials. */
  readonly secrets: readonly string[];
}

/**
 * The token goes as `<scheme> <token>`. A user name and password written into
 * the URL (`https://bob:pw@host`) go as HTTP Basic, as the URL means (Forgejo
 * documents Basic beside its token); a URL that holds them while a token is
 * configured too is refused, since a request carries one Authorization header
 * and silently sending one of the two would hide the other.
 */
export function endpointAccess(endpoint: Endpoint, scheme: AuthScheme): EndpointAccess {
  const url = new URL(endpoint.url);
  if (!url.username && !url.password) {
    const token = endpoint.token;
    return token
      ? { base: endpoint.url, headers: { authorization: `${scheme} ${token}` }, shownHeaders: { authorization: `${scheme} ${MASK}` }, secrets: [token] }
      : { base: endpoint.url, headers: {}, shownHeaders: {}, secrets: [] };
  }
  if (endpoint.token) {
    throw new InvalidCallError(
      `the URL of ${endpoint.name} (${displayUrl(endpoint.url)}) holds a user name and password, and a token is configured for it too; a request carries one Authorization header: remove the password from the URL or the token`,
    );
  }
  const password = decodeURIComponent(url.password);
  const credentials = Buffer.from(`${decodeURIComponent(url.username)}:${password}`, "utf8").toString("base64");
  const secrets = [credentials, ...(password ? [password, url.password] : [])];
  url.username = "";
  url.password = "";
  return { base: url.href, headers: { authorization: `Basic ${credentials}` }, shownHeaders: { authorization: `Basic ${MASK}` }, secrets };
}

/** A call as `hdlp call --dry-run` prints it: the URL as sent, credentials masked, nothing sent. */
export function describeHttp(call: { method: HttpVerb; url: string; body?: string; note?: string }, access: EndpointAccess): DryRun {
  const headers: Record<string, string> = { ...access.shownHeaders };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  return {
    kind: "http",
    method: call.method,
    url: call.url,
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
