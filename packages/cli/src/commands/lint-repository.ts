/**
 * `hdlp lint forgejo:OWNER/REPO[@REF][:PATH]`: the tool files of a repository
 * at the ref's head, found and read as the registry reads them (no stale
 * index: a lint gate must see the repository as it is now), linted together.
 */
import { type ExtraRules, lintFiles, type LintedFile } from "@hdlp/parser";
import { RegistryReadError, ToolSourceError } from "@hdlp/runtime";
import { UnreadableError } from "../command.ts";
import { registryChoice, repositoryScanner } from "./registry-options.ts";

/** `extraFor`: the rules from outside the core for these files (the matcher's, see lint.ts). */
export async function lintRepository(
  root: string,
  config: string | undefined,
  extraFor: (files: readonly { path: string; text: string }[]) => ExtraRules,
): Promise<{ results: LintedFile[]; texts: Map<string, string> }> {
  const scanner = repositoryScanner(registryChoice({ root, ...(config === undefined ? {} : { config }) }));
  let read: Awaited<ReturnType<typeof scanner.sources>>;
  try {
    read = await scanner.sources();
  } catch (error) {
    if (error instanceof RegistryReadError || error instanceof ToolSourceError)
      throw new UnreadableError(`${root} cannot be read from Forgejo: ${error.message}`);
    throw error;
  }
  for (const link of read.escaped)
    process.stderr.write(`hdlp lint: ${link.path} is not linted: ${link.folder} links to ${link.target}, outside the tools root.\n`);
  return { results: lintFiles(read.files, {}, extraFor(read.files)), texts: new Map(read.files.map((file) => [file.path, file.text])) };
}
