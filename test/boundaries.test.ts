/**
 * The boundaries ARCHITECTURE.md says must never be crossed, checked on the
 * sources: the parser imports no other workspace package (nor anything but
 * chevrotain and Node's built-ins), and the language server never imports the
 * runtime, not even through another package.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const PACKAGES = resolve(import.meta.dirname, "../packages");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
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

describe("package boundaries", () => {
  it("the parser imports only chevrotain and Node's built-ins", () => {
    const imported = [...packagesImportedBy("parser").keys()].filter((name) => !name.startsWith("node:"));
    expect(imported).toEqual(["chevrotain"]);
  });

  it("the runtime never imports the MCP server, nor the CLI", () => {
    const imported = [...packagesImportedBy("runtime").keys()];
    expect(imported).not.toContain("@hdlp/mcp");
    expect(imported).not.toContain("@hdlp/cli");
    expect([...packagesImportedBy("mcp").keys()]).toEqual(expect.arrayContaining(["@hdlp/runtime", "@modelcontextprotocol/server"]));
  });

  it("the language server never imports the runtime, directly or through the CLI", () => {
    const imported = [...packagesImportedBy("lsp").keys()];
    expect(imported).not.toContain("@hdlp/runtime");
    expect(imported).not.toContain("@hdlp/cli");
    expect(imported).toContain("@hdlp/parser");
  });
});
