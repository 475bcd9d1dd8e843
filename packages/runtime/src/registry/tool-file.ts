/**
 * Reading one TOOL.hdlp safely: open it once, check what was opened (not the
 * path, which may change between a check and a read), read from that handle.
 *
 * - Only a regular file is read. A FIFO is opened without blocking and never
 *   read (reading one waits for a writer forever); a folder, a socket or a
 *   device is reported, as is a symlink loop or a link that leads nowhere.
 * - The file opened must be the file the path names inside the root: its real
 *   path is resolved and must be inside the root's real path, and must be the
 *   same file (device and inode) as the one open, else a link was switched
 *   while it was opened and nothing is read.
 * - A file over MAX_TOOL_FILE_BYTES is not read at all.
 */
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, realpathSync, type Stats, statSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";

/**
 * The largest TOOL.hdlp read, 1 MiB. The parser declares the same limit for a
 * text (docs/spec.md, `file-too-large`); this is the registry's, in bytes on
 * disk, applied before anything is read.
 */
export const MAX_TOOL_FILE_BYTES = 1024 * 1024;

export interface ToolFileContent {
  readonly ok: true;
  readonly bytes: Buffer;
  readonly size: number;
  readonly mtimeMs: number;
}

/** Why a file was not read: the registry's diagnostic rule and a sentence naming the file. */
export interface ToolFileProblem {
  readonly ok: false;
  readonly rule: "not-a-file" | "path-escapes-root" | "file-too-large" | "unreadable";
  readonly message: string;
}

const grouped = (n: number) => n.toLocaleString("en-US");

export function tooLarge(path: string, size: number): ToolFileProblem {
  return {
    ok: false,
    rule: "file-too-large",
    message: `${path} is ${grouped(size)} bytes, more than the ${grouped(MAX_TOOL_FILE_BYTES)} bytes (1 MiB) a TOOL.hdlp may have; it is not read.`,
  };
}

/** What kind of thing a non-regular file is, for a message. */
export function describeKind(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}

export function notAFile(path: string, what: string): ToolFileProblem {
  return { ok: false, rule: "not-a-file", message: `${path} is ${what}, not a regular file; it is not read.` };
}

/** The problem of a path that cannot be opened or resolved, named by its cause. */
export function unopenable(path: string, error: NodeJS.ErrnoException): ToolFileProblem {
  if (error.code === "ELOOP") return notAFile(path, "a symlink loop");
  const target = error.code === "ENOENT" ? linkTarget(path) : undefined;
  if (target !== undefined) return notAFile(path, `a link to ${target}, which does not exist`);
  if (error.code === "ENXIO") return notAFile(path, "a socket");
  return { ok: false, rule: "unreadable", message: `${path} cannot be read: ${error.message}` };
}

function linkTarget(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined; // not a link (or gone): nothing more to say than the error itself
  }
}

export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/** Opens, checks and reads `path`, which must lead to a regular file inside `realRoot`. */
export function readToolFile(path: string, realRoot: string): ToolFileContent | ToolFileProblem {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    return unopenable(path, error as NodeJS.ErrnoException);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return notAFile(path, describeKind(stats));
    const escaped = checkPlace(path, stats, realRoot);
    if (escaped) return escaped;
    if (stats.size > MAX_TOOL_FILE_BYTES) return tooLarge(path, stats.size);
    const bytes = readAtMost(fd, MAX_TOOL_FILE_BYTES + 1);
    // It grew between the fstat and the read.
    if (bytes.length > MAX_TOOL_FILE_BYTES) return tooLarge(path, bytes.length);
    return { ok: true, bytes, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch (error) {
    return { ok: false, rule: "unreadable", message: `${path} cannot be read: ${(error as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

/** Undefined when the open file is the one `path` names, inside the root; else why not. */
function checkPlace(path: string, opened: Stats, realRoot: string): ToolFileProblem | undefined {
  const real = realpathSync(path);
  if (!isInside(real, realRoot))
    return { ok: false, rule: "path-escapes-root", message: `${path} leads to ${real}, outside the tools root; it is not loaded.` };
  const named = statSync(real);
  if (named.dev !== opened.dev || named.ino !== opened.ino) {
    return { ok: false, rule: "unreadable", message: `${path} changed while it was opened (a link switched to another file); it is not loaded.` };
  }
  return undefined;
}

function readAtMost(fd: number, limit: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, limit - total));
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    total += read;
  }
  return Buffer.concat(chunks, total);
}
