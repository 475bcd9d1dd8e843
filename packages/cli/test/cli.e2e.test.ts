import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { project, runHdlp, SEED } from "./run-hdlp.ts";

const SCRAMBLED = `why: 铸渊需要通过gatekeeper执行服务器命令。这是所有系统操作的基础工具。
name: shell-exec
display: Shell命令执行
intent: 在服务器上执行一条shell命令并返回结果
method: exec
executor: gatekeeper
params_schema:
  cmd:
    required: true
    type: string
    description: "要执行的shell命令"
  cwd: { type: string, required: false, description: "工作目录" }
constraints: { timeout_ms: 30000, max_output_bytes: 65536, require_confirm: false }
author: ICE-GL-ZY001
created: 2026-05-31
`;

describe("hdlp", () => {
  it("--help lists the commands, --version prints the package version", async () => {
    const cwd = await project({});
    const help = await runHdlp(["--help"], { cwd });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^\s+lint\s+Check TOOL.hdlp files/m);
    expect(help.stdout).toMatch(/^\s+fmt\s+/m);
    expect(help.stdout).toMatch(/^\s+schema\s+/m);
    const version = await runHdlp(["--version"], { cwd });
    const manifest = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    expect(version).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
  });

  it.each(["lint", "fmt", "schema"])("`hdlp %s --help` explains the command and its exit codes", async (name) => {
    const run = await runHdlp([name, "--help"], { cwd: await project({}) });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: hdlp ${name}`));
  });

  it("exits 2 on an unknown command, naming it", async () => {
    const run = await runHdlp(["lnt"], { cwd: await project({}) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command `lnt`");
  });
});

describe("hdlp fmt", () => {
  it("prints a single file formatted; the seed's example is already canonical", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SCRAMBLED, "seed.hdlp": SEED });
    expect(await runHdlp(["fmt", "tools/shell-exec/TOOL.hdlp"], { cwd })).toMatchObject({ code: 0, stdout: SEED });
    expect(await runHdlp(["fmt", "seed.hdlp"], { cwd })).toMatchObject({ code: 0, stdout: SEED });
  });

  it("--check lists unformatted files and exits 1, changing nothing; 0 when all are formatted", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SCRAMBLED, "tools/ok/TOOL.hdlp": SEED });
    const run = await runHdlp(["fmt", "--check"], { cwd });
    expect(run).toMatchObject({ code: 1, stdout: "tools/shell-exec/TOOL.hdlp\n" });
    expect(await readFile(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8")).toBe(SCRAMBLED);
    expect((await runHdlp(["fmt", "--check", "tools/ok"], { cwd })).code).toBe(0);
  });

  it("--write rewrites unformatted files; a second --check passes", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SCRAMBLED });
    const run = await runHdlp(["fmt", "--write"], { cwd });
    expect(run).toMatchObject({ code: 0, stdout: "formatted tools/shell-exec/TOOL.hdlp\n" });
    expect(await readFile(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8")).toBe(SEED);
    expect((await runHdlp(["fmt", "--check"], { cwd })).code).toBe(0);
  });

  it("refuses a file with a syntax error, says why, exits 1 and leaves it untouched", async () => {
    const broken = "name: x\nparams_schema:\n  cmd: { type: string\n";
    const cwd = await project({ "tools/x/TOOL.hdlp": broken });
    const run = await runHdlp(["fmt", "--write"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^tools\/x\/TOOL\.hdlp: cannot format: it has .*syntax error.*line \d+/);
    expect(await readFile(join(cwd, "tools/x/TOOL.hdlp"), "utf8")).toBe(broken);
  });

  it("exits 2 on --check with --write, or several files without either", async () => {
    const cwd = await project({ "tools/a/TOOL.hdlp": SEED, "tools/b/TOOL.hdlp": SEED });
    expect((await runHdlp(["fmt", "--check", "--write"], { cwd })).code).toBe(2);
    const run = await runHdlp(["fmt"], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("2 files found");
  });
});

describe("hdlp schema", () => {
  it("prints a JSON Schema 2020-12 that ajv compiles strictly", async () => {
    const run = await runHdlp(["schema"], { cwd: await project({}) });
    expect(run.code).toBe(0);
    const schema = JSON.parse(run.stdout);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(() => new Ajv2020({ strict: true }).compile(schema)).not.toThrow();
  });

  it("exits 2 when given an argument", async () => {
    expect((await runHdlp(["schema", "extra"], { cwd: await project({}) })).code).toBe(2);
  });
});
