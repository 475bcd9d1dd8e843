/**
 * code-server (VS Code in the browser) for the end-to-end test, installed
 * once per machine into a cache folder, never into the workspace: its install
 * builds native modules and weighs some 600 MB, which every `pnpm install`
 * would pay for. It needs Node 24 (`npx -y node@24`) and, to build its
 * Kerberos module, Debian's libkrb5-dev.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { ensureDebianPackages } from "../../../../test/support/debian-packages.ts";

export const CODE_SERVER_VERSION = "4.139.1";

/** `$XDG_CACHE_HOME/hdlp/code-server-<version>` (XDG's default: ~/.cache). */
export function codeServerCache(): string {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(cache, "hdlp", `code-server-${CODE_SERVER_VERSION}`);
}

/** code-server's entry script, installed first when the cache does not hold it. */
export async function installedCodeServer(node: string): Promise<string> {
  const folder = codeServerCache();
  const entry = (root: string) => join(root, "node_modules/code-server/out/node/entry.js");
  if (existsSync(entry(folder))) return entry(folder);

  ensureDebianPackages(["libkrb5-dev"], `Installing code-server ${CODE_SERVER_VERSION}`);
  // Installed beside the cache folder and moved in when complete, so an interrupted install is never taken for one.
  const partial = `${folder}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    // npm runs on Node 24 (first on PATH): code-server's postinstall checks the version and builds for it.
    // It reads the version from npm's user agent, which npm takes from npm_config_user_agent when set,
    // as it is when the tests were started by npx or pnpm on another Node: drop it.
    const { npm_config_user_agent: _, ...env } = process.env;
    execFileSync("npm", ["install", "--prefix", partial, "--no-audit", "--no-fund", "--loglevel=error", `code-server@${CODE_SERVER_VERSION}`], {
      env: { ...env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` },
      stdio: "pipe",
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    await rm(folder, { recursive: true, force: true });
    await rename(partial, folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`installing code-server ${CODE_SERVER_VERSION} with Node 24's npm failed:\n${(stderr || stdout || String(error)).slice(-8000)}`);
  }
  return entry(folder);
}
