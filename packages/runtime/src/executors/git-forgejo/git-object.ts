/**
 * Git's blob id, the sha Forgejo reports for a file: the hash of
 * `blob <size>\0` followed by the bytes, SHA-1 (40 hex digits) or, in a
 * SHA-256 repository, SHA-256 (64). Checking bytes against it is how a file
 * read by path, or from the registry's cache, is known to be the one a tree named.
 */
import { createHash } from "node:crypto";

/** A git object id as Forgejo writes it. */
export const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function blobId(bytes: Uint8Array, algorithm: "sha1" | "sha256" = "sha1"): string {
  return createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/** Whether `bytes` are the blob `sha` names (its length says which hash). */
export function isBlob(bytes: Uint8Array, sha: string): boolean {
  return OBJECT_ID.test(sha) && blobId(bytes, sha.length === 64 ? "sha256" : "sha1") === sha;
}
