/**
 * The registry's content-addressed cache of a repository's blobs: a blob is
 * stored under its git sha, written only after its bytes were checked against
 * it, and checked again each time it is read, so what a call runs is exactly
 * the blob the index names, whatever happened to the file in between. Blobs
 * are fetched from Forgejo only when their sha is new to the cache.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isBlob, OBJECT_ID } from "../../executors/git-forgejo/git-object.ts";
import { ToolSourceError } from "../tool-index.ts";

export class BlobStore {
  private readonly memory = new Map<string, Buffer>();

  /** `dir`: the cache folder (`<dir>/blobs/<sha>`); undefined: blobs are kept in memory only. */
  constructor(private readonly dir?: string) {}

  private fileOf(sha: string): string {
    if (!OBJECT_ID.test(sha)) throw new ToolSourceError(`${JSON.stringify(sha)} is not a git object id`);
    return join(this.dir!, "blobs", sha);
  }

  /** The blob's bytes, checked; undefined when the cache does not hold it. */
  read(sha: string): Buffer | undefined {
    let bytes = this.memory.get(sha);
    if (bytes === undefined && this.dir !== undefined) {
      try {
        bytes = readFileSync(this.fileOf(sha));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw new ToolSourceError(`the cached blob ${sha} cannot be read: ${(error as Error).message}`);
      }
    }
    if (bytes !== undefined && !isBlob(bytes, sha)) {
      throw new ToolSourceError(
        `the cached blob ${this.dir === undefined ? sha : this.fileOf(sha)} does not hold the blob ${sha}: it was changed after it was checked; it is not used`,
      );
    }
    return bytes;
  }

  /** Stores bytes already checked against `sha` (atomically: a reader never sees half a blob). */
  write(sha: string, bytes: Buffer): void {
    if (!isBlob(bytes, sha)) throw new ToolSourceError(`refusing to cache ${bytes.length} bytes as the blob ${sha}: they are not it`);
    if (this.dir === undefined) {
      this.memory.set(sha, bytes);
      return;
    }
    const file = this.fileOf(sha);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(join(this.dir, "blobs"), { recursive: true });
      writeFileSync(temp, bytes);
      renameSync(temp, file);
    } catch (error) {
      // Without the blob in the cache, no call could run the tool: the scan cannot go on.
      throw new ToolSourceError(`the registry's cache ${this.dir} cannot hold the blob ${sha}: ${(error as Error).message}`);
    }
  }
}
