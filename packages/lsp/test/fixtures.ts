/** Texts the end-to-end tests and the benchmark open in the server. */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Position } from "vscode-languageserver-protocol";

export const TESTDATA = new URL("./testdata/", import.meta.url);

/** The seed's §7 example, verbatim. */
export const SEED_EXAMPLE = readFileSync(new URL("tools/shell-exec/TOOL.hdlp", TESTDATA), "utf8");

/** A uri no tools folder contains: only the single-file rules apply. */
export function scratchUri(name: string): string {
  return pathToFileURL(`/tmp/hdlp-lsp-scratch/${name}/TOOL.hdlp`).href;
}

/**
 * A text with `|` marking the cursor: returns the text without it and the
 * cursor's LSP position.
 */
export function withCursor(marked: string): { text: string; position: Position } {
  const at = marked.indexOf("|");
  if (at < 0) throw new Error("no | cursor in the text");
  const text = marked.slice(0, at) + marked.slice(at + 1);
  const before = text.slice(0, at).split("\n");
  return { text, position: { line: before.length - 1, character: before[before.length - 1]!.length } };
}

/**
 * A valid TOOL.hdlp of at most `bytes` bytes (of UTF-8), as close to it as
 * whole lines go: the seed's example with a long `params_schema` (the part of
 * a real file that grows). 1 MiB is the largest file the parser reads
 * (MAX_TOOL_FILE_BYTES). Shared with the bench.
 */
export function largeTool(bytes: number): string {
  const head = SEED_EXAMPLE.slice(0, SEED_EXAMPLE.indexOf("constraints:"));
  const tail = SEED_EXAMPLE.slice(SEED_EXAMPLE.indexOf("constraints:"));
  const params: string[] = [];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; ; i++) {
    const line = `  param_${i}: { type: ${i % 2 ? "integer" : "string"}, required: ${i % 3 === 0}, description: "第${i}个参数: 工作目录" }\n`;
    size += Buffer.byteLength(line);
    if (size > bytes) break;
    params.push(line);
  }
  return head + params.join("") + tail;
}

/** Turns a snippet into the text it inserts when every placeholder keeps its default. */
export function expandSnippet(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, "$1")
    .replace(/\$\{\d+:((?:\\.|[^}\\])*)\}/g, (_m, text: string) => text.replace(/\\(.)/g, "$1"))
    .replace(/\$\d+/g, "");
}
