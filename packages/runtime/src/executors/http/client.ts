/**
 * The one HTTP client of the remote executors (undici). What it guarantees,
 * whatever the server does:
 *   - one deadline for the whole call (connect, headers and every body byte):
 *     the tool's timeout_ms, not undici's 300 s defaults, which are switched off;
 *   - the body counted while it streams and cut at a byte cap (by its sink);
 *   - redirects never followed (a token is never sent to another host);
 *   - no retry: a POST that may have run something is sent exactly once;
 *   - every failure an error that names the method, the URL and the cause.
 */
import { STATUS_CODES } from "node:http";
import type { HttpVerb } from "@hdlp/parser";
import { request } from "undici";
import type { Deadline } from "./deadline.ts";
import { displayUrl } from "./secrets.ts";

export interface HttpRequest {
  readonly method: HttpVerb;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text; sent with `content-type: application/json`. */
  readonly body?: string;
  /**
   * Where the body goes as it streams: usually `new CappedBytes(max)` (its first
   * max bytes kept, the rest dropped, `truncated`); the gatekeeper's answer goes
   * to its streaming JSON reader.
   */
  readonly sink: BodySink;
}

/** Memory stays bounded by what the sink keeps. CappedBytes is one. */
export interface BodySink {
  /** Takes the next chunk; false once it wants no more (the rest is never read). */
  push(chunk: Buffer): boolean;
  /** What was kept, as text. */
  text(): string;
  readonly truncated: boolean;
}

export type HttpOutcome = HttpAnswer | HttpFailure;

/** The server answered (any status but a redirect). */
export interface HttpAnswer {
  readonly kind: "answered";
  readonly status: number;
  /** Names in lower case, as undici gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
  readonly truncated: boolean;
}

/** No complete answer: refused, timed out, cut off, redirected. `body` is what arrived before. */
export interface HttpFailure {
  readonly kind: "failed";
  readonly error: string;
  readonly body: string;
  readonly truncated: boolean;
  readonly timedOut: boolean;
}

export async function sendHttp(req: HttpRequest, deadline: Deadline): Promise<HttpOutcome> {
  const what = `${req.method} ${displayUrl(req.url)}`;
  const headers: Record<string, string> = { accept: "application/json", ...req.headers };
  if (req.body !== undefined) headers["content-type"] = "application/json";

  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(req.url, {
      method: req.method,
      headers,
      body: req.body,
      signal: deadline.signal,
      // Our deadline covers the whole call; undici's own timers would cut a
      // long tool at 300 s or answer with their own wording.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  } catch (error) {
    return failed(deadline.abortedError(what, 0) ?? `${what} failed: ${describeCause(error)}`, "", false, deadline.timedOut);
  }

  const status = response.statusCode;
  if (status >= 300 && status < 400) {
    // Not read at all: destroyed, with the abort error it raises expected and ignored.
    response.body.on("error", () => {}).destroy();
    const location = response.headers["location"];
    const target = typeof location === "string" ? ` to ${displayUrl(resolveLocation(location, req.url))}` : "";
    return failed(`${what} answered ${statusLine(status)}, a redirect${target}; redirects are not followed`, "", false, false);
  }

  const body = req.sink;
  let received = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (!body.push(chunk)) break; // leaving the loop destroys the stream: the rest is never read
    }
  } catch (error) {
    const message = deadline.abortedError(what, received) ?? `${what} failed while reading the answer (${received} bytes received): ${describeCause(error)}`;
    return failed(message, body.text(), body.truncated, deadline.timedOut);
  }
  return { kind: "answered", status, headers: response.headers, body: body.text(), truncated: body.truncated };
}

/** `404 Not Found`: the status and its standard reason phrase. */
export function statusLine(status: number): string {
  return `${status} ${reason(status)}`;
}

function reason(status: number): string {
  return STATUS_CODES[status] ?? "";
}

/** A Location as an absolute URL when it can be read as one, else as written. */
function resolveLocation(location: string, base: string): string {
  try {
    return new URL(location, base).toString();
  } catch {
    return location;
  }
}

function failed(error: string, body: string, truncated: boolean, timedOut: boolean): HttpFailure {
  return { kind: "failed", error, body, truncated, timedOut };
}

/** `connect ECONNREFUSED 127.0.0.1:4000`: the message, with the code when the message lacks it. */
function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? ` (${describeCause(error.cause)})` : "";
  const withCode = typeof code === "string" && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  return withCode + cause;
}
