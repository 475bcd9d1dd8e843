/**
 * The globalSetup of vitest.config.ts's `vsix` project: packs the extension
 * once per test run with scripts/package.mjs (as `pnpm package:vscode` does),
 * unpacks the .vsix into a temp folder from which no node_modules is
 * reachable, and provides where it is to the project's tests (`inject("vsix")`):
 * vsix.test.ts checks the package, and vsix-server-env.ts points the whole
 * language-server suite (packages/lsp/test/) at the bundled `dist/server.js`.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { readZip } from "../src/vsix/zip.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The .vsix this run built, and the folder its files are unpacked in (`extension/…` inside). */
    vsix: { readonly file: string; readonly unpacked: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const temp = await mkdtemp(join(tmpdir(), "hdlp-vsix-"));
  const file = join(temp, "hdlp-vscode.vsix");
  const unpacked = join(temp, "unpacked");
  try {
    execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/package.mjs", import.meta.url)), "--out", file], { stdio: "pipe" });
    for (const [path, content] of readZip(await readFile(file))) {
      await mkdir(dirname(join(unpacked, path)), { recursive: true });
      await writeFile(join(unpacked, path), content);
    }
    const reachable = reachableNodeModules(unpacked);
    if (reachable.length > 0) {
      throw new Error(`the bundled server must run without node_modules, but from ${unpacked} Node would search ${reachable.join(", ")}`);
    }
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  project.provide("vsix", { file, unpacked });
  return () => rm(temp, { recursive: true, force: true });
}

/**
 * The module folders that exist where Node would look for a package required
 * from `folder`: node_modules in it and every folder above, and Node's global
 * folders (NODE_PATH is cleared for the server by vsix-server-env.ts).
 */
function reachableNodeModules(folder: string): string[] {
  const searched: string[] = [];
  for (let at = resolve(folder); ; at = dirname(at)) {
    searched.push(join(at, "node_modules"));
    if (dirname(at) === at) break;
  }
  searched.push(join(homedir(), ".node_modules"), join(homedir(), ".node_libraries"), resolve(dirname(process.execPath), "../lib/node"));
  return searched.filter((path) => existsSync(path));
}
