/**
 * What `.gitignore` files hide from a search (find-files.ts), read as git
 * reads them, without running git: a folder's `.gitignore` applies to the
 * paths below it, a deeper file's rules win over a shallower one's, and a
 * path in an ignored folder is ignored. The files read are those from the
 * root of the git checkout holding the search (the nearest folder up with a
 * `.git`) down to the paths tested; outside a checkout, those from the
 * searched folder down.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import { UsageError } from "./command.ts";

export const GITIGNORE = ".gitignore";

/** One `.gitignore`: the folder it is in (a path below starts with `prefix`) and its rules. */
interface RuleFile {
  readonly prefix: string;
  readonly rules: Ignore;
}

/** The `.gitignore` files that apply below one folder, the shallowest first. */
export type RuleChain = readonly RuleFile[];

const NO_RULES: RuleChain = [];

function prefixOf(folder: string): string {
  return folder.endsWith(sep) ? folder : folder + sep;
}

/** The root of the git checkout holding `folder` (absolute): the nearest folder up with a `.git` (a worktree's is a file), or undefined. */
function checkoutRoot(folder: string): string | undefined {
  for (let at = folder; ; at = dirname(at)) {
    if (statSync(join(at, ".git"), { throwIfNoEntry: false })) return at;
    if (dirname(at) === at) return undefined;
  }
}

function unreadable(path: string, error: unknown): UsageError {
  return new UsageError(`cannot read \`${path}\`: ${(error as Error).message}`);
}

/** The rules of `folder`'s own `.gitignore`, or undefined when it has none. */
function ruleFile(folder: string): RuleFile | undefined {
  const path = join(folder, GITIGNORE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
    throw unreadable(path, error);
  }
  // git matches case-blind where it made the checkout on a case-blind file system (macOS, Windows).
  return { prefix: prefixOf(folder), rules: ignore({ ignorecase: process.platform === "darwin" || process.platform === "win32" }).add(text) };
}

/** Whether `chain` ignores `path` (absolute, below every file of the chain): the deepest file that says either way decides. */
export function ignores(chain: RuleChain, path: string, isFolder: boolean): boolean {
  for (let i = chain.length - 1; i >= 0; i--) {
    const { prefix, rules } = chain[i]!;
    const verdict = rules.test(path.slice(prefix.length) + (isFolder ? "/" : ""));
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

/**
 * The chains of the folders of one search, each worked out once. `top` is
 * the folder whose `.gitignore` is the shallowest read: the checkout's root,
 * else the search's own folder.
 */
export class GitIgnores {
  private readonly chains = new Map<string, RuleChain>();
  private readonly hidden = new Map<string, boolean>();
  private readonly top: string;

  /** For a search from `folder` (absolute). */
  constructor(folder: string) {
    this.top = checkoutRoot(folder) ?? folder;
  }

  /** The chain that applies below `folder` (absolute): none above the top, whose `.gitignore` files are not read. */
  chain(folder: string): RuleChain {
    if (folder !== this.top && !folder.startsWith(prefixOf(this.top))) return NO_RULES;
    let chain = this.chains.get(folder);
    if (chain === undefined) {
      const above = folder === this.top ? NO_RULES : this.chain(dirname(folder));
      chain = withRulesOf(prefixOf(folder), above);
      this.chains.set(folder, chain);
    }
    return chain;
  }

  /**
   * The chain above a folder the user named: without the files that ignore
   * the folder itself, since a path named is searched even when ignored.
   */
  aboveNamed(folder: string): RuleChain {
    return folder === this.top ? NO_RULES : this.chain(dirname(folder)).filter((file) => !ignores([file], folder, true));
  }

  /** Whether `path` (absolute) is ignored, or is in an ignored folder; the top itself is not, whatever is above it. */
  isIgnored(path: string, isFolder: boolean): boolean {
    if (path === this.top) return false;
    const parent = dirname(path);
    if (parent !== this.top && this.isHiddenFolder(parent)) return true;
    return ignores(this.chain(parent), path, isFolder);
  }

  private isHiddenFolder(folder: string): boolean {
    let hidden = this.hidden.get(folder);
    if (hidden === undefined) {
      hidden = this.isIgnored(folder, true);
      this.hidden.set(folder, hidden);
    }
    return hidden;
  }
}

/** `chain` and the `.gitignore` that a listing of the folder at `prefix` (its path and a separator) shows. */
export function withRulesOf(prefix: string, chain: RuleChain): RuleChain {
  const own = ruleFile(prefix.slice(0, -1) || prefix);
  return own ? [...chain, own] : chain;
}
