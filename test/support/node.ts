/**
 * A Node.js of a given major version for the tests that run on each Node the
 * workspace supports (package.json's `engines`): this process's own when it is
 * that version, else the npm registry's `node` package, as CI gets Node 24
 * (.ci/run). npx keeps what it fetched in its cache, so a machine downloads it
 * once; when it cannot be fetched the test fails saying so, it never skips.
 */
import { execFileSync } from "node:child_process";

/** The path of a `node` executable of major version `major`. */
export function nodeOfMajor(major: number): string {
  if (Number(process.versions.node.split(".")[0]) === major) return process.execPath;
  try {
    return execFileSync("npx", ["-y", `node@${major}`, "-e", "process.stdout.write(process.execPath)"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(
      `Node ${major} could not be fetched with \`npx -y node@${major}\` (it needs the npm registry once; npx caches it):\n${stderr || String(error)}`,
    );
  }
}
