/**
 * The tool files this repository ships (the README's example tools and the
 * intent benchmark's tools) are what a newcomer copies: they must lint clean
 * and already be in the canonical style, checked by the real `hdlp` command.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const WORKSPACE = resolve(import.meta.dirname, "..");
const HDLP = join(WORKSPACE, "node_modules/.bin/hdlp");
const SHIPPED = ["examples/tools", "bench/intent/tools"];

function hdlp(args: readonly string[]) {
  return spawnSync(HDLP, args, { cwd: WORKSPACE, encoding: "utf8" });
}

describe("the shipped tool files", () => {
  it("lint clean, with no warning either", () => {
    const run = hdlp(["lint", ...SHIPPED, "--max-warnings", "0", "--format", "json"]);
    const report = JSON.parse(run.stdout) as { files: unknown[]; errorCount: number; warningCount: number };
    expect({ errors: report.errorCount, warnings: report.warningCount, exit: run.status }).toEqual({ errors: 0, warnings: 0, exit: 0 });
    expect(report.files.length).toBeGreaterThanOrEqual(50);
  });

  it("are already formatted", () => {
    const run = hdlp(["fmt", "--check", ...SHIPPED]);
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
  });
});
