/**
 * The text in the page's address, as the TypeScript playground keeps it:
 * `#code/<lz-string>`, updated as you type, so the address is always a link
 * to what is on the screen.
 */
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";

const PREFIX = "#code/";

/** The text a link carries, or undefined when it carries none (or a damaged one). */
export function textFromHash(hash: string): string | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  return decompressFromEncodedURIComponent(hash.slice(PREFIX.length)) ?? undefined;
}

export function hashOf(text: string): string {
  return PREFIX + compressToEncodedURIComponent(text);
}
