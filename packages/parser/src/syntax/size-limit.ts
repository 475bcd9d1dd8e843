/**
 * The largest TOOL.hdlp read (docs/spec.md §9, `file-too-large`). A tool file
 * is a few kilobytes; a larger one is a mistake or an attack, and reading it
 * would cost memory and time out of all proportion (a 50 MB file took
 * gigabytes to list). So a text over the limit is answered with one
 * diagnostic and is not parsed, and `hdlp` does not even read such a file.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { Range } from "./ast.ts";
import { syntaxDiagnostic } from "./syntax-diagnostics.ts";

/** 1 MiB, in bytes of UTF-8 (the file as it is on disk). */
export const MAX_TOOL_FILE_BYTES = 1024 * 1024;

/**
 * The size of `text` in UTF-8 when it is over MAX_TOOL_FILE_BYTES, else
 * undefined. Counted only where the answer is not already clear: a UTF-16
 * unit is one to three bytes (a surrogate pair four for two units).
 */
export function oversizeBytes(text: string): number | undefined {
  if (text.length * 3 <= MAX_TOOL_FILE_BYTES) return undefined;
  let bytes = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes > MAX_TOOL_FILE_BYTES ? bytes : undefined;
}

const grouped = (n: number) => n.toLocaleString("en-US");

/** The one diagnostic of a file over the limit, at its start (`range`: where that is in the document, when there is one). */
export function fileTooLarge(
  bytes: number,
  range: Range = { start: { offset: 0, line: 0, character: 0 }, end: { offset: 0, line: 0, character: 0 } },
): Diagnostic {
  return syntaxDiagnostic(
    "file-too-large",
    `This file is ${grouped(bytes)} bytes, more than the ${grouped(MAX_TOOL_FILE_BYTES)} bytes (1 MiB) a TOOL.hdlp may have; it is not read.`,
    range,
  );
}
