/**
 * How the playground is bundled: one script for the browser, every dependency
 * inside, no Node module (a Node built-in fails the build), and the example
 * tools of `examples/tools/` read at build time into the module
 * `hdlp:examples`. Shared by `build.mjs`, `serve.mjs` and the tests; the
 * options every browser bundle starts from are packages/build's `BROWSER`.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BROWSER } from "@hdlp/build";

export const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
export const ROOT = join(PACKAGE, "../..");
const EXAMPLES = join(ROOT, "examples/tools");

/** `{ "<folder>": "<TOOL.hdlp text>" }` of every example tool, in folder order. */
export function exampleTools() {
  /** @type {Record<string, string>} */
  const tools = {};
  for (const folder of readdirSync(EXAMPLES).sort()) {
    const file = join(EXAMPLES, folder, "TOOL.hdlp");
    if (existsSync(file)) tools[folder] = readFileSync(file, "utf8");
  }
  return tools;
}

/** @type {import("esbuild").Plugin} */
const examplesPlugin = {
  name: "hdlp-examples",
  setup(build) {
    build.onResolve({ filter: /^hdlp:examples$/ }, (args) => ({ path: args.path, namespace: "hdlp-examples" }));
    build.onLoad({ filter: /.*/, namespace: "hdlp-examples" }, () => ({
      contents: JSON.stringify(exampleTools()),
      loader: "json",
      watchFiles: readdirSync(EXAMPLES).map((folder) => join(EXAMPLES, folder, "TOOL.hdlp")),
      watchDirs: [EXAMPLES],
    }));
  },
};

/**
 * The page: `playground.js` (one classic script, so `index.html` works opened
 * from the disk too) and `playground.css`, into `outdir`.
 *
 * @param {string} outdir
 * @returns {import("esbuild").BuildOptions}
 */
export function pageBuild(outdir) {
  return {
    ...BROWSER,
    entryPoints: { playground: join(PACKAGE, "src/main.ts") },
    outdir,
    format: "iife",
    minify: true,
    sourcemap: "linked",
    plugins: [examplesPlugin],
  };
}

/**
 * The value after `name` on the command line, undefined when the flag is absent.
 *
 * @param {string} name
 */
export function option(name) {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
}
