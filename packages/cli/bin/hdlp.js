#!/usr/bin/env node
// The workspace runs its TypeScript sources directly, no build step after
// `pnpm install`: from a bundle esbuild makes on first use and remakes when a
// source changes, or through tsx (HDLP_NO_BUNDLE=1). See ./bundle-cache.js.
import { runBundled } from "./bundle-cache.js";

await runBundled("main.ts");
