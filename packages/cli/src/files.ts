/**
 * The files a command works on: each path given is a file, or a folder scanned
 * for `<folder>/*.hdlp` and `<folder>/<name>/TOOL.hdlp` (the tools layout). A path
 * that cannot be read is a usage error naming it (exit 2).
 *
 * Only regular files are read. A path is opened without waiting (a FIFO would
 * otherwise wait for a writer), and what was opened, not the path, is checked:
 * anything but a regular file is reported, and a file over the parser's
 * MAX_TOOL_FILE_BYTES is known by its size alone and never read.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, type Stats, statSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { MAX_TOOL_FILE_BYTES } from "@hdlp/parser";
import { UsageError } from "./command.ts";

const TOOL_FILE = "TOOL.hdlp";

/** A file to work on: its text, or, over MAX_TOOL_FILE_BYTES, its size alone (it is not read). */
export type SourceFile = TextFile | OversizeFile;

export interface TextFile {
  /** As shown to the user: the path given, or joined onto it. */
  readonly path: string;
  readonly text: string;
}

export interface OversizeFile {
  readonly path: string;
  readonly bytes: number;
}

function describe({ code, message }: ReadFailure): string {
  if (code === "ENOENT") return "no such file or folder";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "is a folder";
  if (code === "ELOOP") return "a loop of symbolic links";
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
  // made once: join itself, normalising the whole path each time, was half the time of scanning 10,000 folders.
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

/** Why a file could not be read. */
export interface ReadFailure {
  readonly code: string | undefined;
  readonly message: string;
}

/** A file's text, or why it could not be read, or (over MAX_TOOL_FILE_BYTES) its size. */
export type ReadResult = string | ReadFailure | { readonly oversize: number };

/** What a file that is not a regular one is, for the message. */
function kindOf(info: Stats): string {
  if (info.isFIFO()) return "a FIFO";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  return "not a file";
}

/**
 * Synchronous on purpose: for thousands of small files one blocking read each
 * is several times cheaper than the four thread-pool round trips (open, stat,
 * read, close) of `fs.promises.readFile`.
 */
export function readText(path: string): ReadResult {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return failureOf(error);
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) return { code: "EISDIR", message: "is a folder" };
    if (!info.isFile()) return { code: "ENOTFILE", message: `it is ${kindOf(info)}, not a regular file` };
    if (info.size > MAX_TOOL_FILE_BYTES) return { oversize: info.size };
    const bytes = readAtMost(fd, info.size);
    return bytes ? bytes.toString("utf8") : { oversize: Math.max(fstatSync(fd).size, MAX_TOOL_FILE_BYTES + 1) };
  } catch (error) {
    return failureOf(error);
  } finally {
    closeSync(fd);
  }
}

/**
 * The file's bytes, or undefined when there are more than MAX_TOOL_FILE_BYTES:
 * `size` (its size when opened) is only where to start, so a file that grows
 * while it is read is still read no further than the limit.
 */
function readAtMost(fd: number, size: number): Buffer | undefined {
  let buffer = Buffer.allocUnsafe(size + 1);
  let length = 0;
  for (;;) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
    if (length > MAX_TOOL_FILE_BYTES) return undefined;
    if (length === buffer.length) {
      const larger = Buffer.allocUnsafe(MAX_TOOL_FILE_BYTES + 1);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  }
}

/**
 * The file a candidate turned out to be: undefined when a scanned one is
 * absent (a folder holding no TOOL.hdlp); one the user named, or one that
 * exists and cannot be read, is a usage error naming it.
 */
export function sourceOf({ path, named }: Candidate, read: ReadResult): SourceFile | undefined {
  if (typeof read === "string") return { path, text: read };
  if ("oversize" in read) return { path, bytes: read.oversize };
  if (!named && (read.code === "ENOENT" || read.code === "ENOTDIR")) return undefined;
  throw new UsageError(`cannot read \`${path}\`: ${describe(read)}.`);
}

/** Read one candidate (see `sourceOf`). */
export function readCandidate(candidate: Candidate): SourceFile | undefined {
  return sourceOf(candidate, readText(candidate.path));
}

/** Write a file back (`lint --fix`, `fmt --write`); failing to is reported like an unreadable path. */
export function writeSource(file: TextFile): void {
  try {
    writeFileSync(file.path, file.text);
  } catch (error) {
    throw new UsageError(`cannot write \`${file.path}\`: ${describe(failureOf(error))}.`);
  }
}

export function noFilesError(paths: readonly string[]): UsageError {
  return new UsageError(`no .hdlp files in ${paths.map((p) => `\`${p}\``).join(", ")} (looked for *.hdlp and */TOOL.hdlp).`);
}

/** Every file under `paths`, read (none found: `noFilesError`, for a command that needs some). */
export function readSources(paths: readonly string[]): SourceFile[] {
  return findCandidates(paths)
    .map(readCandidate)
    .filter((f): f is SourceFile => f !== undefined);
}
