/**
 * `hdlp config check` (also `hdlp doctor`): what the operator's configuration
 * really is here. The effective value of every key with secrets masked and
 * where it came from (the file, a variable, the default); which registered
 * tools the policy hides; whether each tool's secrets can be read; whether
 * the sandbox works on this machine; whether each remote executor answers.
 */
import {
  checkEndpoints,
  ConfigError,
  type ConfigEntry,
  describeSource,
  type EndpointCheck,
  type LoadedConfig,
  resolveRuntimeConfig,
  resolveToolSecrets,
  type ToolIndex,
  toolAccess,
  type ValueOrigin,
} from "@hdlp/runtime";
import { type Command, EXIT, UsageError } from "../command.ts";
import { probeSandbox, type SandboxProbe } from "../doctor/sandbox-probe.ts";
import { parseOptions } from "../options.ts";
import { shownPath } from "../shown-path.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, registryChoice, type RegistryValues, scanRegistry } from "./registry-options.ts";

const DEFAULT_TIMEOUT_MS = 3000;

const USAGE = `Usage: hdlp config check [--config FILE] [--root DIR] [--timeout MS] [--json]
       hdlp doctor [same options]`;

const HELP = `${USAGE}

Checks the operator's configuration (hdlp.config.json and the environment; see
docs/config.md) and prints:
  - which file applies and how it was found;
  - the effective value of every key, secrets masked, and where it came from:
    the file, an environment variable, or the default;
  - the registered tools the tools policy hides;
  - whether each secret mapped to a tool can be read (never its value);
  - whether the sandbox (bubblewrap) works on this machine;
  - whether each remote executor answers (one short request each, which runs nothing).

Options:
${REGISTRY_HELP}
  --timeout MS      How long to wait for each remote executor (default ${DEFAULT_TIMEOUT_MS})
  --json            Print the report as JSON

Exit codes: 0 no problem; 1 problems found (a configuration that cannot be loaded,
a server that does not answer, a secret that cannot be read, a sandbox that is
required but does not work, a tools root that is not there); 2 bad usage.
`;

interface SecretCheck {
  readonly tool: string;
  readonly variable: string;
  readonly source: string;
  readonly readable: boolean;
  readonly error?: string;
}

interface Report {
  readonly file: LoadedConfig["file"] | null;
  readonly entries: readonly ConfigEntry[];
  readonly tools: { readonly root: string; readonly registered: number; readonly not_allowed: readonly string[] } | null;
  readonly secrets: readonly SecretCheck[];
  readonly sandbox: { readonly mode: string } & SandboxProbe;
  readonly executors: readonly EndpointCheck[];
  readonly problems: readonly string[];
  readonly warnings: readonly string[];
}

export const command: Command = {
  name: "config",
  summary: "Check the operator's configuration: values and their sources, sandbox, servers",
  help: HELP,
  async run(args) {
    const [sub, ...rest] = args;
    if (sub !== "check")
      throw new UsageError(sub === undefined ? "name what to do: hdlp config check." : `unknown subcommand \`${sub}\`; the one there is: check.`);
    return check(rest);
  },
};

export const doctor: Command = {
  name: "doctor",
  summary: "Same as `hdlp config check`",
  help: HELP,
  run: check,
};

async function check(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseOptions(args, { ...REGISTRY_OPTIONS, timeout: { type: "string" }, json: { type: "boolean" } });
  if (positionals.length) throw new UsageError(`takes no arguments, got \`${positionals[0]}\`.`);
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0) throw new UsageError(`--timeout must be a whole number of milliseconds above 0, not \`${values.timeout}\`.`);
  let loaded: LoadedConfig;
  try {
    loaded = resolveRuntimeConfig(values.config === undefined ? {} : { configPath: values.config });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`hdlp config check: the configuration cannot be loaded:\n${error.message}\n`);
    return EXIT.failed;
  }
  const report = await gather(loaded, values, timeout);
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report));
  return report.problems.length ? EXIT.failed : EXIT.ok;
}

async function gather(loaded: LoadedConfig, values: RegistryValues, timeoutMs: number): Promise<Report> {
  const { config } = loaded;
  const problems: string[] = [];
  const warnings: string[] = [];
  const executors = checkEndpoints(config, timeoutMs);

  let index: ToolIndex | undefined;
  try {
    index = await scanRegistry(registryChoice(values, config));
  } catch (error) {
    problems.push(`tools: ${(error as Error).message}`);
  }
  const access = toolAccess(config.tools);
  const tools = index
    ? { root: index.root, registered: index.tools.length, not_allowed: index.tools.filter((t) => !access.allows(t.name)).map((t) => t.name) }
    : null;

  const secrets: SecretCheck[] = [];
  for (const [tool, mapped] of Object.entries(config.secrets ?? {})) {
    if (index && !index.get(tool)) warnings.push(`secrets.${tool}: no tool named \`${tool}\` is registered`);
    for (const [variable, source] of Object.entries(mapped)) {
      const resolved = resolveToolSecrets({ [tool]: { [variable]: source } }, tool);
      secrets.push({ tool, variable, source: describeSource(source), readable: resolved.ok, ...(resolved.ok ? {} : { error: resolved.error }) });
      if (!resolved.ok) problems.push(resolved.error);
    }
  }
  for (const name of config.mcp?.preApproved ?? []) {
    if (index && !index.get(name)) warnings.push(`mcp.pre_approved: no tool named \`${name}\` is registered`);
  }

  const mode = config.sandbox?.mode ?? "on";
  const probe = probeSandbox();
  if (!probe.works && mode === "required")
    problems.push(`sandbox: mode is required but the sandbox does not work here, so no shell tool will run: ${probe.detail}`);
  if (!probe.works && mode === "on") warnings.push(`sandbox: shell tools will run unconfined: ${probe.detail}`);

  const checked = await executors;
  for (const server of checked) if (!server.answered) problems.push(`${server.executor} ${server.name} (${server.url}) does not answer: ${server.detail}`);
  return { file: loaded.file ?? null, entries: loaded.entries, tools, secrets, sandbox: { mode, ...probe }, executors: checked, problems, warnings };
}

function reportText(report: Report): string {
  const lines: string[] = [];
  const section = (title: string) => lines.push("", title);
  lines.push(fileLine(report.file));

  section("Effective configuration (secrets masked):");
  const keyWidth = Math.max(...report.entries.map((e) => e.key.length));
  const shown = report.entries.map((e) => JSON.stringify(e.value));
  const valueWidth = Math.min(40, Math.max(...shown.map((v) => v.length)));
  report.entries.forEach((entry, i) => {
    lines.push(`  ${entry.key.padEnd(keyWidth)}  ${shown[i]!.padEnd(valueWidth)}  ${originText(entry.origin)}`);
  });

  section("Tools:");
  if (report.tools) {
    const hidden = report.tools.not_allowed;
    lines.push(
      `  ${report.tools.registered} registered in ${shownPath(report.tools.root)}; ${hidden.length ? `not allowed by the tools policy: ${hidden.join(", ")}` : "the tools policy hides none"}`,
    );
  } else lines.push("  not read (see the problems below)");

  if (report.secrets.length) {
    section("Secrets (values never shown):");
    for (const secret of report.secrets)
      lines.push(`  ${secret.tool} ${secret.variable} from ${secret.source}: ${secret.readable ? "readable" : "cannot be read"}`);
  }

  section(`Sandbox (mode ${report.sandbox.mode}):`);
  lines.push(`  ${report.sandbox.works ? `works here (${report.sandbox.detail})` : `does not work here: ${report.sandbox.detail}`}`);

  section("Remote executors:");
  if (report.executors.length === 0) lines.push("  none configured");
  for (const server of report.executors)
    lines.push(`  ${server.executor} ${server.name} ${server.url}: ${server.answered ? `answers (${server.detail})` : `DOWN: ${server.detail}`}`);

  if (report.warnings.length) {
    section("Warnings:");
    for (const warning of report.warnings) lines.push(`  ${warning}`);
  }
  section(report.problems.length ? `${report.problems.length} problem${report.problems.length === 1 ? "" : "s"}:` : "No problems found.");
  for (const problem of report.problems) lines.push(`  ${problem}`);
  return `${lines.join("\n")}\n`;
}

function fileLine(file: Report["file"]): string {
  if (!file) return "Configuration file: none found (from this folder up); the defaults and the environment apply.";
  const how = { option: "named by --config", env: "named by HDLP_CONFIG", search: "the nearest from this folder up" }[file.foundBy];
  return `Configuration file: ${shownPath(file.path)} (${how})`;
}

function originText(origin: ValueOrigin): string {
  if (origin.kind === "env") return `env ${origin.name}`;
  if (origin.kind === "file") return `file ${shownPath(origin.path)}`;
  return "default";
}
