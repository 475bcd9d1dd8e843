/** Linting the files a command read: a file too large to read has the one finding saying so. */
import { combineLints, type ExtraRules, type FileLint, lintFile, type LintedFile, lintOversize } from "@hdlp/parser";
import type { SourceFile } from "./files.ts";

export function lintSource(file: SourceFile): FileLint {
  return "text" in file ? lintFile(file) : lintOversize(file.path, file.bytes);
}

/** Each file's findings and the rules across files (`extra`: rules of other packages, see ExtraRules), in the files' order. */
export function lintSources(files: readonly SourceFile[], extra?: ExtraRules): LintedFile[] {
  return combineLints(files.map(lintSource), extra);
}
