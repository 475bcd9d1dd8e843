/**
 * The shell executor's sandbox (docs/security.md): which view of the machine
 * a tool gets, built as a bubblewrap command line from the operator's policy
 * (`RuntimeConfig.sandbox`) and what the tool declares it needs
 * (`constraints.network`, `constraints.write`).
 *
 * The view: the system's programs and libraries and /etc read-only; the
 * paths the operator lets tools read, read-only; the paths the tool declares
 * and the operator lets it write, writable; a private /tmp; its own /proc
 * (a PID namespace: no other process is visible, the runtime's environment
 * included) and a minimal /dev; no network unless granted. The operator's
 * configuration file and every file a secret is read from are covered, as are
 * the system's own secret files. Everything dies with the sandbox.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import type { ToolModel } from "@hdlp/parser";
import { DEFAULT_SANDBOX_POLICY, type SandboxPolicy } from "../../../config/policy.ts";
import { type RuntimeConfig, RefusedCallError, type SandboxView } from "../../executor.ts";
import { isInside } from "../../../registry/tool-file.ts";
import type { Bubblewrap } from "./bubblewrap.ts";

/** What programs need to run: read-only in every sandbox. */
const SYSTEM_PATHS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"] as const;

/** The system's own secrets inside the system view: covered whatever the policy says. */
const SYSTEM_SECRETS = [
  "/etc/shadow",
  "/etc/shadow-",
  "/etc/gshadow",
  "/etc/gshadow-",
  "/etc/ssl/private",
  "/etc/ssh/ssh_host_dsa_key",
  "/etc/ssh/ssh_host_ecdsa_key",
  "/etc/ssh/ssh_host_ed25519_key",
  "/etc/ssh/ssh_host_rsa_key",
];

export interface SandboxCall {
  readonly tool: ToolModel;
  readonly config: RuntimeConfig;
  /** The call's working directory (the `cwd` param), if it names one. */
  readonly cwd?: string;
  /** Where a call without a `cwd` runs from: the runtime's working directory. */
  readonly hostCwd: string;
}

/**
 * The sandbox of one call, or a refusal (`not-permitted`) when the tool needs
 * what the policy does not give, or the policy requires a sandbox that cannot
 * run here. Nothing is started.
 */
export function planSandbox(call: SandboxCall, bwrap: () => Bubblewrap): SandboxView {
  const policy = call.config.sandbox ?? DEFAULT_SANDBOX_POLICY;
  if (policy.mode === "off") return { kind: "none", why: "the operator's sandbox.mode is off" };
  checkGrants(call.tool, policy);
  const found = bwrap();
  if (!found.ok) {
    if (policy.mode === "required") {
      throw new RefusedCallError(`the sandbox is required (sandbox.mode: required) and cannot run here: ${found.reason}; nothing was run`, "not-permitted");
    }
    return { kind: "none", why: found.reason };
  }
  return bubblewrapPlan(found.path, call, policy);
}

/** Every need the tool declares must be within the policy: refused otherwise, naming each one missing. */
function checkGrants(tool: ToolModel, policy: SandboxPolicy): void {
  const missing: string[] = [];
  if (tool.constraints.network && !policy.network) missing.push("the network (constraints.network: true), which sandbox.network does not allow");
  const allowed = policy.write.map((path) => resolve(path));
  for (const path of tool.constraints.write) {
    if (!allowed.some((root) => root === resolve(path) || isInside(resolve(path), root))) {
      missing.push(`to write ${path} (constraints.write), which is not inside sandbox.write (${allowed.length ? allowed.join(", ") : "empty"})`);
    }
  }
  if (missing.length) {
    throw new RefusedCallError(
      `\`${tool.name}\` needs ${missing.join("; and ")}: the operator's sandbox policy does not grant it; nothing was run`,
      "not-permitted",
    );
  }
}

function bubblewrapPlan(bwrapPath: string, call: SandboxCall, policy: SandboxPolicy): SandboxView {
  const network = call.tool.constraints.network;
  // A PID namespace whose bubblewrap dies with the runtime, and takes every process in it down when
  // it exits: nothing a tool starts outlives it (run-process.ts's containsItsProcesses relies on it).
  const argv = [bwrapPath, "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"];
  if (!network) argv.push("--unshare-net");
  // As root, bubblewrap would keep root's capabilities inside: enough to undo the mounts below.
  argv.push("--cap-drop", "ALL", "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp");
  // The host's folders shown inside, at the same paths.
  const shown: string[] = [];
  for (const path of SYSTEM_PATHS) {
    const kind = entryKind(path);
    if (kind === "link") argv.push("--symlink", readlinkSync(path), path);
    else if (kind === "dir") {
      argv.push("--ro-bind", path, path);
      shown.push(path);
    }
  }
  const read = policy.read.map((path) => resolve(path)).filter((path) => entryKind(path) !== undefined);
  for (const path of read) argv.push("--ro-bind", path, path);
  const write = call.tool.constraints.write.map((path) => resolve(path));
  for (const path of write) argv.push("--bind", path, path);
  shown.push(...read, ...write);

  const shownReal = shown.map(realOrSelf);
  const hidden = hiddenFiles(call.config).filter((path) => shownReal.some((root) => isInside(path, root)));
  for (const path of hidden) argv.push(...(entryKind(path) === "dir" ? ["--tmpfs", path] : ["--ro-bind", "/dev/null", path]));

  // A call without a cwd starts where the runtime runs when that is in view (the host's, not the
  // private /tmp, which holds nothing of the host's), else at the root.
  const within = (path: string) => shown.some((root) => path === root || isInside(path, root));
  const cwd = call.cwd !== undefined ? resolve(call.hostCwd, call.cwd) : within(call.hostCwd) ? call.hostCwd : "/";
  argv.push("--chdir", cwd);
  return { kind: "bubblewrap", argv, network, read, write, hidden, cwd };
}

/** What a tool must not see, as real paths: the operator's configuration, every secret file, the system's own secrets. */
function hiddenFiles(config: RuntimeConfig): string[] {
  const files = new Set<string>(SYSTEM_SECRETS);
  if (config.configPath) files.add(config.configPath);
  for (const mapped of Object.values(config.secrets ?? {})) {
    for (const source of Object.values(mapped)) if ("file" in source) files.add(source.file);
  }
  return [...files]
    .filter((path) => entryKind(path) !== undefined)
    .map(realOrSelf)
    .sort();
}

function entryKind(path: string): "dir" | "link" | "file" | undefined {
  try {
    const stats = lstatSync(path);
    return stats.isSymbolicLink() ? "link" : stats.isDirectory() ? "dir" : "file";
  } catch {
    return undefined; // absent: nothing to show or hide
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // gone since it was looked at: the path as given is what there is to compare
  }
}
