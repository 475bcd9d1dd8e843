/**
 * Finds the tool files under a root: `<root>/<folder>/TOOL.hdlp`, one level
 * deep, with the size and mtime the cache is checked against. Nothing is read
 * here (tool-file.ts reads, checking the handle it opened).
 *
 * A folder (or a TOOL.hdlp) that is a symlink is followed only when its target
 * stays inside the root; one that escapes is reported, not loaded, so a link
 * cannot smuggle a tool from elsewhere into the registry. A TOOL.hdlp that is
 * not a regular file (a FIFO, a folder, a symlink loop, a link to nothing) is
 * reported too: never waited on, never skipped in silence.
 */
import { type Dirent, lstatSync, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { TOOL_FILE_NAME } from "@hdlp/parser";
import { describeKind, isInside, notAFile, type ToolFileProblem, unopenable } from "./tool-file.ts";

export interface FoundFile {
  /** `<root>/<folder>/TOOL.hdlp`, as found (not resolved). */
  readonly path: string;
  readonly folder: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** A TOOL.hdlp that is not registered before anything is read, and why. */
export interface UnusableFile {
  readonly path: string;
  readonly folder: string;
  readonly problem: ToolFileProblem;
}

export interface Discovery {
  /** The real path of the root, which every file read must stay inside. */
  readonly realRoot: string;
  readonly files: readonly FoundFile[];
  readonly unusable: readonly UnusableFile[];
}

export function discoverToolFiles(root: string): Discovery {
  const realRoot = realpathSync(root);
  const files: FoundFile[] = [];
  const unusable: UnusableFile[] = [];
  const entries = readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    // Dot folders are the cache's and the tools' own business (`.hdlp-cache`, `.git`).
    if (entry.name.startsWith(".") || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const folder = entry.name;
    const path = join(root, folder, TOOL_FILE_NAME);
    const found = inspect(entry, path, realRoot);
    if (found === undefined) continue;
    if ("ok" in found) unusable.push({ path, folder, problem: found });
    else files.push({ path, folder, size: found.size, mtimeMs: found.mtimeMs });
  }
  return { realRoot, files, unusable };
}

/** The file's stats, why it cannot be a tool, or undefined when the folder holds no TOOL.hdlp. */
function inspect(entry: Dirent, path: string, realRoot: string): Stats | ToolFileProblem | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A folder without a TOOL.hdlp (or a link to a file, or a link to nothing): not a tool folder.
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    return unopenable(path, error as NodeJS.ErrnoException);
  }
  // The common case, a real folder holding a real file, costs one lstat.
  if (!entry.isSymbolicLink() && stats.isFile()) return stats;
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    return unopenable(path, error as NodeJS.ErrnoException);
  }
  if (!isInside(target, realRoot)) {
    return { ok: false, rule: "path-escapes-root", message: `${entry.name} links to ${target}, outside the tools root; it is not loaded.` };
  }
  try {
    stats = statSync(target);
  } catch (error) {
    return unopenable(path, error as NodeJS.ErrnoException); // gone since it was resolved
  }
  return stats.isFile() ? stats : notAFile(path, describeKind(stats));
}
