/**
 * Which `hdlp.config.json` applies: the file `--config` names, else the one
 * `HDLP_CONFIG` names, else the first found walking up from the working
 * folder (as git finds `.git`), else none. A file named explicitly must exist:
 * a typo there would otherwise run with no policy at all.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ConfigError } from "./config-error.ts";

export const CONFIG_FILE_NAME = "hdlp.config.json";
export const CONFIG_ENV = "HDLP_CONFIG";

export interface ConfigLocation {
  readonly path: string;
  /** How it was found: `--config`, the `HDLP_CONFIG` variable, or the walk up from `cwd`. */
  readonly foundBy: "option" | "env" | "search";
}

export interface LocateOptions {
  /** `--config FILE`. */
  readonly configPath?: string;
  /** Where the walk starts; process.cwd() by default. */
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

export function locateConfigFile(options: LocateOptions = {}): ConfigLocation | undefined {
  const cwd = resolve(options.cwd ?? process.cwd());
  const named = options.configPath ?? (options.env ?? process.env)[CONFIG_ENV];
  if (named) {
    const path = resolve(cwd, named);
    const by = options.configPath ? "--config" : CONFIG_ENV;
    if (!isFile(path)) throw new ConfigError(`${path} (named by ${by}) is not a file`);
    return { path, foundBy: options.configPath ? "option" : "env" };
  }
  for (let dir = cwd; ; dir = dirname(dir)) {
    const path = join(dir, CONFIG_FILE_NAME);
    if (isFile(path)) return { path, foundBy: "search" };
    if (dirname(dir) === dir) return undefined;
  }
}

/** Absent: false. There but unreadable: an error, since skipping it would run without the operator's policy. */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return false;
    throw new ConfigError(`${path} cannot be read: ${(error as Error).message}`);
  }
}
