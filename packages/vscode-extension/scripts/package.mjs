#!/usr/bin/env node
/**
 * `pnpm package:vscode`: bundles the extension (scripts/build.mjs, minified)
 * and packs it with vsce 3 (`vsce package --no-dependencies`: the bundles carry
 * every dependency, so no node_modules go in).
 *
 *   node scripts/package.mjs [--out path/to/file.vsix]   (default dist/hdlp-vscode.vsix)
 *
 * Everything is built and packed in a fresh temp folder holding the manifest and
 * the files it lists, never in this package's dist/: two packagings at once (a
 * test run and `pnpm package:vscode`, or two engineers' test runs) cannot
 * delete or overwrite each other's bundles, and a stale dist/ cannot end up in
 * the .vsix.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outFlag = process.argv.indexOf("--out");
const out = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : join(root, "dist", "hdlp-vscode.vsix");
const vsce = join(dirname(createRequire(import.meta.url).resolve("@vscode/vsce/package.json")), "vsce");

const stage = mkdtempSync(join(tmpdir(), "hdlp-vscode-package-"));
try {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  // The manifest's `files` are what the .vsix holds; those under dist/ are built below, the rest copied.
  for (const file of ["package.json", ...manifest.files.filter((f) => !f.startsWith("dist/"))]) {
    cpSync(join(root, file), join(stage, file));
  }
  const run = (args) => execFileSync(process.execPath, args, { cwd: stage, stdio: "inherit" });
  run([join(root, "scripts/build.mjs"), "--minify", "--outdir", join(stage, "dist")]);
  mkdirSync(dirname(out), { recursive: true });
  // No repository or LICENSE: the package is built for local installs, never published.
  run([vsce, "package", "--no-dependencies", "--skip-license", "--allow-missing-repository", "--out", out]);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
