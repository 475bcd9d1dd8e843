/**
 * Which tools root a command works on when none is named: `--root`, else
 * `HDLP_TOOLS_DIR`, else found walking up from the working folder, as git and
 * eslint find theirs: the first folder holding `hdlp.config.json` (the tools
 * are its `tools/`) or a `tools/` folder. Nothing found: `./tools`.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { TOOLS_FOLDER_NAME } from "@hdlp/parser";
import { CONFIG_FILE_NAME } from "@hdlp/runtime";

export interface ToolsRootOptions {
  readonly root?: string | undefined;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

/** How the root was chosen, for messages that say why a folder was used. */
export interface FoundRoot {
  readonly path: string;
  readonly from: "--root" | "HDLP_TOOLS_DIR" | "hdlp.config.json" | "tools/" | "default";
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

export function findToolsRoot({ root, env = process.env, cwd = process.cwd() }: ToolsRootOptions = {}): FoundRoot {
  if (root !== undefined) return { path: root, from: "--root" };
  if (env["HDLP_TOOLS_DIR"]) return { path: env["HDLP_TOOLS_DIR"], from: "HDLP_TOOLS_DIR" };
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    if (isFile(join(folder, CONFIG_FILE_NAME))) return { path: join(folder, TOOLS_FOLDER_NAME), from: "hdlp.config.json" };
    if (isFolder(join(folder, TOOLS_FOLDER_NAME))) return { path: join(folder, TOOLS_FOLDER_NAME), from: "tools/" };
    if (dirname(folder) === folder) return { path: TOOLS_FOLDER_NAME, from: "default" };
  }
}
