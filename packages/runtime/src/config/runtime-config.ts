/**
 * Where the remote executors send their requests, and with which tokens.
 *
 * Two sources, never a TOOL file: `hdlp.config.json` beside the tools root
 * (the folder that holds `tools/`), then the environment, which wins field by
 * field. The seed runs two gatekeepers, so the file may name several, with a
 * default; a call chooses another by name (`--target`).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Endpoint, RuntimeConfig } from "../executors/executor.ts";
import { REPO_NAME } from "../executors/git-forgejo/api.ts";

export const CONFIG_FILE_NAME = "hdlp.config.json";

/** The name the env-only gatekeeper (HDLP_GATEKEEPER_URL, no config file) goes by. */
export const DEFAULT_GATEKEEPER_NAME = "default";

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** `tools/` → `hdlp.config.json` in the folder that holds it. */
export function configPathFor(toolsRoot: string): string {
  return join(dirname(resolve(toolsRoot)), CONFIG_FILE_NAME);
}

export interface LoadConfigOptions {
  readonly toolsRoot: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Another file than the one beside the tools root. */
  readonly configPath?: string;
}

/** Reads the file (absent is fine) and applies the environment. Throws ConfigError naming the file and the key. */
export function loadRuntimeConfig(options: LoadConfigOptions): RuntimeConfig {
  const path = options.configPath ?? configPathFor(options.toolsRoot);
  const file = existsSync(path) ? readConfigFile(path) : {};
  return applyEnvironment(file, options.env ?? process.env, path);
}

/** The file, as written: snake_case keys like the TOOL.hdlp fields. */
interface ConfigFile {
  gatekeepers?: Record<string, EndpointFile>;
  default_gatekeeper?: string;
  api?: EndpointFile;
  forgejo?: EndpointFile & { default_repo?: string };
}

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
  const at = (key: string) => `${path}: ${key}`;
  const root = expectObject(data, path, ["gatekeepers", "default_gatekeeper", "api", "forgejo"]);
  const file: ConfigFile = {};
  if (root["gatekeepers"] !== undefined) {
    const named = expectObject(root["gatekeepers"], at("gatekeepers"));
    file.gatekeepers = Object.fromEntries(Object.entries(named).map(([name, value]) => [name, readEndpoint(value, at(`gatekeepers.${name}`), [])]));
  }
  if (root["default_gatekeeper"] !== undefined) file.default_gatekeeper = expectString(root["default_gatekeeper"], at("default_gatekeeper"));
  if (root["api"] !== undefined) file.api = readEndpoint(root["api"], at("api"), []);
  if (root["forgejo"] !== undefined) {
    const forgejo = readEndpoint(root["forgejo"], at("forgejo"), ["default_repo"]);
    const repo = (root["forgejo"] as Record<string, unknown>)["default_repo"];
    file.forgejo = repo === undefined ? forgejo : { ...forgejo, default_repo: expectString(repo, at("forgejo.default_repo")) };
  }
  return file;
}

function readEndpoint(value: unknown, where: string, extraKeys: readonly string[]): EndpointFile {
  const object = expectObject(value, where, ["url", "token", ...extraKeys]);
  const endpoint: EndpointFile = {};
  if (object["url"] !== undefined) endpoint.url = expectString(object["url"], `${where}.url`);
  if (object["token"] !== undefined) endpoint.token = expectString(object["token"], `${where}.token`);
  return endpoint;
}

function expectObject(value: unknown, where: string, known?: readonly string[]): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ConfigError(`${where}: expected an object`);
  for (const key of Object.keys(value)) {
    if (known && !known.includes(key)) throw new ConfigError(`${where}: unknown key "${key}" (known: ${known.join(", ")})`);
  }
  return value as Record<string, unknown>;
}

function expectString(value: unknown, where: string): string {
  if (typeof value !== "string" || value === "") throw new ConfigError(`${where}: expected a non-empty string`);
  return value;
}

/**
 * `BS-SG-001` → `HDLP_GATEKEEPER_BS_SG_001_URL`: a named gatekeeper's own
 * variables (upper case, anything but letters and digits as `_`).
 */
export function gatekeeperEnvName(name: string, field: "URL" | "TOKEN"): string {
  return `HDLP_GATEKEEPER_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_${field}`;
}

function applyEnvironment(file: ConfigFile, env: NodeJS.ProcessEnv, path: string): RuntimeConfig {
  const pick = (name: string): string | undefined => (env[name] ? env[name] : undefined);

  const named = Object.entries(file.gatekeepers ?? {});
  if (named.length === 0 && pick("HDLP_GATEKEEPER_URL")) named.push([DEFAULT_GATEKEEPER_NAME, {}]);
  const defaultName = file.default_gatekeeper ?? named[0]?.[0];
  if (file.default_gatekeeper !== undefined && !named.some(([name]) => name === file.default_gatekeeper)) {
    throw new ConfigError(`${path}: default_gatekeeper "${file.default_gatekeeper}" is not one of gatekeepers (${named.map(([n]) => n).join(", ") || "none"})`);
  }
  const gatekeepers = named.map(([name, fromFile]) => {
    const isDefault = name === defaultName;
    const url = pick(gatekeeperEnvName(name, "URL")) ?? (isDefault ? pick("HDLP_GATEKEEPER_URL") : undefined) ?? fromFile.url;
    const token = pick(gatekeeperEnvName(name, "TOKEN")) ?? (isDefault ? pick("HDLP_GATEKEEPER_TOKEN") : undefined) ?? fromFile.token;
    if (!url) throw new ConfigError(`${path}: gatekeepers.${name} has no url (set it there or in ${gatekeeperEnvName(name, "URL")})`);
    return endpoint(name, url, token, `gatekeepers.${name}.url`, path);
  });

  const apiUrl = pick("HDLP_API_URL") ?? file.api?.url;
  const forgejoUrl = pick("HDLP_FORGEJO_URL") ?? file.forgejo?.url;
  const defaultRepo = pick("HDLP_FORGEJO_REPO") ?? file.forgejo?.default_repo;
  if (defaultRepo !== undefined && !REPO_NAME.test(defaultRepo)) {
    throw new ConfigError(`${path}: forgejo.default_repo "${defaultRepo}" is not written owner/name`);
  }
  return {
    gatekeepers,
    ...(defaultName !== undefined && gatekeepers.length > 0 ? { defaultGatekeeper: defaultName } : {}),
    ...(apiUrl ? { api: endpoint("hlpd-api", apiUrl, pick("HDLP_API_TOKEN") ?? file.api?.token, "api.url", path) } : {}),
    ...(forgejoUrl ? { forgejo: endpoint("forgejo", forgejoUrl, pick("HDLP_FORGEJO_TOKEN") ?? file.forgejo?.token, "forgejo.url", path) } : {}),
    ...(defaultRepo ? { forgejoDefaultRepo: defaultRepo } : {}),
    configPath: path,
  };
}

function endpoint(name: string, url: string, token: string | undefined, key: string, path: string): Endpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`${key} "${url}" (from ${path} or the environment) is not a URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ConfigError(`${key} "${url}" must be an http:// or https:// URL`);
  return token ? { name, url, token } : { name, url };
}
