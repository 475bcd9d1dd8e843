/**
 * Whether bubblewrap can sandbox a tool on this machine, as `hdlp config
 * check` reports it: `bwrap --version`, then a trivial sandbox
 * (`bwrap --ro-bind / / true`), each under a timeout. Where bubblewrap is
 * installed but user namespaces are off, the second fails, and its stderr says why.
 */
import { spawnSync } from "node:child_process";

export interface SandboxProbe {
  readonly works: boolean;
  /** `bubblewrap 0.8.0`, or why it does not work here. */
  readonly detail: string;
}

const PROBE_TIMEOUT_MS = 5000;

export function probeSandbox(env: NodeJS.ProcessEnv = process.env): SandboxProbe {
  const version = run(["--version"], env);
  if (version.error) {
    const missing = (version.error as NodeJS.ErrnoException).code === "ENOENT";
    return {
      works: false,
      detail: missing
        ? "bubblewrap (bwrap) is not installed: apt-get install bubblewrap (Debian, Ubuntu), dnf install bubblewrap (Fedora)"
        : `bwrap --version: ${version.error.message}`,
    };
  }
  if (version.status !== 0) return { works: false, detail: `bwrap --version exited with ${version.status ?? version.signal}: ${version.stderr.trim()}` };
  const name = version.stdout.trim();
  const trial = run(["--ro-bind", "/", "/", "true"], env);
  if (trial.status === 0) return { works: true, detail: name };
  const why = trial.error?.message ?? (trial.stderr.trim() || `exited with ${trial.status ?? trial.signal}`);
  return { works: false, detail: `${name} is installed but cannot start a sandbox here: ${why}` };
}

function run(args: readonly string[], env: NodeJS.ProcessEnv) {
  return spawnSync("bwrap", args, { encoding: "utf8", timeout: PROBE_TIMEOUT_MS, env, stdio: ["ignore", "pipe", "pipe"] });
}
