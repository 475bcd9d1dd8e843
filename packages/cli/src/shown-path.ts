import { isAbsolute, relative } from "node:path";

/** A path as the commands print it: relative to the working folder when inside it, else as found. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}
