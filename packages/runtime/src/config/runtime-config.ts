/**
 * The operator's configuration, loaded (docs/config.md).
 *
 * One file, never a TOOL file: `hdlp.config.json`, found as config/locate.ts
 * says and checked against the one declaration of its layout
 * (config/schema.ts). The environment wins over the file for the executors'
 * URLs and tokens, field by field, and for the registry's root
 * (`HDLP_TOOLS_DIR`); every other section comes from the file or its
 * default. The registry's root is where every command finds the tools
 * (`hdlp list`, `call`, `new` …). The seed runs two gatekeepers, so the file may name several, with
 * a default; a call chooses another by name (`--target`).
 *
 * Every effective value is explained (`ConfigEntry`): its key, its value as
 * it may be shown (secrets masked) and where it came from, for
 * `hdlp config check`.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { TOOLS_FOLDER_NAME } from "@hdlp/parser";
import type { Endpoint, RuntimeConfig } from "../executors/executor.ts";
import { MASK } from "../executors/http/secrets.ts";
import { reachesEveryTool } from "../executors/shell/environment.ts";
import { ConfigError } from "./config-error.ts";
import { type ConfigLocation, type LocateOptions, locateConfigFile } from "./locate.ts";
import type { Ceilings, McpPolicy, RegistrySource, SandboxPolicy, SecretSource, ToolPolicy, ToolSecrets } from "./policy.ts";
import { parseRegistryRoot } from "../registry/root.ts";
import { CONFIG_SCHEMA, type Schema } from "./schema.ts";
import { checkLayout } from "./validate.ts";

export { ConfigError } from "./config-error.ts";
export { CONFIG_ENV, CONFIG_FILE_NAME, type ConfigLocation, locateConfigFile } from "./locate.ts";

/** The name the env-only gatekeeper (HDLP_GATEKEEPER_URL, no gatekeepers in the file) goes by. */
export const DEFAULT_GATEKEEPER_NAME = "default";
/** Overrides `registry.root`. */
export const TOOLS_DIR_ENV = "HDLP_TOOLS_DIR";

export type LoadConfigOptions = LocateOptions;

export type ValueOrigin = { readonly kind: "file"; readonly path: string } | { readonly kind: "env"; readonly name: string } | { readonly kind: "default" };

/** One effective value: `gatekeepers.BS-SG-001.token`, `"***"`, from HDLP_GATEKEEPER_BS_SG_001_TOKEN. */
export interface ConfigEntry {
  /** Dotted, as written in the file. */
  readonly key: string;
  /** As it may be shown: a secret is `***`. */
  readonly value: unknown;
  readonly origin: ValueOrigin;
}

export interface LoadedConfig {
  readonly config: RuntimeConfig;
  /** The file read; absent when none was found (defaults and the environment only). */
  readonly file?: ConfigLocation;
  readonly entries: readonly ConfigEntry[];
}

/** Finds and reads the file (none is fine) and applies the environment. Throws ConfigError naming the file, the variable and the key. */
export function loadRuntimeConfig(options: LoadConfigOptions = {}): RuntimeConfig {
  return resolveRuntimeConfig(options).config;
}

/** loadRuntimeConfig, with where each value came from. */
export function resolveRuntimeConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const file = locateConfigFile({ ...options, env, cwd });
  const written = file ? readConfigFile(file.path) : {};
  const fromEnv = new Map<string, string>();
  const merged = applyEnvironment(structuredClone(written), env, fromEnv);
  // Checked again with the environment applied (and the defaults filled in): a variable's value obeys the file's rules.
  const problems = checkLayout(merged);
  if (problems.length) {
    const named = problems.map((problem) => {
      const variable = fromEnv.get(problem.slice(0, problem.indexOf(":")));
      return variable ? `${variable} (${problem})` : problem;
    });
    throw new ConfigError(`the environment does not fit the configuration's layout:\n  ${named.join("\n  ")}`);
  }
  const where = file?.path ?? "the environment";
  const config = toRuntimeConfig(merged as CheckedFile, {
    where,
    base: file ? dirname(file.path) : cwd,
    cwd,
    configPath: file?.path,
    toolsDirFromEnv: fromEnv.has("registry.root"),
  });
  const origin = (key: string): ValueOrigin => {
    const variable = fromEnv.get(key);
    if (variable) return { kind: "env", name: variable };
    return file && hasKey(written, key) ? { kind: "file", path: file.path } : { kind: "default" };
  };
  return { config, ...(file ? { file } : {}), entries: explain(merged, CONFIG_SCHEMA, "", origin) };
}

/** The file, as written: snake_case keys like the TOOL.hdlp fields. Shapes are CONFIG_SCHEMA's. */
interface ConfigFile {
  $schema?: string;
  gatekeepers?: Record<string, EndpointFile>;
  default_gatekeeper?: string;
  api?: EndpointFile;
  forgejo?: EndpointFile & { default_repo?: string };
  registry?: { root?: string };
  tools?: { allow?: string[]; deny?: string[] };
  ceilings?: Ceilings;
  secrets?: Record<string, Record<string, SecretSource>>;
  sandbox?: Partial<SandboxPolicy>;
  mcp?: { pre_approved?: string[] };
}

/** After checkLayout: every section with a default is there, filled. */
type CheckedFile = ConfigFile &
  Required<Pick<ConfigFile, "registry" | "tools" | "ceilings" | "secrets" | "sandbox" | "mcp">> & {
    registry: { root: string };
    tools: ToolPolicy;
    sandbox: SandboxPolicy;
    mcp: { pre_approved: string[] };
  };

interface EndpointFile {
  url?: string;
  token?: string;
}

function readConfigFile(path: string): ConfigFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`${path}: not valid JSON: ${(error as Error).message}`);
  }
  const problems = checkLayout(structuredClone(data));
  if (problems.length) throw new ConfigError(`${path}: ${problems.length === 1 ? problems[0] : `\n  ${problems.join("\n  ")}`}`);
  return data as ConfigFile;
}

/**
 * `BS-SG-001` → `HDLP_GATEKEEPER_BS_SG_001_URL`: a named gatekeeper's own
 * variables (upper case, anything but letters and digits as `_`).
 */
export function gatekeeperEnvName(name: string, field: "URL" | "TOKEN"): string {
  return `HDLP_GATEKEEPER_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_${field}`;
}

/** The variables that override the file, set into it in place; `fromEnv` learns which key each one set. */
function applyEnvironment(file: ConfigFile, env: NodeJS.ProcessEnv, fromEnv: Map<string, string>): ConfigFile {
  const pick = (name: string): string | undefined => (env[name] ? env[name] : undefined);
  const set = <T extends object>(target: T, member: keyof T & string, key: string, ...names: string[]) => {
    for (const name of names) {
      const value = pick(name);
      if (value === undefined) continue;
      (target as Record<string, unknown>)[member] = value;
      fromEnv.set(key, name);
      return;
    }
  };

  const gatekeepers = (file.gatekeepers ??= {});
  if (Object.keys(gatekeepers).length === 0 && pick("HDLP_GATEKEEPER_URL")) gatekeepers[DEFAULT_GATEKEEPER_NAME] = {};
  const defaultName = file.default_gatekeeper ?? Object.keys(gatekeepers)[0];
  for (const [name, gatekeeper] of Object.entries(gatekeepers)) {
    const isDefault = name === defaultName;
    const key = `gatekeepers.${name}`;
    set(gatekeeper, "url", `${key}.url`, gatekeeperEnvName(name, "URL"), ...(isDefault ? ["HDLP_GATEKEEPER_URL"] : []));
    set(gatekeeper, "token", `${key}.token`, gatekeeperEnvName(name, "TOKEN"), ...(isDefault ? ["HDLP_GATEKEEPER_TOKEN"] : []));
  }
  for (const [section, prefix] of [
    ["api", "HDLP_API"],
    ["forgejo", "HDLP_FORGEJO"],
  ] as const) {
    const endpoint: EndpointFile = file[section] ?? {};
    set(endpoint, "url", `${section}.url`, `${prefix}_URL`);
    set(endpoint, "token", `${section}.token`, `${prefix}_TOKEN`);
    if (Object.keys(endpoint).length) file[section] = endpoint;
  }
  if (pick("HDLP_FORGEJO_REPO")) set((file.forgejo ??= {}), "default_repo", "forgejo.default_repo", "HDLP_FORGEJO_REPO");
  if (pick(TOOLS_DIR_ENV)) set((file.registry ??= {}), "root", "registry.root", TOOLS_DIR_ENV);
  return file;
}

interface Context {
  /** The file's path, or "the environment" when there is none: how messages name the source. */
  readonly where: string;
  /** What a relative `registry.root` in the file is relative to. */
  readonly base: string;
  readonly cwd: string;
  readonly configPath: string | undefined;
  readonly toolsDirFromEnv: boolean;
}

function toRuntimeConfig(file: CheckedFile, context: Context): RuntimeConfig {
  const { where } = context;
  const named = Object.entries(file.gatekeepers ?? {});
  const defaultName = file.default_gatekeeper ?? named[0]?.[0];
  if (file.default_gatekeeper !== undefined && !named.some(([name]) => name === file.default_gatekeeper)) {
    throw new ConfigError(
      `${where}: default_gatekeeper "${file.default_gatekeeper}" is not one of gatekeepers (${named.map(([n]) => n).join(", ") || "none"})`,
    );
  }
  const gatekeepers = named.map(([name, written]) => {
    if (!written.url) throw new ConfigError(`${where}: gatekeepers.${name} has no url (set it there or in ${gatekeeperEnvName(name, "URL")})`);
    return endpoint(name, written, `gatekeepers.${name}.url`, where);
  });
  const defaultRepo = file.forgejo?.default_repo;
  return {
    gatekeepers,
    ...(defaultName !== undefined && gatekeepers.length > 0 ? { defaultGatekeeper: defaultName } : {}),
    ...(file.api?.url ? { api: endpoint("hlpd-api", file.api, "api.url", where) } : {}),
    ...(file.forgejo?.url ? { forgejo: endpoint("forgejo", file.forgejo, "forgejo.url", where) } : {}),
    ...(defaultRepo ? { forgejoDefaultRepo: defaultRepo } : {}),
    ...(context.configPath ? { configPath: context.configPath } : {}),
    registry: registrySource(file.registry.root, context),
    tools: { allow: file.tools.allow, deny: file.tools.deny },
    ceilings: file.ceilings,
    secrets: toolSecrets(file.secrets, where),
    sandbox: file.sandbox,
    mcp: { preApproved: file.mcp.pre_approved } satisfies McpPolicy,
  };
}

function endpoint(name: string, written: EndpointFile, key: string, where: string): Endpoint {
  const url = written.url!;
  try {
    new URL(url);
  } catch {
    throw new ConfigError(`${key} "${url}" (from ${where} or the environment) is not a URL`);
  }
  return written.token ? { name, url, token: written.token } : { name, url };
}

/**
 * The file's root (written or its default, `tools/` beside the file) is
 * relative to the file; the variable's to the working folder, as a shell
 * reads it. With neither file nor variable, the nearest `tools/` folder from
 * the working folder up, as git finds `.git`, else `./tools`.
 */
function registrySource(root: string, context: Context): RegistrySource {
  if (!context.toolsDirFromEnv && context.configPath === undefined) return { kind: "folder", path: nearestToolsFolder(context.cwd) };
  try {
    const source = parseRegistryRoot(root);
    return source.kind === "folder" ? { kind: "folder", path: resolve(context.toolsDirFromEnv ? context.cwd : context.base, source.path) } : source;
  } catch (error) {
    throw new ConfigError(`${context.toolsDirFromEnv ? TOOLS_DIR_ENV : `${context.where}: registry.root`}: ${(error as Error).message}`);
  }
}

/** A variable that every tool's environment carries can neither hold a secret (every tool would see it) nor be replaced by one. */
function toolSecrets(secrets: Record<string, Record<string, SecretSource>>, where: string): ToolSecrets {
  for (const [tool, mapped] of Object.entries(secrets)) {
    for (const [variable, source] of Object.entries(mapped)) {
      if (reachesEveryTool(variable))
        throw new ConfigError(`${where}: secrets.${tool}.${variable}: every tool's environment has ${variable}; a secret needs a name of its own`);
      if ("env" in source && reachesEveryTool(source.env)) {
        throw new ConfigError(
          `${where}: secrets.${tool}.${variable}: the variable ${source.env} reaches every tool's environment, so it cannot hold a secret for one`,
        );
      }
    }
  }
  return secrets;
}

function nearestToolsFolder(cwd: string): string {
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    const candidate = join(folder, TOOLS_FOLDER_NAME);
    if (statSync(candidate, { throwIfNoEntry: false })?.isDirectory()) return candidate;
    if (dirname(folder) === folder) return resolve(cwd, TOOLS_FOLDER_NAME);
  }
}

function hasKey(data: unknown, key: string): boolean {
  let at: unknown = data;
  for (const part of key.split(".")) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, part)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

/** The leaves of the configuration (a list is one leaf), walked with its schema so that a secret (`writeOnly`) is masked. */
function explain(data: unknown, schema: Schema, key: string, origin: (key: string) => ValueOrigin): ConfigEntry[] {
  if (data === null || typeof data !== "object" || Array.isArray(data) || Object.keys(data).length === 0) {
    return [{ key, value: schema["writeOnly"] === true ? MASK : data, origin: origin(key) }];
  }
  const entries: ConfigEntry[] = [];
  const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
  for (const [name, value] of Object.entries(data)) {
    if (key === "" && name === "$schema") continue;
    const child = properties[name] ?? ((schema["additionalProperties"] ?? {}) as Schema);
    entries.push(...explain(value, child, key ? `${key}.${name}` : name, origin));
  }
  return entries;
}
