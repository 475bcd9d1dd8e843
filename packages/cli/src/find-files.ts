/**
 * Which files `hdlp lint` and `hdlp fmt` work on (docs/cli.md, "Which files"):
 * each path given is a file, taken as it is, or a folder searched to the
 * bottom for `*.hdlp` (TOOL.hdlp among them), as eslint searches for its
 * files: `.git` and `node_modules` are skipped, and so is what `.gitignore`
 * files ignore (gitignore.ts). A path that does not exist and holds glob
 * syntax (`tools/**\/TOOL.hdlp`, quoted so that the shell leaves it) is
 * expanded, and each folder it matches is searched in turn.
 *
 * Anything named `*.hdlp` is found, whatever it is: a FIFO or a folder of that
 * name is then reported by the reader (files.ts) as a path it cannot read,
 * never skipped. Links to folders are not followed, as git does not follow
 * them: name such a folder to search it.
 */
import { type Dirent, readdirSync, type Stats, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { UsageError } from "./command.ts";
import { describeFailure } from "./failure.ts";
import { GITIGNORE, GitIgnores, ignores, type RuleChain, withRulesOf } from "./gitignore.ts";

const EXTENSION = ".hdlp";
/** Never searched (a named one still is). */
const SKIPPED_FOLDERS = new Set([".git", "node_modules"]);

/** A file found: as shown to the user (the path given, joined onto), and absolute (each file once). */
interface Found {
  readonly path: string;
  readonly absolute: string;
}

function byPath(a: Found, b: Found): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** `folder + sep`, as join(folder, name) would spell what follows, made once: join normalises the whole path each time. */
function prefixOf(folder: string): string {
  const joined = join(folder, ".");
  return joined === "." ? "" : joined.endsWith(sep) ? joined : joined + sep;
}

function listFolder(absolutePrefix: string, shownPrefix: string): Dirent[] {
  try {
    return readdirSync(absolutePrefix, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(`cannot read the folder \`${shownPrefix.slice(0, -1) || "."}\`: ${describeFailure(error)}.`);
  }
}

/**
 * Every `*.hdlp` below a folder, into `found`, that `chain` (the `.gitignore`
 * files above it) and the folder's own `.gitignore` leave. The folder is
 * given by its two prefixes (as shown, and absolute: its path and a
 * separator), and a sub-folder's are made by adding its name, not by join().
 */
function search(shownPrefix: string, absolutePrefix: string, chain: RuleChain, found: Found[]): void {
  const entries = listFolder(absolutePrefix, shownPrefix);
  for (const entry of entries) if (entry.name === GITIGNORE && !entry.isDirectory()) chain = withRulesOf(absolutePrefix, chain);
  for (const entry of entries) {
    const name = entry.name;
    const isFolder = entry.isDirectory();
    if (!name.endsWith(EXTENSION) && (!isFolder || SKIPPED_FOLDERS.has(name))) continue;
    const path = absolutePrefix + name;
    if (chain.length > 0 && ignores(chain, path, isFolder)) continue;
    if (name.endsWith(EXTENSION)) found.push({ path: shownPrefix + name, absolute: path });
    else search(shownPrefix + name + sep, path + sep, chain, found);
  }
}

/** tinyglobby, loaded only for a path that does not exist: a search of folders never needs it, nor its matcher. */
type Glob = typeof import("tinyglobby");

/** The leading segments of a glob that hold no glob syntax: the folder its matches are all in. */
function globBase({ isDynamicPattern }: Glob, pattern: string): string {
  const segments = pattern.split("/");
  const fixed = segments.slice(
    0,
    segments.findIndex((segment) => isDynamicPattern(segment)),
  );
  return fixed.join("/") || (pattern.startsWith("/") ? "/" : ".");
}

/** The files a glob selects: the `*.hdlp` it matches, and those found in the folders it matches. */
function expand(glob: Glob, pattern: string, found: Found[]): void {
  const matches = glob.globSync(pattern, {
    absolute: true,
    dot: true,
    onlyFiles: false,
    expandDirectories: false,
    followSymbolicLinks: false,
    ignore: [...SKIPPED_FOLDERS].flatMap((name) => [`**/${name}`, `**/${name}/**`]),
  });
  if (matches.length === 0) throw new UsageError(`no file or folder matches \`${pattern}\`.`);
  const ignored = new GitIgnores(resolve(globBase(glob, pattern)));
  const show = (path: string) => (isAbsolute(pattern) ? path : relative(process.cwd(), path) || ".");
  for (const match of matches) {
    const isFolder = match.endsWith("/");
    const path = isFolder ? match.slice(0, -1) : match;
    if (ignored.isIgnored(path, isFolder)) continue;
    if (isFolder) search(prefixOf(show(path)), prefixOf(path), ignored.chain(dirname(path)), found);
    else if (path.endsWith(EXTENSION)) found.push({ path: show(path), absolute: path });
  }
}

/** The files under one path given, in a stable order. */
async function filesUnder(given: string): Promise<Found[]> {
  const found: Found[] = [];
  let info: Stats | undefined;
  try {
    info = statSync(given, { throwIfNoEntry: false });
  } catch (error) {
    throw new UsageError(`cannot read \`${given}\`: ${describeFailure(error)}.`);
  }
  if (info === undefined) {
    const glob = await import("tinyglobby");
    if (!glob.isDynamicPattern(given)) throw new UsageError(`cannot read \`${given}\`: no such file or folder.`);
    expand(glob, given, found);
  } else if (!info.isDirectory()) found.push({ path: given, absolute: resolve(given) });
  else {
    const absolute = resolve(given);
    search(prefixOf(given), prefixOf(absolute), new GitIgnores(absolute).aboveNamed(absolute), found);
  }
  return found.sort(byPath);
}

/** The files under `paths` (see the module's comment): each path's in a stable order, each file once. */
export async function findFiles(paths: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const files: string[] = [];
  for (const given of paths) {
    for (const { path, absolute } of await filesUnder(given)) {
      if (seen.has(absolute)) continue;
      seen.add(absolute);
      files.push(path);
    }
  }
  return files;
}
