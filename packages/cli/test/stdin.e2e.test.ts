/** `hdlp lint --stdin` and `hdlp fmt --stdin`: one file's text from standard input, as editors and pre-commit pass it. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_TOOL_FILE_BYTES } from "@hdlp/parser";
import { describe, expect, it } from "vitest";
import { BROKEN, HDLP, project, runHdlp, SEED } from "./run-hdlp.ts";

const NAMED = ["--stdin", "--stdin-filename", "tools/shell-exec/TOOL.hdlp"];

describe("hdlp lint --stdin", () => {
  it("lints the text under the name given, whose folder the folder-name rule reads; the file at that name is not read", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": "this file on disk is not read\n" });
    expect(await runHdlp(["lint", ...NAMED], { cwd, input: SEED })).toMatchObject({ code: 0, stdout: "1 file checked, no problems.\n" });
    const elsewhere = await runHdlp(["lint", "--stdin", "--stdin-filename", "tools/other/TOOL.hdlp", "--format", "json"], { cwd, input: SEED });
    const [file] = JSON.parse(elsewhere.stdout).files;
    expect(file.path).toBe("tools/other/TOOL.hdlp");
    expect(file.diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["folder-name-mismatch"]);
  });

  it("--fix prints the text fixed as a lint --fix of the file would write it, and reports what is left on stderr", async () => {
    const input = BROKEN.replaceAll("\n", "\r\n");
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": input });
    const piped = await runHdlp(["lint", ...NAMED, "--fix"], { cwd, input });
    const onDisk = await runHdlp(["lint", "tools/shell-exec/TOOL.hdlp", "--fix"], { cwd });
    const written = readFileSync(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8");
    expect(written).not.toBe(input);
    expect(piped).toEqual({ code: onDisk.code, stdout: written, stderr: onDisk.stdout });
    expect(piped.stdout).not.toMatch(/[^\r]\n/);
  });

  it("--fix prints a text with nothing to fix byte for byte, even bytes that are not UTF-8, and never writes the file named", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": "left as it is\n" });
    const input = Buffer.concat([Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]), Buffer.from(SEED)]);
    const run = spawnSync(HDLP, ["lint", ...NAMED, "--fix"], { cwd, input });
    expect(run.status).toBe(0);
    expect(run.stdout.equals(input)).toBe(true);
    expect(readFileSync(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8")).toBe("left as it is\n");
  });

  it("reports a text over 1 MiB as too large without linting it; --fix prints it back unchanged", async () => {
    const cwd = await project({});
    const input = `# ${"x".repeat(MAX_TOOL_FILE_BYTES)}\n`;
    const json = await runHdlp(["lint", ...NAMED, "--format", "json"], { cwd, input });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).files[0].diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["file-too-large"]);
    const fixed = await runHdlp(["lint", ...NAMED, "--fix"], { cwd, input });
    expect(fixed.code).toBe(1);
    expect(fixed.stdout).toBe(input);
    expect(fixed.stderr).toContain("tools/shell-exec/TOOL.hdlp:1:1: error:");
  });
});

describe("hdlp fmt --stdin", () => {
  it("prints the text formatted; --check names it when it is not; the file at that name is neither read nor written", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": "left as it is\n" });
    const untidy = SEED.replace("name: shell-exec", "name:    shell-exec");
    const run = await runHdlp(["fmt", ...NAMED], { cwd, input: untidy });
    expect(run).toMatchObject({ code: 0, stdout: SEED.replace(/\n*$/, "\n") });
    expect(await runHdlp(["fmt", ...NAMED, "--check"], { cwd, input: untidy })).toMatchObject({ code: 1, stdout: "tools/shell-exec/TOOL.hdlp\n" });
    expect(await runHdlp(["fmt", ...NAMED, "--check"], { cwd, input: run.stdout })).toMatchObject({ code: 0, stdout: "" });
    expect(readFileSync(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8")).toBe("left as it is\n");
  });

  it("prints nothing and exits 1 with the reason on stderr when the text cannot be formatted", async () => {
    const cwd = await project({});
    const run = await runHdlp(["fmt", ...NAMED], { cwd, input: "name: [unclosed\n" });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^tools\/shell-exec\/TOOL\.hdlp: cannot format: .+\.\n$/);
  });
});

describe("--stdin usage", () => {
  it.each([
    [["lint", "--stdin"], "--stdin needs --stdin-filename PATH"],
    [["fmt", "--stdin"], "--stdin needs --stdin-filename PATH"],
    [["lint", "--stdin-filename", "a/TOOL.hdlp"], "--stdin-filename names the text read with --stdin: add --stdin."],
    [["lint", ...NAMED, "tools"], "--stdin reads one text from standard input, so it takes no paths (got `tools`)."],
    [["fmt", ...NAMED, "--write"], "--write rewrites files, and --stdin has none"],
  ])("%j is bad usage (exit 2)", async (args, message) => {
    const cwd = await project({});
    const run = await runHdlp(args, { cwd, input: SEED });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
