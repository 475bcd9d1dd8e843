/**
 * Reading the files a command works on (find-files.ts finds them). A path
 * that cannot be read is a usage error naming it (exit 2).
 *
 * Only regular files are read. A path is opened without waiting (a FIFO would
 * otherwise wait for a writer), and what was opened, not the path, is checked:
 * anything but a regular file is reported, and a file over the parser's
 * MAX_TOOL_FILE_BYTES is known by its size alone and never read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, writeFileSync } from "node:fs";
import { MAX_TOOL_FILE_BYTES } from "@hdlp/parser";
import { UsageError } from "./command.ts";
import { describe, describeFailure, failureOf, type ReadFailure } from "./failure.ts";
import { findFiles } from "./find-files.ts";

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
 * The file's bytes, or undefined when there are more than MAX_TOOL_FILE_BYTES.
 * `size` (its size when opened) is where to start: room for one byte more
 * shows in the same read whether the file holds more than it said (procfs
 * says 0), and then it is read to its end, and no further than the limit.
 */
function readAtMost(fd: number, size: number): Buffer | undefined {
  let buffer = Buffer.allocUnsafe(size + 1);
  let length = 0;
  for (;;) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    length += read;
    // All it said it holds and not a byte more: its end, without another read to be told so.
    if (read === 0 || length === size) return buffer.subarray(0, length);
    if (length > MAX_TOOL_FILE_BYTES) return undefined;
    if (length === buffer.length) {
      const larger = Buffer.allocUnsafe(MAX_TOOL_FILE_BYTES + 1);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  }
}

/** The file `path` turned out to be; one that cannot be read is a usage error naming it. */
export function sourceOf(path: string, read: ReadResult): SourceFile {
  if (typeof read === "string") return { path, text: read };
  if ("oversize" in read) return { path, bytes: read.oversize };
  throw new UsageError(`cannot read \`${path}\`: ${describe(read)}.`);
}

/** Write a file back (`lint --fix`, `fmt --write`); failing to is reported like an unreadable path. */
export function writeSource(file: TextFile): void {
  try {
    writeFileSync(file.path, file.text);
  } catch (error) {
    throw new UsageError(`cannot write \`${file.path}\`: ${describeFailure(error)}.`);
  }
}

export function noFilesError(paths: readonly string[]): UsageError {
  return new UsageError(`no .hdlp files in ${paths.map((p) => `\`${p}\``).join(", ")} (looked for *.hdlp, TOOL.hdlp among them, in every folder below).`);
}

/** Every file under `paths` (find-files.ts), read (none found: `noFilesError`, for a command that needs some). */
export async function readSources(paths: readonly string[]): Promise<SourceFile[]> {
  return (await findFiles(paths)).map((path) => sourceOf(path, readText(path)));
}
