#!/usr/bin/env node
/**
 * The workspace's one version. It is the `version` of packages/cli/package.json,
 * the published `hdlp` package; everything else that carries a version takes
 * it from there: every workspace package's package.json (the VS Code
 * extension's, so the .vsix says it; the language server's, whose
 * `serverInfo` says it) and the `npx -y hdlp@<version> …` commands of the
 * README and docs/. `hdlp --version` prints it from the bundled package.json.
 *
 *   node scripts/version.mjs           print the version; exit 1 naming every place that differs
 *   node scripts/version.mjs 0.2.0     write 0.2.0 everywhere (then add its section to CHANGELOG.md)
 *
 * test/version.test.ts fails while any place differs.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The workspace's root folder. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The manifest that holds the version: the published package's. */
export const SOURCE = "packages/cli/package.json";

/** A semantic version, as npm reads one (prerelease and build parts included). */
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** The manifest's own `"version": "…"` line (the first one: a nested object comes later). */
const MANIFEST_VERSION = /("version"\s*:\s*")([^"]*)(")/;

/** A command of the docs that runs the published package: `hdlp@0.1.0`. */
const DOC_COMMAND = /(?<![\w@/.-])(hdlp@)(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)/g;

/**
 * The files that carry the version, relative to `root`: every workspace
 * package's manifest (pnpm-workspace.yaml: packages/* and test) and the
 * Markdown pages users read.
 *
 * @param {string} root
 * @returns {{ manifests: string[], docs: string[] }}
 */
export function versionedFiles(root = ROOT) {
  const folders = (/** @type {string} */ dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${dir}/${e.name}`);
  const manifests = [...folders("packages"), "test"].map((dir) => `${dir}/package.json`).filter((path) => readable(join(root, path)));
  const markdown = (/** @type {string} */ dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith(".md"))
      .map((name) => (dir === "." ? name : `${dir}/${name}`));
  const docs = [...markdown("."), ...markdown("docs"), ...markdown("packages/cli")];
  return { manifests, docs };
}

/**
 * @param {string} path
 * @returns {boolean}
 */
function readable(path) {
  try {
    readFileSync(path);
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * The version of SOURCE under `root`.
 *
 * @param {string} root
 * @returns {string}
 */
export function currentVersion(root = ROOT) {
  return JSON.parse(readFileSync(join(root, SOURCE), "utf8")).version;
}

/**
 * Every place under `root` whose version is not `version`: `path: found`.
 *
 * @param {string} version
 * @param {string} root
 * @returns {string[]}
 */
export function disagreements(version, root = ROOT) {
  const { manifests, docs } = versionedFiles(root);
  const found = [];
  for (const path of manifests) {
    const own = JSON.parse(readFileSync(join(root, path), "utf8")).version;
    if (own !== version) found.push(`${path}: version ${JSON.stringify(own)}`);
  }
  for (const path of docs) {
    for (const match of readFileSync(join(root, path), "utf8").matchAll(DOC_COMMAND)) {
      if (match[2] !== version) found.push(`${path}: ${match[0]}`);
    }
  }
  return found;
}

/**
 * Write `version` into every versioned file under `root`; the files that
 * changed, relative to it. The rest of each file is left as it was.
 *
 * @param {string} version
 * @param {string} root
 * @returns {string[]}
 */
export function setVersion(version, root = ROOT) {
  if (!SEMVER.test(version)) throw new Error(`\`${version}\` is not a version (MAJOR.MINOR.PATCH, e.g. 0.2.0)`);
  const { manifests, docs } = versionedFiles(root);
  /** @type {string[]} */
  const changed = [];
  /** @type {(path: string, edit: (text: string) => string) => void} */
  const rewrite = (path, edit) => {
    const before = readFileSync(join(root, path), "utf8");
    const after = edit(before);
    if (after === before) return;
    writeFileSync(join(root, path), after);
    changed.push(path);
  };
  for (const path of manifests) {
    rewrite(path, (text) => {
      if (!MANIFEST_VERSION.test(text)) throw new Error(`${path} has no "version" to set`);
      return text.replace(MANIFEST_VERSION, `$1${version}$3`);
    });
  }
  for (const path of docs) rewrite(path, (text) => text.replace(DOC_COMMAND, `$1${version}`));
  return changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [wanted] = process.argv.slice(2);
  if (wanted === undefined) {
    const version = currentVersion();
    const wrong = disagreements(version);
    console.log(version);
    if (wrong.length > 0) {
      console.error(`these do not say ${version} (${SOURCE}); \`node scripts/version.mjs ${version}\` writes it:\n  ${wrong.join("\n  ")}`);
      process.exit(1);
    }
  } else {
    try {
      const changed = setVersion(wanted);
      console.log(changed.length > 0 ? `version ${wanted} written to ${changed.join(", ")}` : `every file already says ${wanted}`);
    } catch (error) {
      console.error(`scripts/version.mjs: ${/** @type {Error} */ (error).message}`);
      process.exit(2);
    }
  }
}
