/**
 * Whether each configured remote executor answers (`hdlp config check`): one
 * short request per server, under a timeout, that runs nothing there. Any
 * HTTP answer means the server is up; a refused connection, a DNS failure or
 * silence past the timeout means it is down, and the check names it.
 *
 *   gatekeeper, hlpd-api   GET {url}                 (their contracts have no status endpoint; any answer will do)
 *   git-forgejo            GET {url}/api/v1/version  (Forgejo's public `getVersion`: `{"version": "…"}`)
 */
import type { ExecutorName } from "@hdlp/parser";
import { type Endpoint, InvalidCallError, type RuntimeConfig } from "../executor.ts";
import { CappedBytes } from "../common/capped-bytes.ts";
import { sendHttp, statusLine } from "./client.ts";
import { withDeadline } from "./deadline.ts";
import { displayUrl, maskSecrets } from "./secrets.ts";
import { joinUrl } from "./url.ts";
import { type EndpointAccess, endpointAccess } from "./remote.ts";

export interface EndpointCheck {
  readonly executor: ExecutorName;
  /** The gatekeeper's name; the executor's for the others. */
  readonly name: string;
  /** As it may be shown (a password in it masked). */
  readonly url: string;
  readonly answered: boolean;
  /** `HTTP 200 OK, Forgejo 11.0.1`, or why it did not answer. */
  readonly detail: string;
}

/** A version answer is small; anything beyond this is not read. */
const MAX_BODY_BYTES = 4096;

export async function checkEndpoints(config: RuntimeConfig, timeoutMs: number): Promise<EndpointCheck[]> {
  const checks: Promise<EndpointCheck>[] = config.gatekeepers.map((endpoint) => check("gatekeeper", endpoint, "", timeoutMs));
  if (config.api) checks.push(check("hlpd-api", config.api, "", timeoutMs));
  if (config.forgejo) checks.push(check("git-forgejo", config.forgejo, "/api/v1/version", timeoutMs));
  return Promise.all(checks);
}

async function check(executor: ExecutorName, endpoint: Endpoint, path: string, timeoutMs: number): Promise<EndpointCheck> {
  const base = { executor, name: endpoint.name, url: displayUrl(endpoint.url) };
  let access: EndpointAccess;
  try {
    // The scheme does not matter: the check sends no credentials, it only needs the URL they are taken out of.
    access = endpointAccess(endpoint, "Bearer");
  } catch (error) {
    if (error instanceof InvalidCallError) return { ...base, answered: false, detail: error.message };
    throw error;
  }
  const url = path ? joinUrl(access.base, path) : access.base;
  const outcome = await withDeadline(timeoutMs, undefined, (deadline) =>
    sendHttp({ method: "GET", url, headers: {}, sink: new CappedBytes(MAX_BODY_BYTES) }, deadline),
  );
  if (outcome.kind === "failed") return { ...base, answered: false, detail: maskSecrets(outcome.error, access.secrets) };
  const version = executor === "git-forgejo" ? forgejoVersion(outcome.body) : undefined;
  return { ...base, answered: true, detail: `HTTP ${statusLine(outcome.status)}${version ? `, Forgejo ${version}` : ""}` };
}

function forgejoVersion(body: string): string | undefined {
  try {
    const version = (JSON.parse(body) as { version?: unknown }).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined; // not Forgejo's answer: the status line says enough
  }
}
