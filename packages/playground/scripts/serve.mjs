#!/usr/bin/env node
/**
 * `pnpm playground`: builds the playground, rebuilds it when a source
 * changes, and serves it with esbuild's own server (no server of ours: the
 * page is static).
 *
 *   node scripts/serve.mjs [--port 8080]
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import * as esbuild from "esbuild";
import { PACKAGE, option, pageBuild } from "./config.mjs";

const port = Number(option("--port") ?? 8080);
const outdir = join(PACKAGE, "dist");
mkdirSync(outdir, { recursive: true });
copyFileSync(join(PACKAGE, "index.html"), join(outdir, "index.html"));
const context = await esbuild.context(pageBuild(outdir));
await context.watch();
const { hosts, port: served } = await context.serve({ servedir: outdir, host: "127.0.0.1", port });
console.log(`the hdlp playground: http://${hosts[0]}:${served}/  (Ctrl+C to stop)`);
