/**
 * The package bundles with esbuild into plain JavaScript that runs with no
 * node_modules beside it: no native module, no data file read at run time
 * (packages/build bundles it so, into hdlp).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, NODE_ESM } from "@hdlp/build";
import { describe, expect, it, onTestFinished } from "vitest";

describe("@hdlp/mcp bundled", () => {
  it("bundles without a warning or a native module, and makes a server from the bundle alone", async () => {
    const out = mkdtempSync(join(tmpdir(), "hdlp-mcp-bundle-"));
    onTestFinished(() => rmSync(out, { recursive: true, force: true }));
    const result = await bundle({
      ...NODE_ESM,
      entryPoints: [fileURLToPath(new URL("../src/index.ts", import.meta.url))],
      outfile: join(out, "mcp.mjs"),
      logLevel: "silent",
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(Object.keys(result.metafile!.inputs).filter((input) => input.endsWith(".node"))).toEqual([]);
    // Run from a folder with no node_modules: everything the server needs is in the one file.
    writeFileSync(
      join(out, "probe.mjs"),
      `import { HdlpMcp, fixedToolSource, toolFilter } from "./mcp.mjs";
const index = { root: "/none", tools: [], invalid: [], stats: { files: 0, read: 0, parsed: 0, durationMs: 0 }, get: () => undefined };
const mcp = new HdlpMcp({ source: fixedToolSource(index, toolFilter()), version: "0", transport: "stdio" });
process.stdout.write(typeof mcp.server({ longLived: false }).connect);`,
    );
    expect(execFileSync(process.execPath, [join(out, "probe.mjs")], { cwd: out, encoding: "utf8" })).toBe("function");
  });
});
