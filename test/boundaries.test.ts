/**
 * The boundaries ARCHITECTURE.md says must never be crossed, checked on the
 * sources: the parser imports no other workspace package (nor anything but
 * chevrotain and Node's built-ins), and the language server never imports the
 * runtime, not even through another package.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const PACKAGES = resolve(import.meta.dirname, "../packages");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Bare specifiers (packages) imported by the non-test sources of one package. */
function packagesImportedBy(pkg: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(join(PACKAGES, pkg, "src"))) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith(".")) continue;
      const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
      found.set(name, [...(found.get(name) ?? []), file.slice(PACKAGES.length + 1)]);
    }
  }
  return found;
}

/** The parser's folders (syntax, semantic, lint …) that the non-test sources of `folder` import. */
function parserFoldersImportedBy(folder: string): Set<string> {
  const src = join(PACKAGES, "parser", "src");
  const found = new Set<string>();
  for (const file of sources(join(src, folder))) {
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith(".")) continue;
      const target = relative(src, resolve(dirname(file), specifier)).split(/[\\/]/);
      if (target.length > 1 && target[0] !== folder) found.add(target[0]!);
    }
  }
  return found;
}

describe("the parser's layers", () => {
  // syntax → semantic → lint and model, side by side; ../load.ts alone puts lint and model together.
  it("syntax reads no meaning: it imports neither semantic, lint, model nor format", () => {
    const imported = parserFoldersImportedBy("syntax");
    for (const folder of ["semantic", "lint", "model", "format"]) expect(imported).not.toContain(folder);
  });

  it("semantic imports neither lint nor model", () => {
    const imported = parserFoldersImportedBy("semantic");
    expect(imported).not.toContain("lint");
    expect(imported).not.toContain("model");
  });

  it("lint and model never import each other", () => {
    expect(parserFoldersImportedBy("lint")).not.toContain("model");
    expect(parserFoldersImportedBy("model")).not.toContain("lint");
  });
});

describe("package boundaries", () => {
  it("the parser imports only chevrotain and Node's built-ins", () => {
    const imported = [...packagesImportedBy("parser").keys()].filter((name) => !name.startsWith("node:"));
    expect(imported).toEqual(["chevrotain"]);
  });

  it("the matcher imports only the parser: no I/O, no execution, so the language server and a browser can use it", () => {
    const imported = [...packagesImportedBy("match").keys()];
    expect(imported).toEqual(["@hdlp/parser"]);
  });

  it("the language service imports only the parser and LSP's types: pure, so a browser runs it", () => {
    const imported = [...packagesImportedBy("language-service").keys()].sort();
    expect(imported).toEqual(["@hdlp/parser", "vscode-languageserver-types"]);
  });

  it("the runtime never imports the MCP server, nor the CLI", () => {
    const imported = [...packagesImportedBy("runtime").keys()];
    expect(imported).not.toContain("@hdlp/mcp");
    expect(imported).not.toContain("hdlp");
    expect([...packagesImportedBy("mcp").keys()]).toEqual(expect.arrayContaining(["@hdlp/runtime", "@modelcontextprotocol/server"]));
  });

  it("the language server never imports the runtime, directly or through the CLI", () => {
    const imported = [...packagesImportedBy("lsp").keys()];
    expect(imported).not.toContain("@hdlp/runtime");
    expect(imported).not.toContain("hdlp");
    expect(imported).toContain("@hdlp/parser");
  });
});
