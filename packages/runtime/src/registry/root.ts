/**
 * Where the registry reads its tools from, as the operator writes it in
 * `--root`, `HDLP_TOOLS_DIR` or `registry.root` of hdlp.config.json:
 *
 *   tools                               a folder
 *   forgejo:OWNER/REPO[@REF][:PATH]     a Forgejo repository, at REF (its default
 *                                       branch when absent), under PATH (`tools`
 *                                       when absent; `:` or `:/` is its root)
 *
 * A ref cannot hold `:` (git forbids it in ref names), so the first `:` after
 * the repository starts the path. Every part later goes into a URL, so a part
 * that is or holds a `.` or `..` segment is refused here (executors/http/url.ts).
 */
import type { RegistrySource } from "../config/policy.ts";
import { dotSegmentIn } from "../executors/http/url.ts";

export const FORGEJO_ROOT_PREFIX = "forgejo:";
export const DEFAULT_REMOTE_TOOLS_PATH = "tools";

export class RegistryRootError extends Error {
  override readonly name = "RegistryRootError";
}

const FORGEJO_ROOT = /^([^/@:\s]+)\/([^/@:\s]+)(?:@([^:]*))?(?::(.*))?$/s;

export function parseRegistryRoot(text: string): RegistrySource {
  if (!text.startsWith(FORGEJO_ROOT_PREFIX)) return { kind: "folder", path: text };
  const match = FORGEJO_ROOT.exec(text.slice(FORGEJO_ROOT_PREFIX.length));
  if (!match) throw new RegistryRootError(`the registry root \`${text}\` is not written forgejo:OWNER/REPO[@REF][:PATH]`);
  const [, owner = "", name = "", ref, rawPath] = match;
  if (ref === "") throw new RegistryRootError(`the registry root \`${text}\` has an empty ref after \`@\``);
  const parts: [string, string | undefined][] = [
    ["owner", owner],
    ["repository", name],
    ["ref", ref],
    ["path", rawPath],
  ];
  for (const [what, value] of parts) {
    const why = value === undefined ? undefined : dotSegmentIn(value);
    if (why) throw new RegistryRootError(`the registry root \`${text}\`: its ${what} ${JSON.stringify(value)} ${why}`);
  }
  const path = rawPath === undefined ? DEFAULT_REMOTE_TOOLS_PATH : rawPath.replace(/^\/+|\/+$/g, "");
  if (path.split("/").includes("") && path !== "") throw new RegistryRootError(`the registry root \`${text}\`: its path has an empty segment (\`//\`)`);
  return { kind: "forgejo", repo: `${owner}/${name}`, ...(ref === undefined ? {} : { ref }), path };
}

/** The source as `--root` writes it: a folder's path, or `forgejo:OWNER/REPO[@REF]:PATH`. */
export function formatRegistryRoot(source: RegistrySource): string {
  if (source.kind === "folder") return source.path;
  return `${FORGEJO_ROOT_PREFIX}${source.repo}${source.ref === undefined ? "" : `@${source.ref}`}:${source.path}`;
}
