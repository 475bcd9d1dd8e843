/**
 * Every spelling of a `.` or `..` segment the URL standard's parser folds
 * (its single-dot and double-dot path segment definitions, any case, tabs and
 * newlines dropped, `\` read as `/`), and the same with the separators a
 * server decodes once (`%2f`, `%5c`): what src/executors/http/url.ts refuses,
 * and what test/hostile-values.test.ts tries at every place a value enters a URL.
 */
export const HOSTILE_VALUES = [
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  "%2E%2e",
  ".%2e",
  "%2e.",
  ".%2E",
  "../x",
  "x/..",
  "a/../b",
  "x/./y",
  "..\\x",
  "a\\..\\b",
  "..%2fx",
  "x%2F..",
  "x%5c%2e%2e",
  ".\t.",
  "..\n",
  "\r..",
  "%2e%2e/secret",
  "../../../bob/private/contents/secret.txt",
  "../forks",
  "../../../../user/repos",
] as const;

/** Dots that are not a segment of their own: names, not directions. */
export const HARMLESS_DOTS = ["...", ".hidden", "a.b", "v1.0", "%2e%2e%2e", "%252e%252e", "x..y"] as const;
