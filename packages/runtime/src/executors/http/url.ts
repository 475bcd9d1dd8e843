/**
 * URLs built from a configured base and values: every value stays inside the
 * path segment (or the query value) it was put in.
 *
 * Percent-encoding is not enough for that. The URL parser folds `.` and `..`
 * segments in every spelling the URL standard lists (its "single-dot URL path
 * segment" and "double-dot URL path segment": `.`, `%2e`, `..`, `.%2e`, `%2e.`,
 * `%2e%2e`, any case), after dropping tabs and newlines and reading `\` as `/`
 * in http(s) URLs; and the server on the far side decodes what it receives
 * (Forgejo reads `{filepath}` decoded), possibly once more behind a proxy.
 * So a value that is, or holds, such a segment is refused before anything is
 * sent, wherever it would go into a URL (docs/executors.md, "What is refused").
 *
 * The base keeps its own path (`https://host/hldp` + `/modules/7` is
 * `https://host/hldp/modules/7`, where `new URL(path, base)` would drop `/hldp`),
 * and a URL is shown and sent as the parser writes it, so a dry run shows the
 * request that really goes out.
 */
import { InvalidCallError } from "../executor.ts";

/** The characters the URL parser removes from its input before reading it. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/** What separates segments: `/`, `\` (read as `/` in http URLs), and both percent-encoded, for a server that decodes once. */
const SEPARATOR = /\/|\\|%2f|%5c/i;
/** The URL standard's single-dot and double-dot path segments. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Why `value` cannot go into a URL, or undefined when it can. */
export function dotSegmentIn(value: string): string | undefined {
  const found = value
    .replace(TAB_OR_NEWLINE, "")
    .split(SEPARATOR)
    .find((part) => DOT_SEGMENT.test(part));
  return found === undefined ? undefined : `holds the segment \`${found}\`, which a URL parser or the server would read as "this folder" or "the folder above"`;
}

/** Refuses a value that holds a dot segment in any spelling; `param` names it in the error. */
export function refuseDotSegments(value: string, param: string): string {
  const why = dotSegmentIn(value);
  if (why) throw new InvalidCallError(`${param} ${JSON.stringify(value)} ${why}; it is refused so that it cannot leave its place in the URL`, param);
  return value;
}

/** A value as text: an object as JSON, anything else as String() writes it. */
export function valueText(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * A param's value bound for the query, checked under the param's own name
 * (the query key may be another: git-forgejo sends `branch` as `sha`); a list
 * item by item. joinUrl checks every query value again, under its key.
 */
export function queryValue(value: unknown, param: string): unknown {
  if (value === undefined || value === null) return value;
  for (const item of Array.isArray(value) ? value : [value]) refuseDotSegments(valueText(item), param);
  return value;
}

/** One path segment: checked, then percent-encoded (`/`, `?`, `#` and `%` included). An empty value would drop the segment. */
export function pathSegment(value: unknown, param: string): string {
  const text = valueText(value);
  if (text === "") throw new InvalidCallError(`${param} is empty, and an empty path segment would change the path`, param);
  return encodeURIComponent(refuseDotSegments(text, param));
}

/**
 * A file path inside a repository: its segments encoded one by one, the
 * slashes kept; slashes at either end are dropped (`/docs/` is `docs`).
 * An empty path stays empty (the repository's root); an empty segment inside
 * (`a//b`) is refused.
 */
export function filePath(value: unknown, param: string): string {
  const text = refuseDotSegments(valueText(value), param).replace(/^\/+|\/+$/g, "");
  if (text === "") return "";
  return text
    .split("/")
    .map((part) => {
      if (part === "") throw new InvalidCallError(`${param} ${JSON.stringify(text)} has an empty segment (\`//\`)`, param);
      return encodeURIComponent(part);
    })
    .join("/");
}

/** How a list goes into the query: the key repeated (`multi`), or one comma-separated value (`csv`). */
export type ListFormat = "multi" | "csv";

export type Query = Readonly<Record<string, unknown>>;

/**
 * `base` + `path` + the query, as the URL parser writes it (the URL that is
 * sent and shown). Every query value is checked like a path segment: servers
 * read some of them as paths or refs (Forgejo's `path`, `ref`, `sha`).
 * A list repeats its key unless `lists` says `csv` for it; an object is JSON;
 * undefined and null are left out.
 */
export function joinUrl(base: string, path: string, query: Query = {}, lists: Readonly<Record<string, ListFormat>> = {}): string {
  const url = new URL(base.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`));
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value.map(valueText) : [valueText(value)];
    for (const item of items) refuseDotSegments(item, key);
    if (lists[key] === "csv") {
      const comma = items.find((item) => item.includes(","));
      if (comma !== undefined)
        throw new InvalidCallError(`${key}: ${JSON.stringify(comma)} holds a comma, and the server reads ${key} as a comma-separated list`, key);
      url.searchParams.append(key, items.join(","));
    } else for (const item of items) url.searchParams.append(key, item);
  }
  return url.href;
}
