#!/usr/bin/env node
// Runs the TypeScript sources with no build step, as `hdlp` does: see @hdlp/launcher.
import { runBundled } from "@hdlp/launcher";

await runBundled({ packageDir: new URL("../", import.meta.url), entries: ["main.ts"], entry: "main.ts" });
