/**
 * `--stdin --stdin-filename PATH` (lint and fmt): the text of one file read
 * from standard input, as editors and pre-commit hooks pass it, reported
 * under PATH. The file at PATH is neither read nor written; PATH names the
 * text in reports and is what the rules across files (the folder's name) see.
 */
import { MAX_TOOL_FILE_BYTES } from "@hdlp/parser";
import { UsageError } from "./command.ts";
import type { SourceFile } from "./files.ts";

export const STDIN_OPTIONS = {
  stdin: { type: "boolean" },
  "stdin-filename": { type: "string" },
} as const;

export const STDIN_HELP = `  --stdin             Read one file's text from standard input instead of paths
  --stdin-filename PATH  The name the text is reported under (and whose folder the
                      folder-name rule compares); the file itself is neither read nor written`;

/** The name given with --stdin, or undefined without --stdin; the two go together, and without paths. */
export function stdinName(values: { stdin?: boolean | undefined; "stdin-filename"?: string | undefined }, positionals: readonly string[]): string | undefined {
  const name = values["stdin-filename"];
  if (!values.stdin) {
    if (name !== undefined) throw new UsageError("--stdin-filename names the text read with --stdin: add --stdin.");
    return undefined;
  }
  if (name === undefined || name === "") throw new UsageError("--stdin needs --stdin-filename PATH, the name the text is reported under.");
  if (positionals.length) throw new UsageError(`--stdin reads one text from standard input, so it takes no paths (got \`${positionals[0]}\`).`);
  return name;
}

/** What was read: the file as the commands take it, and the bytes exactly as they came (printed back unchanged when nothing changes). */
export interface StdinText {
  readonly source: SourceFile;
  readonly bytes: Buffer;
}

/** Standard input to its end, as the file `name`: over MAX_TOOL_FILE_BYTES, by its size alone, as a file on disk would be. */
export async function readStdin(name: string): Promise<StdinText> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const source = bytes.length > MAX_TOOL_FILE_BYTES ? { path: name, bytes: bytes.length } : { path: name, text: bytes.toString("utf8") };
  return { source, bytes };
}
