/**
 * The sandbox tests need bubblewrap (Debian's `bubblewrap` package). When
 * `bwrap` is missing and the tests run as root (CI, a fresh machine), it is
 * installed with apt-get; otherwise install it first:
 * `sudo apt-get install -y bubblewrap`.
 */
import { execFileSync } from "node:child_process";

function installed(): boolean {
  try {
    execFileSync("bwrap", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function ensureBubblewrap(): void {
  if (installed()) return;
  if (process.getuid?.() !== 0)
    throw new Error("bubblewrap is not installed and the tests do not run as root: install it first (`sudo apt-get install -y bubblewrap`).");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update"], { stdio: "ignore", env });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "bubblewrap"], { stdio: "ignore", env });
}
