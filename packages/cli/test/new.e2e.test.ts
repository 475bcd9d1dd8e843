/** `hdlp new`: a new tool from the catalogue's skeleton, where the tools root is, lint clean. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXECUTOR_NAMES } from "@hdlp/parser";
import { project, runHdlp } from "./run-hdlp.ts";

describe("hdlp new", () => {
  it.each(EXECUTOR_NAMES)("writes a %s tool that `hdlp lint` passes", async (executor) => {
    const cwd = await project({ "tools/.keep": "" });
    const made = await runHdlp(["new", "fresh-tool", "--executor", executor], { cwd });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toBe(`${join("tools", "fresh-tool", "TOOL.hdlp")}\n`);
    const text = readFileSync(join(cwd, "tools/fresh-tool/TOOL.hdlp"), "utf8");
    expect(text).toMatch(new RegExp(`^executor: ${executor}$`, "m"));
    const linted = await runHdlp(["lint", "tools"], { cwd });
    expect(linted.code, linted.stdout).toBe(0);
  });

  it("finds the tools root walking up from a subfolder, beside hdlp.config.json", async () => {
    const cwd = await project({ "hdlp.config.json": "{}\n", "docs/deep/.keep": "" });
    const made = await runHdlp(["new", "up-there"], { cwd: join(cwd, "docs/deep") });
    expect(made.code, made.stderr).toBe(0);
    expect(readFileSync(join(cwd, "tools/up-there/TOOL.hdlp"), "utf8")).toMatch(/^name: up-there$/m);
  });

  it("leaves an existing tool unchanged and says so (exit 1)", async () => {
    const cwd = await project({ "tools/taken/TOOL.hdlp": "name: taken\n" });
    const run = await runHdlp(["new", "taken"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("exists already; it is left unchanged");
    expect(readFileSync(join(cwd, "tools/taken/TOOL.hdlp"), "utf8")).toBe("name: taken\n");
  });

  it("refuses a name that cannot be a tool's, or an unknown executor (exit 2)", async () => {
    const cwd = await project({});
    for (const args of [["new", "../escape"], ["new", "two words"], ["new", "ok", "--executor", "Shell"], ["new"]]) {
      const run = await runHdlp(args, { cwd });
      expect(run.code, args.join(" ")).toBe(2);
    }
    expect(existsSync(join(cwd, "tools"))).toBe(false);
  });
});
