/**
 * `pnpm bench`: every benchmark of the project, in one run.
 *
 * First the commands are built (`pnpm build`), so the benchmarks time the
 * bundles of the sources as they are now. Each `bench/*.bench.ts` exports
 * `run(): Promise<void>` that measures its figures against the baselines its
 * issue names and prints them with ratios. A name on the command line runs
 * only the benchmarks whose file contains it.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import { buildCommands } from "@hdlp/build";

const here = fileURLToPath(new URL(".", import.meta.url));
const filter = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => filter.length === 0 || filter.some((word) => f.includes(word)))
  .sort();

await buildCommands();
console.log(`hdlp benchmarks · node ${process.version} · ${new Date().toISOString()}`);
for (const file of files) {
  console.log(`\n== ${file.replace(/\.bench\.ts$/, "")}`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run(): Promise<void> };
  await mod.run();
}
