/**
 * Checks what a built .vsix contains: the manifest and every file it points
 * at (bundles, grammar, snippets, language configuration, icon), each
 * readable; the two bundles self-contained; and nothing that must not ship
 * (node_modules, TypeScript sources, tests, build scripts).
 *
 *   node --import tsx src/vsix/check-vsix.ts dist/hdlp-vscode.vsix
 */
import { readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { readZip } from "./zip.ts";

interface Manifest {
  main?: string;
  icon?: string;
  contributes?: {
    languages?: { id: string; configuration?: string }[];
    grammars?: { scopeName: string; path: string }[];
    snippets?: { path: string }[];
    commands?: { command: string }[];
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Paths that must never be in the package, with the reason. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/(^|\/)node_modules\//, "node_modules are bundled, never shipped"],
  [/\.(c|m)?ts$/, "TypeScript sources are bundled, never shipped"],
  [/^extension\/src\//, "sources are bundled, never shipped"],
  [/(^|\/)(test|testdata)\//, "tests are not shipped"],
  [/\.test\.[cm]?[jt]s$/, "tests are not shipped"],
  [/^extension\/scripts\//, "build scripts are not shipped"],
  [/\.vsix$/, "a package inside the package"],
];

/** The modules a bundle may still require at run time: Node's own, and `vscode` for the client. */
function allowedRequire(specifier: string, bundle: "client" | "server"): boolean {
  const bare = specifier.replace(/^node:/, "");
  if (builtinModules.includes(bare) || builtinModules.includes(bare.split("/")[0]!)) return true;
  return bundle === "client" && specifier === "vscode";
}

/** What is wrong with the package; empty when it is complete and clean. */
export function checkVsix(files: ReadonlyMap<string, Buffer>): string[] {
  const problems: string[] = [];
  const file = (path: string) => files.get(`extension/${path.replace(/^\.\//, "")}`);
  const json = (path: string): unknown => {
    const content = file(path);
    if (!content) {
      problems.push(`missing: ${path}`);
      return undefined;
    }
    try {
      return JSON.parse(content.toString("utf8"));
    } catch (error) {
      problems.push(`${path} is not JSON: ${(error as Error).message}`);
      return undefined;
    }
  };

  for (const required of ["extension.vsixmanifest", "[Content_Types].xml"]) {
    if (!files.has(required)) problems.push(`missing: ${required} (not a vsce package)`);
  }
  for (const [path] of files) {
    const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(path));
    if (forbidden) problems.push(`must not ship ${path}: ${forbidden[1]}`);
  }

  const manifest = json("package.json") as Manifest | undefined;
  if (!manifest) return problems;

  const languages = manifest.contributes?.languages ?? [];
  if (!languages.some((l) => l.id === "hdlp")) problems.push("package.json contributes no `hdlp` language");
  for (const language of languages) if (language.configuration) json(language.configuration);

  const grammars = manifest.contributes?.grammars ?? [];
  if (!grammars.some((g) => g.scopeName === "source.hdlp")) problems.push("package.json contributes no source.hdlp grammar");
  for (const grammar of grammars) {
    const parsed = json(grammar.path) as { scopeName?: string; patterns?: unknown[] } | undefined;
    if (parsed && (parsed.scopeName !== grammar.scopeName || !parsed.patterns?.length))
      problems.push(`${grammar.path} is not the ${grammar.scopeName} grammar`);
  }

  const snippets = manifest.contributes?.snippets ?? [];
  if (snippets.length === 0) problems.push("package.json contributes no snippets");
  for (const snippet of snippets) {
    const parsed = json(snippet.path);
    if (parsed && Object.keys(parsed).length === 0) problems.push(`${snippet.path} holds no snippet`);
  }

  for (const command of ["hdlp.newTool", "hdlp.lintWorkspace"]) {
    if (!manifest.contributes?.commands?.some((c) => c.command === command)) problems.push(`package.json contributes no ${command} command`);
  }

  if (!manifest.icon) problems.push("package.json names no icon");
  else if (!file(manifest.icon)?.subarray(0, 8).equals(PNG_SIGNATURE)) problems.push(`icon ${manifest.icon} is missing or not a PNG`);

  const bundles: [string | undefined, "client" | "server"][] = [
    [manifest.main, "client"],
    ["dist/server.js", "server"],
  ];
  for (const [path, bundle] of bundles) {
    const code = path ? file(path) : undefined;
    if (!code) {
      problems.push(`missing the ${bundle} bundle${path ? `: ${path}` : " (package.json has no main)"}`);
      continue;
    }
    for (const [, specifier] of code.toString("utf8").matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
      if (!allowedRequire(specifier!, bundle)) problems.push(`${path} requires "${specifier}" at run time: the bundle must include it`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  if (!path) {
    console.error("usage: check-vsix <file.vsix>");
    process.exit(2);
  }
  const files = readZip(await readFile(path));
  const problems = checkVsix(files);
  for (const [name, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) console.log(`${String(content.length).padStart(9)}  ${name}`);
  if (problems.length > 0) {
    console.error(`\n${path}: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`\n${path}: ${files.size} files, complete and clean.`);
}
