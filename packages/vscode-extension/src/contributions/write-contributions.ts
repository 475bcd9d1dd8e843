/**
 * Writes the generated contributions: the TextMate grammar and the snippets
 * (built from the catalogue) and the language configuration. `pnpm --filter hdlp-vscode generate` runs it; the test beside it
 * fails when a committed file differs from what the catalogue gives now.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildGrammar } from "./grammar.ts";
import { buildLanguageConfiguration } from "./language-configuration.ts";
import { buildSnippets } from "./snippets.ts";

/** The extension's folder, where package.json points at these files. */
export const EXTENSION_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Each generated file, by its path relative to the extension's folder, with its content. */
export function generatedFiles(): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "syntaxes/hdlp.tmLanguage.json": json(buildGrammar()),
    "snippets/hdlp.code-snippets": json(buildSnippets()),
    "language-configuration.json": json(buildLanguageConfiguration()),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, content] of Object.entries(generatedFiles())) {
    await writeFile(join(EXTENSION_ROOT, path), content);
    console.log(`wrote ${path}`);
  }
}
