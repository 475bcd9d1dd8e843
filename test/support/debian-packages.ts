/**
 * The Debian packages an end-to-end test needs (Neovim, Chromium, fonts, …).
 * When one is missing and the tests run as root (CI, a fresh machine), it is
 * installed with apt-get; otherwise the test fails saying what to install.
 */
import { execFileSync, spawnSync } from "node:child_process";

/** The packages of `names` that dpkg does not list as installed (all of them where there is no dpkg). */
export function missingDebianPackages(names: readonly string[]): string[] {
  return names.filter((name) => {
    const query = spawnSync("dpkg-query", ["-W", "-f=${Status}", name], { encoding: "utf8" });
    return query.status !== 0 || !query.stdout.endsWith(" installed");
  });
}

/** Installs `names` with apt-get, or throws naming the command to run when the tests do not run as root. */
export function aptInstall(names: readonly string[], neededFor: string): void {
  if (names.length === 0) return;
  const command = `apt-get install -y ${names.join(" ")}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${neededFor} needs ${names.join(", ")} from Debian's packages, and the tests do not run as root: install ${names.length === 1 ? "it" : "them"} first (\`sudo ${command}\`).`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...names]]) {
    try {
      execFileSync("apt-get", args, { stdio: "pipe", env, encoding: "utf8" });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`\`apt-get ${args.join(" ")}\` failed (${neededFor}):\n${stderr || stdout || String(error)}`);
    }
  }
}

/** Installs those of `names` that are missing (see aptInstall). */
export function ensureDebianPackages(names: readonly string[], neededFor: string): void {
  aptInstall(missingDebianPackages(names), neededFor);
}
