#!/usr/bin/env node
/**
 * `pnpm package:vscode`: bundles the extension (scripts/build.mjs, minified)
 * and packs it with vsce 3 (`vsce package --no-dependencies`: the bundles carry
 * every dependency, so no node_modules go in).
 *
 *   node scripts/package.mjs [--out path/to/file.vsix]   (default dist/hdlp-vscode.vsix)
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outFlag = process.argv.indexOf("--out");
const out = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(root, "dist", "hdlp-vscode.vsix");
const vsce = join(dirname(createRequire(import.meta.url).resolve("@vscode/vsce/package.json")), "vsce");

const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: "inherit" });
run([join(root, "scripts/build.mjs"), "--minify"]);
// No repository or LICENSE: the package is built for local installs, never published.
run([vsce, "package", "--no-dependencies", "--skip-license", "--allow-missing-repository", "--out", out]);
