/**
 * URLs built from a configured base and a path: the base keeps its own path
 * (`https://host/hldp` + `/modules/7` is `https://host/hldp/modules/7`,
 * where `new URL(path, base)` would drop `/hldp`).
 */

/** The query as the remote APIs read it: a list repeats its key, an object is JSON, undefined and null are left out. */
export function joinUrl(base: string, path: string, query: Readonly<Record<string, unknown>> = {}): string {
  const url = base.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, queryText(item));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function queryText(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/** One path segment, percent-encoded (`/`, `?`, `#` and `%` included). */
export const segment = (value: unknown): string => encodeURIComponent(String(value));

/** A file path inside a repository: each segment encoded, the slashes kept. */
export const filePath = (value: string): string => value.replace(/^\/+/, "").split("/").map(segment).join("/");
