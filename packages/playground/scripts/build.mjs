#!/usr/bin/env node
/**
 * Builds the playground into a folder of static files (default: this
 * package's dist/): index.html, playground.js, playground.css and their
 * source maps. Any static host serves it; opened from the disk it works too.
 *
 *   node scripts/build.mjs [--outdir path]
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import * as esbuild from "esbuild";
import { PACKAGE, option, pageBuild } from "./config.mjs";

const outdir = resolve(option("--outdir") ?? join(PACKAGE, "dist"));
mkdirSync(outdir, { recursive: true });
await esbuild.build(pageBuild(outdir));
copyFileSync(join(PACKAGE, "index.html"), join(outdir, "index.html"));
console.log(`built the playground in ${outdir}`);
