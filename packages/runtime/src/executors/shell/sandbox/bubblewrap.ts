/**
 * Whether bubblewrap (`bwrap`, Debian's `bubblewrap` package) can sandbox a
 * tool here: installed, and able to create the namespaces the sandbox uses
 * (an unprivileged user needs user namespaces, which some kernels and
 * containers turn off). Found once per process and path, by starting one
 * sandbox the way a tool's would start.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

export type Bubblewrap = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

export const INSTALL_HINT = "install it with `apt-get install bubblewrap` (Debian, Ubuntu) or your system's package";

const known = new Map<string, Bubblewrap>();

/** `bwrap` as found on the runtime's PATH (or the path given), checked to work; the answer is kept. */
export function bubblewrap(path?: string, searchPath = process.env["PATH"] ?? ""): Bubblewrap {
  const key = path ?? `PATH=${searchPath}`;
  let found = known.get(key);
  if (!found) {
    found = probe(path ?? onPath("bwrap", searchPath));
    known.set(key, found);
  }
  return found;
}

function onPath(program: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** The namespaces every sandbox uses, a network one included, around `true`. */
function probe(path: string | undefined): Bubblewrap {
  if (path === undefined) return { ok: false, reason: `bubblewrap (bwrap) is not installed: ${INSTALL_HINT}` };
  const run = spawnSync(
    path,
    [
      "--die-with-parent",
      "--unshare-pid",
      "--unshare-net",
      "--unshare-ipc",
      "--unshare-uts",
      "--ro-bind",
      "/",
      "/",
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "--",
      "true",
    ],
    { env: {}, encoding: "utf8", timeout: 10_000 },
  );
  if (run.error) return { ok: false, reason: `bubblewrap (${path}) cannot be started: ${run.error.message}` };
  if (run.status !== 0) {
    const said = run.stderr.trim() || `exit ${run.status ?? run.signal}`;
    return { ok: false, reason: `bubblewrap (${path}) cannot create a sandbox here: ${said}` };
  }
  return { ok: true, path };
}
