/**
 * The parser, linter, formatter, matcher and language service run in a browser
 * unchanged: each package's entry is bundled for the browser platform with the
 * playground's own configuration, and the build fails on any Node module they
 * pull in (esbuild resolves no Node built-in for a browser; this test also
 * names the importer). The page's own build is the same with its editor on top.
 */
import { builtinModules } from "node:module";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it } from "vitest";
import { BROWSER } from "@hdlp/build";
import { ROOT } from "../scripts/config.mjs";

const NODE_MODULES = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Each Node built-in imported, with the file that imports it; the build's own errors besides. */
async function bundleForBrowser(entry: string): Promise<{ nodeImports: string[]; errors: string[]; bytes: number }> {
  const nodeImports: string[] = [];
  const result = await esbuild
    .build({
      ...BROWSER,
      entryPoints: [entry],
      write: false,
      format: "esm",
      logLevel: "silent",
      plugins: [
        {
          name: "no-node-modules",
          setup(build) {
            build.onResolve({ filter: /.*/ }, (args) => {
              if (NODE_MODULES.has(args.path)) nodeImports.push(`${args.importer.replace(ROOT, "")} imports ${args.path}`);
              return undefined;
            });
          },
        },
      ],
    })
    .catch((failure: esbuild.BuildFailure) => ({ errors: failure.errors, outputFiles: [] }));
  const errors = result.errors.map((e) => `${e.location?.file ?? ""}:${e.location?.line ?? ""} ${e.text}`);
  return { nodeImports, errors, bytes: result.outputFiles?.reduce((sum, file) => sum + file.contents.length, 0) ?? 0 };
}

describe("the core packages, bundled for a browser", () => {
  it.each([
    ["@hdlp/parser (parser, linter, formatter, JSON Schema)", "packages/parser/src/index.ts"],
    ["@hdlp/match (the intent matcher)", "packages/match/src/index.ts"],
    ["@hdlp/language-service (completion, hover, quick fixes, formatting)", "packages/language-service/src/index.ts"],
  ])("%s pulls in no Node module", async (_name, entry) => {
    const { nodeImports, errors, bytes } = await bundleForBrowser(join(ROOT, entry));
    expect(nodeImports).toEqual([]);
    expect(errors).toEqual([]);
    expect(bytes).toBeGreaterThan(0);
  });

  it("fails on a module that imports one, naming the importer", async () => {
    const { nodeImports, errors } = await bundleForBrowser(join(ROOT, "packages/runtime/src/index.ts"));
    expect(nodeImports.some((line) => / imports node:/.test(line))).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});
