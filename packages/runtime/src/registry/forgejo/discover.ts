/**
 * A local root's discovery rules (../discover.ts), over a repository's tree:
 * `<folder>/TOOL.hdlp` one level under the tools path, dot folders skipped,
 * submodules not followed; a folder or a TOOL.hdlp that is a symbolic link is
 * followed only when it leads to a place inside the tools path, and one that
 * leads out (`../`, an absolute target) is reported, not loaded.
 */
import { posix } from "node:path";
import { TOOL_FILE_NAME } from "@hdlp/parser";
import { SYMLINK_MODE, type TreeEntry } from "./repository.ts";

export interface RemoteToolFile {
  readonly folder: string;
  /** Where the file's blob is, relative to the tools path, links followed. */
  readonly path: string;
  readonly sha: string;
  readonly size: number;
}

export interface RemoteDiscovery {
  readonly files: readonly RemoteToolFile[];
  readonly escaped: readonly { readonly folder: string; readonly target: string }[];
}

/** As the kernel's SYMLOOP_MAX: a longer chain of links is not followed. */
const MAX_LINKS = 40;

type Resolved = { readonly entry: TreeEntry } | { readonly escapes: string } | undefined;

/** `readLink`: a link's target, the text of its blob. */
export async function discoverRemoteToolFiles(entries: readonly TreeEntry[], readLink: (entry: TreeEntry) => Promise<string>): Promise<RemoteDiscovery> {
  const byPath = new Map(entries.map((e) => [e.path, e]));

  /** Follows `path` component by component, through links, staying inside the tools path. */
  const resolve = async (path: string, links = 0): Promise<Resolved> => {
    const parts = path.split("/");
    for (let i = 0; i < parts.length; i++) {
      const here = parts.slice(0, i + 1).join("/");
      const entry = byPath.get(here);
      if (!entry) return undefined; // dangling: not a tool
      if (entry.mode !== SYMLINK_MODE) continue;
      if (links >= MAX_LINKS) return undefined;
      const target = await readLink(entry);
      const joined = posix.normalize(posix.join(posix.dirname(here), target));
      if (posix.isAbsolute(target) || joined === ".." || joined.startsWith("../")) return { escapes: target };
      return resolve([...(joined === "." ? [] : [joined]), ...parts.slice(i + 1)].join("/"), links + 1);
    }
    const entry = byPath.get(path)!;
    return entry.type === "blob" ? { entry } : undefined;
  };

  const files: RemoteToolFile[] = [];
  const escaped: { folder: string; target: string }[] = [];
  const folders = entries.filter((e) => !e.path.includes("/") && !e.path.startsWith(".") && (e.type === "tree" || e.mode === SYMLINK_MODE));
  for (const folder of folders.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const found = await resolve(`${folder.path}/${TOOL_FILE_NAME}`);
    if (found === undefined) continue;
    if ("escapes" in found) escaped.push({ folder: folder.path, target: found.escapes });
    else files.push({ folder: folder.path, path: found.entry.path, sha: found.entry.sha, size: found.entry.size });
  }
  return { files, escaped };
}
