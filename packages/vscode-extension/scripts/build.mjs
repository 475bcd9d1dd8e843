#!/usr/bin/env node
/**
 * Bundles the extension with esbuild into two CommonJS files, everything they
 * import included, so the .vsix ships no node_modules:
 *   dist/extension.js  the client (src/extension.ts), which VS Code loads; `vscode` stays external
 *   dist/server.js     the language server (@hdlp/lsp's src/main.ts), which the client starts with Node
 * dist/package.json marks both as CommonJS (the package itself is an ES module).
 *
 *   node scripts/build.mjs [--minify] [--outdir path/to/dist]   (default: this package's dist/)
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, NODE } from "@hdlp/build";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdirFlag = process.argv.indexOf("--outdir");
const dist = outdirFlag > 0 ? resolve(process.argv[outdirFlag + 1]) : join(root, "dist");
// The workspace links @hdlp/lsp here (a devDependency); its package exports only its library API.
const serverEntry = join(root, "node_modules/@hdlp/lsp/src/main.ts");

// The workspace's configuration (@hdlp/build), as CommonJS for VS Code.
const common = {
  ...NODE,
  format: "cjs",
  // VS Code 1.82 runs extensions on Node 18.
  target: "node18",
  // The language server's `vscode-languageserver/node` and the client's `vscode-languageclient/node`
  // publish their entry as `main`; prefer it over `module`, as Node would.
  mainFields: ["main", "module"],
  minify: process.argv.includes("--minify"),
};

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await Promise.all([
  bundle({ ...common, entryPoints: [join(root, "src/extension.ts")], outfile: join(dist, "extension.js"), external: ["vscode"] }),
  bundle({ ...common, entryPoints: [serverEntry], outfile: join(dist, "server.js") }),
]);
await writeFile(join(dist, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
console.log(`built ${join(dist, "extension.js")} and ${join(dist, "server.js")}`);
