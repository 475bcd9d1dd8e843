/**
 * Text normalisation shared by tools and requests: one canonical form so that
 * full-width letters, upper case and compatibility characters never decide a
 * match.
 */

/** NFKC folds full-width forms (ｎｇｉｎｘ, ：) into their plain counterparts; then lower case. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

const HAN = /\p{Script=Han}/u;

export function isHan(char: string): boolean {
  return HAN.test(char);
}

/** A stretch of the normalised text in one script, with its offset. */
export interface Run {
  readonly kind: "han" | "other";
  readonly text: string;
  readonly start: number;
}

/** Splits text into alternating runs of Han characters and everything else. */
export function splitRuns(text: string): Run[] {
  const runs: Run[] = [];
  const pattern = /(\p{Script=Han}+)|([^\p{Script=Han}]+)/gu;
  for (const m of text.matchAll(pattern)) {
    runs.push({ kind: m[1] !== undefined ? "han" : "other", text: m[0], start: m.index });
  }
  return runs;
}

/**
 * Stretches of a request that are values rather than words of intent: quoted
 * text, paths and URLs, file and host names (`dump.log`, `mail.example.cn`),
 * snake_case names (`tool_index`), anything with a digit: numbers,
 * versions, ids, host names (`600`, `v2.3.1`, `M-1088`, `db01`), quantities
 * with a Chinese unit, and the content after a colon. They still
 * take part in ranking at a low weight (a path ending in `.log` says
 * something), but never count as intent words. (The matcher takes back as
 * words the values the thesaurus names whole, like `sha256` or `tar.gz`.)
 */
export function valueSpans(text: string): Array<readonly [number, number]> {
  const spans = quotedSpans(text);
  // Quantities and dates with a Chinese unit (`6 月 18 号`, `600 秒`, `3 个副本`): the unit belongs to the number.
  for (const m of text.matchAll(QUANTITY)) spans.push([m.index, m.index + m[0].length]);
  for (const token of tokens(text)) if (isPath(token.text) || isValueToken(token.text)) spans.push([token.start, token.end]);
  // What follows a colon is the content to write, send or remember (`记住：明天要续证书`).
  const colon = /(?<=[\p{Script=Han}a-z]):(?=\s|\p{Script=Han})/u.exec(text);
  if (colon !== null) spans.push([colon.index + 1, text.length]);
  return spans;
}

/** Filesystem paths among the values (`/var/log/app.log`, `~/notes`, `./build`). */
export function pathSpans(text: string): Array<readonly [number, number]> {
  return tokens(text)
    .filter((token) => isPath(token.text))
    .map((token) => [token.start, token.end] as const);
}

/** Runs of anything but space, Han, brackets and sentence punctuation; a trailing , . : ; ! ? is not part of one. */
function tokens(text: string): Array<{ text: string; start: number; end: number }> {
  const out: Array<{ text: string; start: number; end: number }> = [];
  for (const m of text.matchAll(/[^\s\p{Script=Han}()[\]{}<>"'“”‘’。、，；！？]+/gu)) {
    const token = m[0].replace(/[,.:;!?]+$/, "");
    if (token !== "") out.push({ text: token, start: m.index, end: m.index + token.length });
  }
  return out;
}

function isPath(token: string): boolean {
  return /^(?:~|\.{1,2})?\/./.test(token);
}

function isValueToken(token: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//.test(token) || // a URL
    /\d/.test(token) || // a number, a time, a version, an id, a host (`600`, `3pm`, `v2.3.1`, `m-1088`, `db01`)
    /[a-z0-9][._][a-z0-9]/.test(token) // a file or host name, a snake_case name
  );
}

const QUANTITY = /\d+(?:\.\d+)?\s*(?:个月|分钟|小时|年|月|日|号|点|分|秒|天|周|次|行|条|个|台|倍|份|位|%)/gu;

/** Quoted text: a title, a message, file content — the payload, never the intent. */
const QUOTED = /"[^"]*"|“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』|`[^`]*`/gu;

export function quotedSpans(text: string): Array<readonly [number, number]> {
  return [...text.matchAll(QUOTED)].map((m) => [m.index, m.index + m[0].length] as const);
}

/**
 * Offsets covered by any of the spans, as a mask: asking whether a stretch lies
 * in a value costs its length, not the number of values (a request of 10,000
 * paths stays linear).
 */
export class SpanMask {
  private readonly marked: Uint8Array;

  constructor(length: number, spans: Iterable<readonly [number, number]> = []) {
    this.marked = new Uint8Array(length);
    for (const [start, end] of spans) this.mark(start, end);
  }

  mark(start: number, end: number): void {
    this.marked.fill(1, Math.max(0, start), Math.max(0, end));
  }

  /** True when every offset of [start, end) is covered (and the stretch is not empty). */
  covers(start: number, end: number): boolean {
    if (end <= start || start < 0) return false;
    for (let i = start; i < end; i++) if (this.marked[i] !== 1) return false;
    return true;
  }
}
