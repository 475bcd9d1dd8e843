import { execFileSync } from "node:child_process";
import { statSync, truncateSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BROKEN, project, runHdlp, SEED } from "./run-hdlp.ts";

const ANSI = /\u001b\[/;

describe("hdlp lint", () => {
  it("exits 0 on a clean ./tools (the default path) and says so", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SEED });
    const run = await runHdlp(["lint"], { cwd });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe("1 file checked, no problems.\n");
  });

  it("exits 1 on errors, with path:line:col, the rule, and the line with a caret under the value (no colour off a terminal)", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": BROKEN });
    const run = await runHdlp(["lint", "tools"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tools/shell-exec/TOOL.hdlp:5:11: error: `Shell` is not an executor; did you mean `shell`? [unknown-executor]");
    expect(run.stdout).toContain("  5 | executor: Shell\n    |           ^^^^^\n");
    expect(run.stdout).toContain("warning: `colour` is not a field of TOOL.hdlp; it is ignored. [unknown-field]");
    expect(run.stdout).toContain("2 problems (1 error, 1 warning) in 1 file of 1 checked.");
    expect(run.stdout).not.toMatch(ANSI);
  });

  it("colours the stylish report when forced (FORCE_COLOR), as on a terminal", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": BROKEN });
    const run = await runHdlp(["lint"], { cwd, env: { FORCE_COLOR: "1" } });
    expect(run.stdout).toMatch(ANSI);
  });

  it("prints the exact JSON shape of issue 2 (0-based lines and characters)", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": BROKEN, "tools/ok/TOOL.hdlp": SEED.replace("name: shell-exec", "name: ok") });
    const run = await runHdlp(["lint", "--format", "json"], { cwd });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toEqual({
      files: [
        { path: "tools/ok/TOOL.hdlp", diagnostics: [] },
        {
          path: "tools/shell-exec/TOOL.hdlp",
          diagnostics: [
            {
              rule: "unknown-executor",
              severity: "error",
              message: "`Shell` is not an executor; did you mean `shell`?",
              field: "executor",
              range: { start: { line: 4, character: 10 }, end: { line: 4, character: 15 } },
            },
            {
              rule: "unknown-field",
              severity: "warning",
              message: "`colour` is not a field of TOOL.hdlp; it is ignored.",
              field: "colour",
              range: { start: { line: 12, character: 0 }, end: { line: 12, character: 6 } },
            },
          ],
        },
      ],
      errorCount: 1,
      warningCount: 1,
    });
  });

  it("prints a SARIF 2.1.0 log: rules described once, results pointing at 1-based regions", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": BROKEN });
    const run = await runHdlp(["lint", "--format", "sarif"], { cwd });
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout);
    expect(log.version).toBe("2.1.0");
    expect(log.runs).toHaveLength(1);
    const [sarifRun] = log.runs;
    expect(sarifRun.tool.driver.name).toBe("hdlp");
    const ruleIds: string[] = sarifRun.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    expect(sarifRun.results).toHaveLength(2);
    for (const result of sarifRun.results) {
      expect(ruleIds[result.ruleIndex]).toBe(result.ruleId);
      expect(["error", "warning", "note"]).toContain(result.level);
      expect(typeof result.message.text).toBe("string");
    }
    expect(sarifRun.results[0]).toMatchObject({
      ruleId: "unknown-executor",
      level: "error",
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "tools/shell-exec/TOOL.hdlp", uriBaseId: "SRCROOT" },
            region: { startLine: 5, startColumn: 11, endLine: 5, endColumn: 16 },
          },
        },
      ],
    });
    expect(sarifRun.originalUriBaseIds.SRCROOT.uri).toMatch(/^file:\/\/.*\/$/);
  });

  it("describes every rule in SARIF, the parser's too, each citing the docs/ page of this repository that documents it", async () => {
    const cwd = await project({ "tools/bad/TOOL.hdlp": "name: bad\n\tdisplay: x\n" });
    const run = await runHdlp(["lint", "--format", "sarif"], { cwd });
    const rules: { id: string; shortDescription: { text: string }; help: { text: string } }[] = JSON.parse(run.stdout).runs[0].tool.driver.rules;
    const byId = new Map(rules.map((r) => [r.id, r]));
    expect(byId.get("tab-indentation")?.help.text).toContain("docs/spec.md#9-syntax-errors");
    expect(byId.get("unknown-executor")?.help.text).toContain("docs/linter.md#unknown-executor");
    for (const rule of rules) {
      expect(rule.shortDescription.text.length, rule.id).toBeGreaterThan(10);
      expect(rule.help.text, rule.id).toMatch(/docs\/[a-z-]+\.md#/);
      expect(rule.shortDescription.text, rule.id).not.toMatch(/§|seed/);
    }
  });

  it("prints GitHub workflow annotations, escaping what the runner would misread", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": BROKEN });
    const run = await runHdlp(["lint", "--format", "github"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n").filter(Boolean)).toEqual([
      "::error file=tools/shell-exec/TOOL.hdlp,line=5,col=11,endLine=5,endColumn=15,title=unknown-executor::`Shell` is not an executor; did you mean `shell`?",
      "::warning file=tools/shell-exec/TOOL.hdlp,line=13,col=1,endLine=13,endColumn=6,title=unknown-field::`colour` is not a field of TOOL.hdlp; it is ignored.",
    ]);
  });

  it("--max-warnings: exits 0 with warnings within the maximum, 1 above it", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": SEED.replace("author:", "colour: red\nauthor:") });
    expect((await runHdlp(["lint", "--max-warnings", "1"], { cwd })).code).toBe(0);
    const over = await runHdlp(["lint", "--max-warnings", "0"], { cwd });
    expect(over.code).toBe(1);
    expect(over.stdout).toContain("more than --max-warnings 0");
  });

  it("--fix applies the safe fixes, writes the file, and reports what is left", async () => {
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": BROKEN.replace("colour: red", "athor: ICE") });
    const run = await runHdlp(["lint", "--fix", "--format", "json"], { cwd });
    const fixed = await readFile(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8");
    expect(fixed).toContain("executor: shell\n");
    // `athor` is not renamed: `author` exists, so renaming would make a duplicate.
    expect(fixed).toContain("athor: ICE\n");
    const report = JSON.parse(run.stdout);
    expect(report.errorCount).toBe(0);
    expect(report.files[0].diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["shell-free-text", "unknown-field"]);
    expect(run.code).toBe(0);
  });

  it("--fix renames a misspelt key once, keeping its value, instead of also adding the missing one", async () => {
    const misspelt = SEED.replace("display: ", "dispaly: ")
      .replace("  timeout_ms: 30000", "  timeot_ms: 60000")
      .replace('description: "工作目录"', 'descripton: "工作目录"');
    const cwd = await project({ "tools/shell-exec/TOOL.hdlp": misspelt });
    const run = await runHdlp(["lint", "--fix"], { cwd });
    const fixed = await readFile(join(cwd, "tools/shell-exec/TOOL.hdlp"), "utf8");
    expect(fixed).toBe(SEED.replace("  timeout_ms: 30000", "  timeout_ms: 60000"));
    expect(run).toMatchObject({ code: 0, stdout: "1 file checked, no problems.\n" });
  });

  it("--fix keeps a file whose line breaks are CR only: its text survives, and what is added uses CR", async () => {
    const cwd = await project({ "tools/a/TOOL.hdlp": "name: a\rdisplay: keep me\rname: a\r" });
    const run = await runHdlp(["lint", "--fix"], { cwd });
    const fixed = await readFile(join(cwd, "tools/a/TOOL.hdlp"), "utf8");
    expect(fixed.startsWith("name: a\rdisplay: keep me\r")).toBe(true);
    // The report quotes the line it points at, CR being a line break there too.
    expect(run.stdout).toContain("  4 | method: exec\n    |         ^^^^\n");
    expect(fixed.match(/^name:/gm)).toHaveLength(1);
    expect(fixed).not.toContain("\n");
    // Each missing field once, the three constraints once each.
    for (const key of ["intent:", "method:", "executor:", "timeout_ms:", "max_output_bytes:", "require_confirm:"]) expect(fixed.split(key)).toHaveLength(2);
  });

  it("reports a FIFO named TOOL.hdlp as a path it cannot read, at once, never waiting for a writer", async () => {
    const cwd = await project({ "tools/ok/TOOL.hdlp": SEED.replace("shell-exec", "ok") });
    await mkdir(join(cwd, "tools/pipe"));
    execFileSync("mkfifo", [join(cwd, "tools/pipe/TOOL.hdlp")]);
    for (const args of [["lint"], ["lint", "tools/pipe/TOOL.hdlp"], ["fmt", "--check"]]) {
      const run = await runHdlp(args, { cwd, killAfterMs: 15_000 });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("cannot read `tools/pipe/TOOL.hdlp`: it is a FIFO, not a regular file.");
    }
  });

  it("reports a file over 1 MiB as too large without reading it: a 4 GiB (sparse) file, which no string could hold", async () => {
    const cwd = await project({ "tools/big/TOOL.hdlp": "", "tools/ok/TOOL.hdlp": BROKEN.replace("shell-exec", "ok").replace("colour: red\n", "") });
    truncateSync(join(cwd, "tools/big/TOOL.hdlp"), 4 * 1024 ** 3);
    const run = await runHdlp(["lint", "--fix", "--format", "json"], { cwd, killAfterMs: 30_000 });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.files[0]).toEqual({
      path: "tools/big/TOOL.hdlp",
      diagnostics: [
        {
          rule: "file-too-large",
          severity: "error",
          message: "This file is 4,294,967,296 bytes, more than the 1,048,576 bytes (1 MiB) a TOOL.hdlp may have; it is not read.",
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        },
      ],
    });
    // The other file was fixed and linted again beside it; the large one is left as it was.
    expect(report.files[1].diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["shell-free-text"]);
    expect(statSync(join(cwd, "tools/big/TOOL.hdlp")).size).toBe(4 * 1024 ** 3);
    const fmt = await runHdlp(["fmt", "--check"], { cwd, killAfterMs: 30_000 });
    expect(fmt.code).toBe(1);
    expect(fmt.stderr).toContain(
      "tools/big/TOOL.hdlp: cannot format: This file is 4,294,967,296 bytes, more than the 1,048,576 bytes (1 MiB) a TOOL.hdlp may have; it is not read.",
    );
  });

  it("finds duplicate names across files and folders named differently from their tool", async () => {
    const cwd = await project({ "tools/a/TOOL.hdlp": SEED, "tools/shell-exec/TOOL.hdlp": SEED });
    const run = await runHdlp(["lint", "--format", "json"], { cwd });
    expect(run.code).toBe(1);
    const rules = JSON.parse(run.stdout).files.map((f: { diagnostics: { rule: string }[] }) => f.diagnostics.map((d) => d.rule));
    expect(rules).toEqual([["duplicate-name", "folder-name-mismatch"], ["duplicate-name"]]);
  });

  it("quotes the line of a file that only the rules across files flag, in the stylish report", async () => {
    const cwd = await project({
      "tools/a/TOOL.hdlp": SEED.replace("name: shell-exec", "name: a"),
      "tools/b/TOOL.hdlp": SEED.replace("name: shell-exec", "name: a"),
    });
    const run = await runHdlp(["lint"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tools/a/TOOL.hdlp:1:7: error: The tool name `a` is also declared in tools/b/TOOL.hdlp. [duplicate-name]\n  1 | name: a\n");
  });

  it("exits 2 naming a file it found that cannot be read (a folder where TOOL.hdlp should be)", async () => {
    const cwd = await project({ "tools/a/TOOL.hdlp": SEED.replace("name: shell-exec", "name: a"), "tools/x/TOOL.hdlp/readme.txt": "not a tool" });
    const run = await runHdlp(["lint"], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("cannot read `tools/x/TOOL.hdlp`: is a folder.");
  });

  it("--collisions warns both tools the intent matcher cannot tell apart; one comment silences it, in SARIF as in text", async () => {
    // The fixtures of packages/match/src/collision/testdata: two restart tools saying the same thing, one in English.
    const fixtures = new URL("../../match/src/collision/testdata/", import.meta.url);
    const read = (path: string) => readFile(new URL(path, fixtures), "utf8");
    const colliding = {
      "tools/service-restart/TOOL.hdlp": await read("colliding/service-restart/TOOL.hdlp"),
      "tools/systemd-restart/TOOL.hdlp": await read("colliding/systemd-restart/TOOL.hdlp"),
    };
    const cwd = await project(colliding);
    expect(await runHdlp(["lint"], { cwd })).toMatchObject({ code: 0, stdout: "2 files checked, no problems.\n" });

    const run = await runHdlp(["lint", "--collisions", "--format", "json"], { cwd });
    expect(run.code).toBe(0);
    const files = JSON.parse(run.stdout).files as { path: string; diagnostics: { rule: string; message: string; range: { start: { line: number } } }[] }[];
    expect(files.map((f) => f.diagnostics.map((d) => d.rule))).toEqual([["intent-collision"], ["intent-collision"]]);
    expect(files[0]!.diagnostics[0]!.message).toMatch(/^`service-restart` and `systemd-restart` are near-equals to the intent matcher/);
    expect(files[0]!.diagnostics[0]!.range.start.line).toBe(2);
    expect((await runHdlp(["lint", "--collisions", "--max-warnings", "0"], { cwd })).code).toBe(1);

    const sarif = JSON.parse((await runHdlp(["lint", "--collisions", "--format", "sarif"], { cwd })).stdout).runs[0];
    expect(sarif.tool.driver.rules.map((r: { id: string }) => r.id)).toContain("intent-collision");
    expect(sarif.results.map((r: { ruleId: string }) => r.ruleId)).toEqual(["intent-collision", "intent-collision"]);

    const suppressed = await project({ ...colliding, "tools/service-restart/TOOL.hdlp": await read("suppressed/service-restart/TOOL.hdlp") });
    const quiet = JSON.parse((await runHdlp(["lint", "--collisions", "--format", "json"], { cwd: suppressed })).stdout).files as {
      diagnostics: { rule: string }[];
    }[];
    expect(quiet.map((f) => f.diagnostics.map((d) => d.rule))).toEqual([[], ["intent-collision"]]);
    // Without --collisions the rule does not run, and its suppression is neither unknown nor idle.
    expect(await runHdlp(["lint"], { cwd: suppressed })).toMatchObject({ code: 0, stdout: "2 files checked, no problems.\n" });
  });

  it("--collisions --fix checks again, in each round, the tools a fix changed", async () => {
    const fixtures = new URL("../../match/src/collision/testdata/colliding/", import.meta.url);
    const read = (name: string) => readFile(new URL(`${name}/TOOL.hdlp`, fixtures), "utf8");
    // A misspelt executor is an error (the tool does not register, so it collides with nothing) with a fix.
    const misspelt = (await read("systemd-restart")).replace("executor: gatekeeper", "executor: Gatekeeper");
    const cwd = await project({ "tools/service-restart/TOOL.hdlp": await read("service-restart"), "tools/systemd-restart/TOOL.hdlp": misspelt });
    const rules = async (args: string[]) =>
      (JSON.parse((await runHdlp(["lint", "--collisions", "--format", "json", ...args], { cwd })).stdout).files as { diagnostics: { rule: string }[] }[]).map(
        (f) => f.diagnostics.map((d) => d.rule),
      );
    expect(await rules([])).toEqual([[], ["unknown-executor"]]);
    expect(await rules(["--fix"])).toEqual([["intent-collision"], ["intent-collision"]]);
    expect(await readFile(join(cwd, "tools/systemd-restart/TOOL.hdlp"), "utf8")).toBe(await read("systemd-restart"));
  });

  it("lints single files and *.hdlp files in a folder as well as */TOOL.hdlp", async () => {
    const cwd = await project({
      "more/extra.hdlp": SEED.replace("name: shell-exec", "name: extra"),
      "one.hdlp": SEED.replace("name: shell-exec", "name: one"),
    });
    const run = await runHdlp(["lint", "one.hdlp", "more"], { cwd });
    expect(run).toMatchObject({ code: 0, stdout: "2 files checked, no problems.\n" });
  });

  it("searches `.` at a repository's root to the bottom, leaving out .git, node_modules and what .gitignore ignores; fmt too", async () => {
    const tool = (name: string) => SEED.replace("name: shell-exec", `name: ${name}`);
    const cwd = await project({
      ".gitignore": "dist/\n",
      "tools/ops/deploy/TOOL.hdlp": tool("deploy"),
      "tools/git-log/TOOL.hdlp": tool("git-log"),
      "dist/tools/deploy/TOOL.hdlp": tool("deploy"),
      "node_modules/pkg/tools/deploy/TOOL.hdlp": tool("deploy"),
      "tools/drafts/.gitignore": "*\n",
      "tools/drafts/broken/TOOL.hdlp": BROKEN,
    });
    await mkdir(join(cwd, ".git"));
    const run = await runHdlp(["lint", ".", "--format", "json"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).files.map((f: { path: string }) => f.path)).toEqual(["tools/git-log/TOOL.hdlp", "tools/ops/deploy/TOOL.hdlp"]);
    // Named, an ignored file is linted all the same.
    expect((await runHdlp(["lint", "tools/drafts/broken/TOOL.hdlp"], { cwd })).code).toBe(1);
    const glob = await runHdlp(["lint", "tools/**/TOOL.hdlp", "--format", "json"], { cwd });
    expect(JSON.parse(glob.stdout).files.map((f: { path: string }) => f.path)).toEqual(["tools/git-log/TOOL.hdlp", "tools/ops/deploy/TOOL.hdlp"]);
    await writeFile(join(cwd, "tools/git-log/TOOL.hdlp"), `${tool("git-log")}\n\n`);
    expect(await runHdlp(["fmt", "--check", "."], { cwd })).toMatchObject({ code: 1, stdout: "tools/git-log/TOOL.hdlp\n" });
    expect(await runHdlp(["fmt", "--check", "tools/*/TOOL.hdlp"], { cwd })).toMatchObject({ code: 1, stdout: "tools/git-log/TOOL.hdlp\n" });
  });

  it.each([
    [["lint", "nowhere"], "cannot read `nowhere`: no such file or folder."],
    [["lint"], "cannot read `tools`: no such file or folder."],
    [["lint", "--format", "xml"], "--format must be one of stylish, json, sarif, github, not `xml`."],
    [["lint", "--max-warnings", "many"], "--max-warnings must be a whole number"],
    [["lint", "--frobnicate"], "Unknown option '--frobnicate'"],
  ])("exits 2 on bad usage or an unreadable path: %j", async (args, message) => {
    const cwd = await project({});
    const run = await runHdlp(args, { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("Run `hdlp lint --help` for usage.");
  });

  it("exits 2 on a folder without any .hdlp file, naming it", async () => {
    const cwd = await project({ "tools/readme.txt": "hi" });
    const run = await runHdlp(["lint"], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no .hdlp files in `tools`");
  });
});
