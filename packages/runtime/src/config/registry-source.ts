/**
 * Where the registry reads its tools: a folder, or a Forgejo repository
 * written `forgejo:OWNER/REPO[@REF][:PATH]` (docs/config.md, `registry.root`;
 * the same text `--root` takes).
 */
import { isAbsolute, resolve } from "node:path";
import { REPO_NAME } from "../executors/git-forgejo/methods.ts";
import type { RegistrySource } from "./policy.ts";

export const FORGEJO_ROOT_PREFIX = "forgejo:";
/** The folder of a repository's tools when `:PATH` is not written. */
export const DEFAULT_FORGEJO_TOOLS_PATH = "tools";

/**
 * `root` as a source: `forgejo:…` is parsed, anything else is a folder,
 * resolved against `base` when relative. Throws an Error saying what is
 * wrong with a `forgejo:` root.
 */
export function parseRegistryRoot(root: string, base: string): RegistrySource {
  if (!root.startsWith(FORGEJO_ROOT_PREFIX)) return { kind: "folder", path: isAbsolute(root) ? root : resolve(base, root) };
  const rest = root.slice(FORGEJO_ROOT_PREFIX.length);
  const match = /^([^@:]*)(?:@([^:]*))?(?::(.*))?$/.exec(rest)!;
  const [, repo = "", ref, path] = match;
  const written = `\`${root}\` is not written forgejo:OWNER/REPO[@REF][:PATH]`;
  if (!REPO_NAME.test(repo)) throw new Error(`${written}: \`${repo}\` is not a repository owner/name`);
  if (ref === "") throw new Error(`${written}: the ref after @ is empty`);
  if (path === "") throw new Error(`${written}: the path after : is empty`);
  const folder = (path ?? DEFAULT_FORGEJO_TOOLS_PATH).replace(/^\/+|\/+$/g, "");
  return { kind: "forgejo", repo, ...(ref === undefined ? {} : { ref }), path: folder };
}

/** The source written back as `--root` takes it. */
export function formatRegistrySource(source: RegistrySource): string {
  if (source.kind === "folder") return source.path;
  return `${FORGEJO_ROOT_PREFIX}${source.repo}${source.ref === undefined ? "" : `@${source.ref}`}:${source.path}`;
}
