#!/usr/bin/env node
// `pnpm build` (and the install's `prepare`): the commands' bundles, see ./index.js.
import { buildCommands } from "./index.js";

const built = await buildCommands().catch((error) => {
  // esbuild has printed each error with its place in the sources; its stack trace would add nothing.
  if (!Array.isArray(error?.errors)) throw error;
  console.error(`hdlp build failed: ${error.errors.length} error${error.errors.length === 1 ? "" : "s"}, above.`);
  process.exit(1);
});
console.log(`built ${built.join(", ")}`);
