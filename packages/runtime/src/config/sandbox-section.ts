/**
 * The `sandbox` section of hdlp.config.json (docs/security.md): the shell
 * executor's isolation, `{ "mode": "on"|"off"|"required", "network": bool,
 * "read": [absolute paths], "write": [absolute paths] }`, each key optional,
 * DEFAULT_SANDBOX_POLICY filling the rest.
 */
import { isAbsolute } from "node:path";
import { DEFAULT_SANDBOX_POLICY, type SandboxPolicy } from "./policy.ts";

const MODES: readonly SandboxPolicy["mode"][] = ["on", "off", "required"];

/** The policy a section says, or a sentence naming the key that is wrong and what it must be. */
export function readSandboxSection(value: unknown, where: string): SandboxPolicy | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `${where}: expected an object`;
  const section = value as Record<string, unknown>;
  const unknown = Object.keys(section).find((key) => !["mode", "network", "read", "write"].includes(key));
  if (unknown !== undefined) return `${where}: unknown key "${unknown}" (known: mode, network, read, write)`;
  const { mode = DEFAULT_SANDBOX_POLICY.mode, network = DEFAULT_SANDBOX_POLICY.network, read = DEFAULT_SANDBOX_POLICY.read, write = DEFAULT_SANDBOX_POLICY.write } = section;
  if (!MODES.includes(mode as SandboxPolicy["mode"])) return `${where}.mode: expected one of ${MODES.join(", ")}, not ${JSON.stringify(mode)}`;
  if (typeof network !== "boolean") return `${where}.network: expected true or false, not ${JSON.stringify(network)}`;
  for (const [key, paths] of [["read", read], ["write", write]] as const) {
    if (!Array.isArray(paths) || !paths.every((path) => typeof path === "string" && isAbsolute(path))) return `${where}.${key}: expected a list of absolute paths`;
  }
  return { mode: mode as SandboxPolicy["mode"], network, read: read as string[], write: write as string[] };
}
