/**
 * The package bundles with esbuild into plain JavaScript that runs with no
 * node_modules beside it: no native module, no data file read at run time
 * (the CLI's standard build, issue 13, bundles it so).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadEsbuild, NODE_BUNDLE } from "@hdlp/launcher";
import { describe, expect, it, onTestFinished } from "vitest";

describe("@hdlp/mcp bundled", () => {
  it("bundles without a warning or a native module, and makes a server from the bundle alone", async () => {
    const out = mkdtempSync(join(tmpdir(), "hdlp-mcp-bundle-"));
    onTestFinished(() => rmSync(out, { recursive: true, force: true }));
    const result = (await loadEsbuild().build({
      ...NODE_BUNDLE,
      entryPoints: [fileURLToPath(new URL("../src/index.ts", import.meta.url))],
      outfile: join(out, "mcp.mjs"),
      logLevel: "silent",
      metafile: true,
    })) as { errors: unknown[]; warnings: unknown[]; metafile: { inputs: Record<string, unknown> } };
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(Object.keys(result.metafile.inputs).filter((input) => input.endsWith(".node"))).toEqual([]);
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
