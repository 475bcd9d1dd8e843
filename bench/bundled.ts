/**
 * The workspace's packages as users run them, for the benchmarks that time
 * one in their own process: bundled by @hdlp/build with the configuration of
 * `hdlp` and the language server, rather than the sources under tsx (which
 * transforms every module, and V8 optimises what it makes differently).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bundle, NODE_ESM, ROOT } from "@hdlp/build";

/** Bundle `entry` (relative to the workspace's root) into bench/dist/`name`.js, and import that. */
export async function importBundled<T>(name: string, entry: string): Promise<T> {
  const outfile = join(ROOT, "bench/dist", `${name}.js`);
  await bundle({ ...NODE_ESM, entryPoints: [join(ROOT, entry)], outfile });
  return (await import(pathToFileURL(outfile).href)) as T;
}

export const bundledParser = () => importBundled<typeof import("@hdlp/parser")>("parser", "packages/parser/src/index.ts");
export const bundledMatch = () => importBundled<typeof import("@hdlp/match")>("match", "packages/match/src/index.ts");
export const bundledRuntime = () => importBundled<typeof import("@hdlp/runtime")>("runtime", "packages/runtime/src/index.ts");
