// Start-up speed for commands that run their TypeScript sources with no build
// step (`hdlp`, `hdlp-language-server`).
//
// Loading the sources through tsx costs a loader round trip per module, and the
// parser's Chevrotain (with lodash-es) is hundreds of modules: seconds before
// `hdlp lint` reads its first file. So the first run bundles the package's
// entry points with esbuild (which tsx already depends on) into the package's
// node_modules/.cache, and later runs import that bundle directly: a handful of
// modules, no loader hooks.
// The bundle is rebuilt whenever any file it was built from has changed, so
// editing a source file is seen on the next run, exactly as with tsx. Should
// bundling fail for any reason, the CLI runs through tsx as before.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/** The bundle's manifest: the output of each entry, and the modification time of every input. */
function readManifest(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

function isFresh(manifest) {
  if (!manifest?.outputs || !manifest.inputs || !Object.values(manifest.outputs).every((file) => existsSync(file))) return false;
  for (const [file, mtime] of Object.entries(manifest.inputs)) {
    try {
      if (statSync(file).mtimeMs !== mtime) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Bundled, a module's `import.meta.url` would be the bundle's. Sources that
 * find files beside themselves (data files, package.json) keep their own URL.
 */
const keepOwnUrl = {
  name: "keep-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: "ts" };
    });
  },
};

/** esbuild, tsx's own dependency: resolved from tsx's location. */
export function loadEsbuild() {
  return createRequire(require.resolve("tsx"))("esbuild");
}

/** How the commands' sources are bundled; the benchmarks bundle what they time the same way. */
export const NODE_BUNDLE = Object.freeze({
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "silent",
  plugins: [keepOwnUrl],
  // Bundled CommonJS dependencies still call require() for Node's built-ins.
  banner: { js: 'import { createRequire as __hdlpCreateRequire } from "node:module"; const require = __hdlpCreateRequire(import.meta.url);' },
});

async function build(sourceDir, entries, cacheDir, manifestPath) {
  const outdir = join(cacheDir, `build-${process.pid}-${Date.now()}`);
  const result = await loadEsbuild().build({
    ...NODE_BUNDLE,
    entryPoints: entries.map((name) => join(sourceDir, name)),
    absWorkingDir: sourceDir,
    splitting: true,
    outdir,
    outExtension: { ".js": ".mjs" },
    metafile: true,
  });
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = resolve(sourceDir, input.replace(/^[a-z-]+:/, ""));
    if (existsSync(file)) inputs[file] = statSync(file).mtimeMs;
  }
  const outputs = Object.fromEntries(entries.map((name) => [name, join(outdir, name.replace(/\.ts$/, ".mjs"))]));
  // Write the manifest atomically: a concurrent run sees the old one or the new one, never half.
  const temporary = `${manifestPath}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ outputs, inputs }));
  renameSync(temporary, manifestPath);
  // Builds older than a minute go (a run started a moment ago may still load chunks of its own).
  for (const name of readdirSync(cacheDir)) {
    const path = join(cacheDir, name);
    if (name.startsWith("build-") && path !== outdir && statSync(path).mtimeMs < Date.now() - 60_000) rmSync(path, { recursive: true, force: true });
  }
  return outputs;
}

/** The outputs of the bundle this process runs from; on globalThis, as a bundle holds its own copy of this module. */
const RUNNING_BUNDLE = Symbol.for("@hdlp/launcher running bundle");

/**
 * Where a worker thread of this process starts: straight from the bundle the
 * process runs from, which `runBundled` checked a moment ago (checking it again
 * in the thread would cost a stat of every source, on the core that V8's
 * compiler needs while the main thread warms up); else `binUrl`, an entry that
 * calls `runBundled` itself.
 *
 * @param {string} entry a source entry, as in `runBundled`'s `entries`
 * @param {URL} binUrl
 * @returns {URL}
 */
export function workerEntry(entry, binUrl) {
  const output = globalThis[RUNNING_BUNDLE]?.[entry];
  return output ? pathToFileURL(output) : binUrl;
}

/**
 * Run `<packageDir>/src/<entry>` from a fresh bundle of all the package's
 * `entries` (they share chunks), or through tsx when bundling is impossible or
 * turned off (HDLP_NO_BUNDLE=1).
 *
 * @param {{ packageDir: URL, entries: readonly string[], entry: string }} options
 */
export async function runBundled({ packageDir, entries, entry }) {
  const sourceDir = fileURLToPath(new URL("src/", packageDir));
  const cacheDir = join(fileURLToPath(packageDir), "node_modules", ".cache", "hdlp-bundle");
  const manifestPath = join(cacheDir, "manifest.json");
  let outputs;
  if (!process.env.HDLP_NO_BUNDLE) {
    const manifest = readManifest(manifestPath);
    try {
      if (isFresh(manifest)) outputs = manifest.outputs;
      else {
        mkdirSync(cacheDir, { recursive: true });
        outputs = await build(sourceDir, entries, cacheDir, manifestPath);
      }
    } catch {
      outputs = undefined;
    }
  }
  if (outputs?.[entry]) {
    globalThis[RUNNING_BUNDLE] = outputs;
    return import(pathToFileURL(outputs[entry]).href);
  }
  const { register } = await import("tsx/esm/api");
  register();
  return import(new URL(entry, pathToFileURL(sourceDir)).href);
}
