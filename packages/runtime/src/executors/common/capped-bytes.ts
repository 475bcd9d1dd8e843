/**
 * Bytes kept up to a cap, decoded as UTF-8: every executor's output (a local
 * process's stdout and stderr, an HTTP body). Past the cap the rest is counted
 * as dropped, never stored, so memory stays bounded whatever the source sends.
 */
export class CappedBytes {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private dropped = false;

  constructor(private readonly cap: number) {}

  /** Keeps what fits; returns false once the cap is reached (the caller may stop reading). */
  push(chunk: Buffer): boolean {
    const room = this.cap - this.kept;
    if (chunk.length > room) {
      this.dropped = true;
      if (room > 0) this.chunks.push(chunk.subarray(0, room));
      this.kept = this.cap;
      return false;
    }
    this.chunks.push(chunk);
    this.kept += chunk.length;
    return true;
  }

  get truncated(): boolean {
    return this.dropped;
  }

  /** The bytes kept, as they came. */
  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.kept);
  }

  text(): string {
    const bytes = this.bytes();
    return (this.dropped ? bytes.subarray(0, completeUtf8Length(bytes)) : bytes).toString("utf8");
  }
}

/** Caps a string at `cap` UTF-8 bytes, never splitting a character. */
export function capUtf8(text: string, cap: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= cap) return { text, truncated: false };
  const head = bytes.subarray(0, cap);
  return { text: head.subarray(0, completeUtf8Length(head)).toString("utf8"), truncated: true };
}

/**
 * The length of `bytes` without a trailing, incomplete UTF-8 sequence, so a
 * cut made at a byte count does not turn half a character into U+FFFD.
 */
export function completeUtf8Length(bytes: Uint8Array): number {
  // A sequence is at most 4 bytes: look back at most 3 for its lead byte.
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
