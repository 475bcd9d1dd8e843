/**
 * Finds the tool files under a root: `<root>/<folder>/TOOL.hdlp`, one level
 * deep. A folder (or a TOOL.hdlp) that is a symlink is followed only when its
 * target stays inside the root; one that escapes is reported, not loaded, so a
 * link cannot smuggle a tool from elsewhere into the registry.
 */
import { type Dirent, lstatSync, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { join, relative, isAbsolute, sep } from "node:path";
import { TOOL_FILE_NAME } from "@hdlp/parser";


export interface FoundFile {
  /** `<root>/<folder>/TOOL.hdlp`, as found (not resolved). */
  readonly path: string;
  readonly folder: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export interface EscapedPath {
  readonly path: string;
  readonly folder: string;
  /** Where the link really leads. */
  readonly target: string;
}

export interface Discovery {
  readonly files: readonly FoundFile[];
  readonly escaped: readonly EscapedPath[];
}

export function discoverToolFiles(root: string): Discovery {
  const realRoot = realpathSync(root);
  const files: FoundFile[] = [];
  const escaped: EscapedPath[] = [];
  const entries = readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    // Dot folders are the cache's and the tools' own business (`.hdlp-cache`, `.git`).
    if (entry.name.startsWith(".") || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const folder = entry.name;
    const path = join(root, folder, TOOL_FILE_NAME);
    const found = inspect(entry, path, realRoot);
    if (found === undefined) continue;
    if ("target" in found) escaped.push({ path, folder, target: found.target });
    else files.push({ path, folder, size: found.stats.size, mtimeMs: found.stats.mtimeMs });
  }
  return { files, escaped };
}

/** The file's stats, its escape target, or undefined when the folder holds no TOOL.hdlp. */
function inspect(entry: Dirent, path: string, realRoot: string): { stats: Stats } | { target: string } | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return undefined; // a folder without a TOOL.hdlp (or a link to a file): not a tool
  }
  // The common case, a real folder holding a real file, costs one lstat.
  if (!entry.isSymbolicLink() && stats.isFile()) return { stats };
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return undefined; // a dangling link
  }
  if (!isInside(target, realRoot)) return { target };
  stats = statSync(target);
  return stats.isFile() ? { stats } : undefined;
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
