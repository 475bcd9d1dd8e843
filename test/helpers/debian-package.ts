/**
 * A program some end-to-end tests need (Neovim, bubblewrap): installed with
 * apt-get when the tests run as root (CI, a fresh machine); otherwise the
 * error says what to install first.
 */
import { execFileSync } from "node:child_process";

export function installDebianPackage(debianPackage: string, what: string): void {
  if (process.getuid?.() !== 0) throw new Error(`${what} is not installed and the tests do not run as root: install it first (\`sudo apt-get install -y ${debianPackage}\`).`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "ignore", env });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", debianPackage], { stdio: "ignore", env });
}
