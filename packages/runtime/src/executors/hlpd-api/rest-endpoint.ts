/**
 * `endpoint: GET /modules/{id}`: the REST call an hlpd-api tool may declare
 * instead of JSON-RPC. The template was parsed when the TOOL.hdlp was read
 * (@hdlp/parser's parseEndpointTemplate); here it only meets the values:
 * path params substituted percent-encoded, each refused when it holds a `.` or
 * `..` segment (http/url.ts: a value cannot add, drop or climb a path segment,
 * nor add a query), the other params as the query (GET, DELETE) or a JSON body.
 */
import type { EndpointTemplate } from "@hdlp/parser";
import { InvalidCallError } from "../executor.ts";
import type { HttpVerb } from "@hdlp/parser";
import { joinUrl, pathSegment } from "../http/url.ts";

export interface RestCall {
  readonly method: HttpVerb;
  readonly url: string;
  readonly body?: string;
}

const QUERY_VERBS: readonly HttpVerb[] = ["GET", "DELETE"];

export function restCall(baseUrl: string, template: EndpointTemplate, params: Readonly<Record<string, unknown>>): RestCall {
  let path = template.path;
  const inPath = new Set<string>();
  for (const { param } of template.placeholders) {
    const value = params[param];
    if (value === undefined || value === null) throw new InvalidCallError(`the endpoint ${template.verb} ${template.path} needs a value for {${param}}`, param);
    // An encoded value holds no `{`, so substituting one after another cannot touch a value already in place.
    path = path.replaceAll(`{${param}}`, pathSegment(value, param));
    inPath.add(param);
  }
  const rest = Object.fromEntries(Object.entries(params).filter(([name, value]) => !inPath.has(name) && value !== undefined));
  if (QUERY_VERBS.includes(template.verb)) return { method: template.verb, url: joinUrl(baseUrl, path, rest) };
  return { method: template.verb, url: joinUrl(baseUrl, path), body: JSON.stringify(rest) };
}
