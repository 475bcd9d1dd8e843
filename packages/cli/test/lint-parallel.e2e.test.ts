import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerCount } from "../src/parallel-lint.ts";
import { BROKEN, runHdlp, SEED, tempFolder } from "./run-hdlp.ts";

/** Enough files for `hdlp lint` to use worker threads (it does from 1,500 on). */
const FILES = 1600;

let dir = "";
let remove: () => Promise<void> = async () => {};

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`tools/tool-${String(i).padStart(4, "0")}/TOOL.hdlp`] = SEED.replace("name: shell-exec", `name: tool-${String(i).padStart(4, "0")}`);
  // Problems spread over the set, so every thread meets some; a duplicate name across the far ends.
  files["tools/tool-0007/TOOL.hdlp"] = BROKEN.replace("name: shell-exec", "name: tool-0007");
  files["tools/tool-1203/TOOL.hdlp"] = SEED.replace("name: shell-exec", "name: tool-0001");
  files["tools/tool-1599/TOOL.hdlp"] = SEED.replace("name: shell-exec", "name: tool-1599").replace("author:", "# hdlp-disable-next-line unknown-field\nauthor:");
  ({ dir, remove } = await tempFolder(files));
});
afterAll(() => remove());

describe("hdlp lint on many files, with worker threads or a reader thread", () => {
  it("reports exactly what one thread reports", async () => {
    const parallel = await runHdlp(["lint", "--format", "json"], { cwd: dir, env: { HDLP_LINT_WORKERS: "1" } });
    const single = await runHdlp(["lint", "--format", "json"], { cwd: dir, env: { HDLP_LINT_WORKERS: "0" } });
    expect(parallel.code).toBe(1);
    expect(parallel.stdout).toBe(single.stdout);
    const report = JSON.parse(parallel.stdout);
    expect(report.files).toHaveLength(FILES);
    const rules = (path: string) => report.files.find((f: { path: string }) => f.path === path).diagnostics.map((d: { rule: string }) => d.rule);
    expect(rules("tools/tool-0007/TOOL.hdlp")).toEqual(["unknown-executor", "unknown-field"]);
    expect(rules("tools/tool-0001/TOOL.hdlp")).toEqual(["duplicate-name"]);
    expect(rules("tools/tool-1203/TOOL.hdlp")).toEqual(["duplicate-name", "folder-name-mismatch"]);
    expect(rules("tools/tool-1599/TOOL.hdlp")).toEqual(["unused-suppression"]);
  });

  it("reports exactly the same with its files read ahead by a reader thread", async () => {
    const readAhead = await runHdlp(["lint", "--format", "json"], { cwd: dir, env: { HDLP_LINT_WORKERS: "0", HDLP_READ_AHEAD: "1" } });
    const single = await runHdlp(["lint", "--format", "json"], { cwd: dir, env: { HDLP_LINT_WORKERS: "0", HDLP_READ_AHEAD: "0" } });
    expect(readAhead.code).toBe(1);
    expect(readAhead.stdout).toBe(single.stdout);
    expect(JSON.parse(readAhead.stdout).files).toHaveLength(FILES);
  });

  it("quotes the lines of every file with a problem in the stylish report, also one that only the rules across files flag", async () => {
    const run = await runHdlp(["lint"], { cwd: dir, env: { HDLP_LINT_WORKERS: "1" } });
    expect(run.stdout).toContain("  5 | executor: Shell\n    |           ^^^^^\n");
    expect(run.stdout).toContain("tools/tool-0001/TOOL.hdlp:1:7: error: The tool name `tool-0001` is also declared in tools/tool-1203/TOOL.hdlp. [duplicate-name]\n  1 | name: tool-0001\n");
  });

  it("exits 2 naming a file that cannot be read, whichever thread meets it", async () => {
    const bad = join(dir, "more");
    await mkdir(join(bad, "x/TOOL.hdlp"), { recursive: true }); // a folder where the file should be
    for (const env of [{ HDLP_LINT_WORKERS: "1" }, { HDLP_LINT_WORKERS: "0", HDLP_READ_AHEAD: "1" }] as Record<string, string>[]) {
      const run = await runHdlp(["lint", "tools", "more"], { cwd: dir, env });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("cannot read `more/x/TOOL.hdlp`: is a folder.");
    }
  });
});

describe("how many worker threads `hdlp lint` starts by itself", () => {
  it("none on 2 or 3 idle cores: a worker's own JIT warm-up needs a core of its own beside it", () => {
    expect(workerCount(2, 0)).toBe(0);
    expect(workerCount(3, 0)).toBe(0);
  });

  it("one for every two idle cores beyond the main thread's two, at most 3", () => {
    expect([4, 5, 6, 8, 16].map((cores) => workerCount(cores, 0))).toEqual([1, 1, 2, 3, 3]);
  });

  it("counts only the cores the load average leaves idle", () => {
    expect(workerCount(8, 4)).toBe(1);
    expect(workerCount(8, 7.5)).toBe(0);
    expect(workerCount(4, 12)).toBe(0);
  });
});
