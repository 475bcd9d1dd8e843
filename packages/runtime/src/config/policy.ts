/**
 * The operator's controls in `hdlp.config.json` (docs/config.md): what may
 * run, for how long, with which secrets, in which sandbox. A TOOL.hdlp asks;
 * the operator's configuration decides. Every section is optional in the file;
 * `loadRuntimeConfig` fills in the defaults below.
 */
import { checkLayout } from "./validate.ts";

/** Which registered tools may run at all: names or globs (`git-*`). Deny wins over allow; an empty allow list allows all. */
export interface ToolPolicy {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}

/** The operator's maxima: a tool file or a caller asking for more gets the ceiling, and the envelope says so. */
export interface Ceilings {
  readonly timeout_ms?: number;
  readonly max_output_bytes?: number;
}

/** Where a secret's value is read from when a call needs it: a variable of the runtime's environment, or a file. */
export type SecretSource = { readonly env: string } | { readonly file: string };

/** Tool name → (variable name in that tool's environment → where its value comes from). */
export type ToolSecrets = Readonly<Record<string, Readonly<Record<string, SecretSource>>>>;

/**
 * The shell executor's isolation (docs/security.md). `on`: sandboxed wherever
 * bubblewrap works, unconfined (said once) where it does not; `required`:
 * refuse to run where it does not; `off`: never.
 */
export interface SandboxPolicy {
  readonly mode: "on" | "off" | "required";
  /** Whether a tool that declares it needs the network may have it. */
  readonly network: boolean;
  /** Paths readable inside the sandbox, beyond what programs need to run. */
  readonly read: readonly string[];
  /** Paths a tool may be granted write access to, when it declares them. */
  readonly write: readonly string[];
}

/** Where the registry reads its tools from. */
export type RegistrySource =
  | { readonly kind: "folder"; readonly path: string }
  | { readonly kind: "forgejo"; readonly repo: string; readonly ref?: string; readonly path: string };

/** The MCP server's policy: tools it may run without asking, although they require confirmation. */
export interface McpPolicy {
  readonly preApproved: readonly string[];
}

/** The defaults are the schema's (config/schema.ts), filled into an empty configuration. */
const defaults = emptyConfigWithDefaults() as { tools: ToolPolicy; sandbox: SandboxPolicy; mcp: { pre_approved: string[] } };

export const DEFAULT_TOOL_POLICY: ToolPolicy = defaults.tools;
export const DEFAULT_SANDBOX_POLICY: SandboxPolicy = defaults.sandbox;
export const DEFAULT_MCP_POLICY: McpPolicy = { preApproved: defaults.mcp.pre_approved };

function emptyConfigWithDefaults(): unknown {
  const empty = {};
  checkLayout(empty);
  return empty;
}
