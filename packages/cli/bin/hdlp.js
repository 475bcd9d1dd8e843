#!/usr/bin/env node
// The workspace runs its TypeScript sources directly, no build step after
// `pnpm install`: from a bundle esbuild makes on first use and remakes when a
// source changes, or through tsx (HDLP_NO_BUNDLE=1). See @hdlp/launcher.
import { runBundled } from "@hdlp/launcher";
import { CLI_ENTRIES } from "./entries.js";

await runBundled({ ...CLI_ENTRIES, entry: "main.ts" });
