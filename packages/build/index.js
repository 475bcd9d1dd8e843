/**
 * The one esbuild configuration of the workspace: the commands' bundles
 * (`pnpm build`, run by the install's `prepare`), the VS Code extension's
 * (packages/vscode-extension/scripts/build.mjs) and the benchmarks' (bench/)
 * all start from `NODE`, so what the benchmarks time is what users run.
 *
 * Plain JavaScript, checked by `tsc` through its JSDoc: it runs before
 * anything is built, on a bare Node.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

/** The workspace's root folder. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every dependency bundled in, for Node, readable in a stack trace (no minifying, names as written). */
export const NODE = Object.freeze({
  bundle: true,
  platform: /** @type {const} */ ("node"),
  legalComments: /** @type {const} */ ("none"),
  logLevel: /** @type {const} */ ("warning"),
});

/**
 * For a browser: what a bundle that must run in one is built with (the
 * playground's page, and the test that bundles the core packages for it).
 * A Node built-in fails such a build. Nothing here needs more than ES2022.
 */
export const BROWSER = Object.freeze({
  bundle: true,
  platform: /** @type {const} */ ("browser"),
  target: ["es2022"],
  legalComments: /** @type {const} */ ("none"),
  logLevel: /** @type {const} */ ("warning"),
});

/** An ES module for the Node the workspace supports (package.json's `engines`). */
export const NODE_ESM = Object.freeze({
  ...NODE,
  format: /** @type {const} */ ("esm"),
  target: "node20",
  // Bundled CommonJS dependencies (ajv, vscode-languageserver) still call require() for Node's built-ins.
  banner: { js: 'import { createRequire as __hdlpCreateRequire } from "node:module"; const require = __hdlpCreateRequire(import.meta.url);' },
});

/**
 * The commands the workspace builds: a package's entry points (`name: source`,
 * relative to the package), bundled into its `dist/` as `<name>.js`, which its
 * `bin` file imports. The entries of one package share chunks, and a command
 * loads the chunk of a subcommand only when it runs it. A package with a
 * command of its own joins with one line.
 *
 * Both commands live in the one published package, `hdlp` (packages/cli), so
 * that what npm installs is what the workspace runs; the language server's
 * entry is reached through the workspace's link to @hdlp/lsp (a devDependency
 * there), as the VS Code extension's build reaches it.
 *
 * @type {readonly { readonly package: string, readonly entries: Readonly<Record<string, string>> }[]}
 */
export const COMMANDS = [{ package: "packages/cli", entries: { hdlp: "src/main.ts", "hdlp-language-server": "node_modules/@hdlp/lsp/src/main.ts" } }];

/**
 * Bundle with esbuild and write what changed. An unchanged file is not
 * touched and a changed one is replaced whole (written beside it, then
 * renamed), so a process starting from the output meanwhile reads the old
 * file or the new one, never half of one; with `outdir`, files there that the
 * build no longer makes (chunks of an earlier build) are removed. A failure
 * rejects, after esbuild has printed the errors.
 *
 * @param {esbuild.BuildOptions} options
 * @returns {Promise<esbuild.BuildResult<{ write: false }>>} esbuild's result: its metafile, when `options` ask for one
 */
export async function bundle(options) {
  /** @type {esbuild.BuildResult<{ write: false }>} */
  const result = await esbuild.build({ ...options, write: false });
  for (const file of result.outputFiles) writeIfChanged(file.path, file.contents);
  if (options.outdir) removeAllBut(options.outdir, new Set(result.outputFiles.map((file) => file.path)));
  return result;
}

/**
 * @param {string} path
 * @param {Uint8Array} contents
 */
function writeIfChanged(path, contents) {
  try {
    if (Buffer.compare(readFileSync(path), contents) === 0) return;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/**
 * @param {string} folder
 * @param {ReadonlySet<string>} keep
 */
function removeAllBut(folder, keep) {
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !keep.has(path)) rmSync(path);
  }
}

/**
 * Build every command of `COMMANDS` into its package's `dist/`.
 *
 * @returns {Promise<string[]>} the entry files built, relative to the root
 */
export async function buildCommands() {
  const built = await Promise.all(
    COMMANDS.map(async (command) => {
      const outdir = join(ROOT, command.package, "dist");
      await bundle({
        ...NODE_ESM,
        absWorkingDir: join(ROOT, command.package),
        entryPoints: command.entries,
        outdir,
        splitting: true,
        chunkNames: "chunks/[name]-[hash]",
      });
      return Object.keys(command.entries).map((name) => relative(ROOT, join(outdir, `${name}.js`)));
    }),
  );
  return built.flat();
}
