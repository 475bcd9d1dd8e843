/**
 * The files a command works on: each path given is a file, or a folder scanned
 * for `<folder>/*.hdlp` and `<folder>/<name>/TOOL.hdlp` (the tools layout). A path
 * that cannot be read is a usage error naming it (exit 2).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { UsageError } from "./command.ts";

const TOOL_FILE = "TOOL.hdlp";

export interface SourceFile {
  /** As shown to the user: the path given, or joined onto it. */
  readonly path: string;
  readonly text: string;
}

function describe({ code, message }: ReadFailure): string {
  if (code === "ENOENT") return "no such file or folder";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "is a folder";
  return message;
}

function failureOf(error: unknown): ReadFailure {
  return { code: (error as NodeJS.ErrnoException).code, message: (error as Error).message };
}

/** A candidate found by scanning may be absent (a folder without TOOL.hdlp); one the user named may not. */
export interface Candidate {
  readonly path: string;
  readonly named: boolean;
}

function candidates(path: string): Candidate[] {
  let info;
  try {
    info = statSync(path);
  } catch (error) {
    throw new UsageError(`cannot read \`${path}\`: ${describe(failureOf(error))}.`);
  }
  if (!info.isDirectory()) return [{ path, named: true }];
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(`cannot read the folder \`${path}\`: ${describe(failureOf(error))}.`);
  }
  // What join(path, name) gives, for any entry name (no separator, never `.` or `..`),
  // made once: join itself normalises the whole path again for every entry.
  const folder = join(path, ".");
  const prefix = folder === "." ? "" : folder.endsWith(sep) ? folder : folder + sep;
  const found: Candidate[] = [];
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith(".hdlp")) found.push({ path: prefix + entry.name, named: false });
    else if (entry.isDirectory() || entry.isSymbolicLink()) found.push({ path: prefix + entry.name + sep + TOOL_FILE, named: false });
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every candidate file under `paths`, in a stable order, each once. */
export function findCandidates(paths: readonly string[]): Candidate[] {
  const seen = new Set<string>();
  return paths.flatMap(candidates).filter((c) => !seen.has(c.path) && seen.add(c.path));
}

interface ReadFailure {
  readonly code: string | undefined;
  readonly message: string;
}

/**
 * A candidate's text: undefined when a scanned one is absent (a folder holding
 * no TOOL.hdlp); one the user named, or one that exists and cannot be read, is
 * a usage error naming it. Synchronous on purpose: for many small files one
 * blocking read each does less than the four thread-pool round trips (open,
 * stat, read, close) of `fs.promises.readFile`.
 */
export function readCandidate({ path, named }: Candidate): SourceFile | undefined {
  try {
    return { path, text: readFileSync(path, "utf8") };
  } catch (error) {
    const failure = failureOf(error);
    if (!named && (failure.code === "ENOENT" || failure.code === "ENOTDIR")) return undefined;
    throw new UsageError(`cannot read \`${path}\`: ${describe(failure)}.`);
  }
}

/** Write a file back (`lint --fix`, `fmt --write`); failing to is reported like an unreadable path. */
export function writeSource(file: SourceFile): void {
  try {
    writeFileSync(file.path, file.text);
  } catch (error) {
    throw new UsageError(`cannot write \`${file.path}\`: ${describe(failureOf(error))}.`);
  }
}

function noFilesError(paths: readonly string[]): UsageError {
  return new UsageError(`no .hdlp files in ${paths.map((p) => `\`${p}\``).join(", ")} (looked for *.hdlp and */TOOL.hdlp).`);
}

/** Every file under `paths`, read. */
export function readSources(paths: readonly string[]): SourceFile[] {
  const files = findCandidates(paths)
    .map(readCandidate)
    .filter((f): f is SourceFile => f !== undefined);
  if (files.length === 0) throw noFilesError(paths);
  return files;
}
