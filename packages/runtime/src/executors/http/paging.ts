/**
 * What a paged answer says about the pages around it, read from its headers
 * (the output stays the body as it came): `X-Total-Count` is the total, and
 * more follows when `X-HasMore` says so, else when `Link` has a `rel="next"`.
 * A server that sends a total but no Link has one page (Forgejo writes Link
 * whenever there is more than one).
 */
export interface Paging {
  /** Items in the whole list. */
  readonly total_count?: number;
  /** Whether a further page exists. */
  readonly has_more?: boolean;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export function pagingOf(headers: Headers): Paging {
  const total = header(headers, "x-total-count");
  const hasMore = header(headers, "x-hasmore");
  const link = header(headers, "link");
  const count = total !== undefined && /^\d+$/.test(total) ? { total_count: Number(total) } : {};
  if (hasMore === "true" || hasMore === "false") return { ...count, has_more: hasMore === "true" };
  if (link !== undefined) return { ...count, has_more: /;\s*rel="?next"?/i.test(link) };
  return total === undefined ? count : { ...count, has_more: false };
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}
