/**
 * Forgejo's REST API as both of its users here speak it: the git-forgejo
 * executor and the registry read from a repository (registry/forgejo/).
 * Requests are relative to `{url}/api/v1`, with the paths and shapes of
 * Forgejo's published OpenAPI document (templates/swagger/v1_json.tmpl in its
 * source; the parts used are vendored in test/fakes/forgejo-openapi.json).
 */
import type { Endpoint, ExecutionResult } from "../executor.ts";
import type { HttpVerb } from "@hdlp/parser";
import { type BodySink, type HttpAnswer, type HttpOutcome, sendHttp } from "../http/client.ts";
import type { Deadline } from "../http/deadline.ts";
import { endpointAccess, type EndpointAccess, statusFailure } from "../http/remote.ts";
import { joinUrl, type ListFormat, pathSegment, type Query } from "../http/url.ts";

export interface ForgejoRequest {
  readonly method: HttpVerb;
  /** Under /api/v1, already encoded (each value through pathSegment or filePath). */
  readonly path: string;
  readonly query?: Query;
  /** Query params whose list goes as one comma-separated value (the spec's `collectionFormat`). */
  readonly lists?: Readonly<Record<string, ListFormat>>;
  /** Sent as JSON; undefined members are left out. */
  readonly body?: Readonly<Record<string, unknown>>;
}

/** A repository as git-forgejo names it: `owner/name`. */
export const REPO_NAME = /^[^/\s]+\/[^/\s]+$/;

/** `/repos/{owner}/{repo}`, each part checked and encoded. */
export function repoPath(repo: string, param = "repo"): string {
  const [owner = "", name = ""] = repo.split("/");
  return `/repos/${pathSegment(owner, param)}/${pathSegment(name, param)}`;
}

/** One Forgejo server as a client: its URL and credentials (http/remote.ts), and the deadline of the work it is part of. */
export class ForgejoClient {
  readonly access: EndpointAccess;

  constructor(readonly endpoint: Endpoint) {
    this.access = endpointAccess(endpoint, "token");
  }

  /** The request's URL, as sent and shown. */
  url(request: ForgejoRequest): string {
    return joinUrl(this.access.base, `/api/v1${request.path}`, request.query, request.lists);
  }

  send(request: ForgejoRequest, sink: BodySink, deadline: Deadline): Promise<HttpOutcome> {
    return sendHttp({ method: request.method, url: this.url(request), headers: this.access.headers, body: jsonBody(request), sink }, deadline);
  }

  /** `Forgejo (GET …) answered 404 Not Found: <Forgejo's message>`. */
  failure(request: ForgejoRequest, answer: HttpAnswer): ExecutionResult {
    return statusFailure(`Forgejo (${request.method} ${this.url(request)})`, answer, forgejoMessage(answer.body));
  }
}

export function jsonBody(request: ForgejoRequest): string | undefined {
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

/** Forgejo's errors are `{message, url}`: the message, else the body as it came (a proxy's HTML page says the most). */
function forgejoMessage(body: string): string {
  try {
    const data = JSON.parse(body) as { message?: unknown };
    if (typeof data.message === "string" && data.message) return data.message;
  } catch {
    // Not JSON: the body as it came.
  }
  return body;
}
