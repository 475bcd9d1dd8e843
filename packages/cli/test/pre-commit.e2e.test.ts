/** The repository's .pre-commit-hooks.yaml: it parses, selects the files it should, and each entry runs as pre-commit runs it. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BROKEN, project, runHdlp, SEED } from "./run-hdlp.ts";

interface Hook {
  readonly id: string;
  readonly entry: string;
  readonly language: string;
  readonly files: string;
  readonly pass_filenames?: boolean;
}

const hooks = parse(readFileSync(new URL("../../../.pre-commit-hooks.yaml", import.meta.url), "utf8")) as Hook[];

/** What pre-commit runs: the entry split into words, then the staged files that `files` selects. */
function commandLine(hook: Hook, staged: readonly string[]): string[] {
  const [program, ...args] = hook.entry.split(" ");
  expect(program).toBe("hdlp");
  return [...args, ...staged.filter((file) => new RegExp(hook.files).test(file))];
}

describe(".pre-commit-hooks.yaml", () => {
  it("declares hdlp-lint and hdlp-fmt, node hooks that pass the file names", () => {
    expect(hooks.map((h) => [h.id, h.entry, h.language, h.pass_filenames ?? true])).toEqual([
      ["hdlp-lint", "hdlp lint", "node", true],
      ["hdlp-fmt", "hdlp fmt --check", "node", true],
    ]);
  });

  it("selects TOOL.hdlp and *.hdlp files at any depth, and nothing else", () => {
    for (const hook of hooks) {
      const files = new RegExp(hook.files);
      for (const path of ["TOOL.hdlp", "tools/git-log/TOOL.hdlp", "a/b/c/TOOL.hdlp", "draft.hdlp", "tools/x.hdlp"]) expect(files.test(path), path).toBe(true);
      for (const path of ["README.md", "TOOL.hdlp.bak", "tools/TOOL.hdlpx", "hdlp.config.json", "tools/hdlp/readme.txt"])
        expect(files.test(path), path).toBe(false);
    }
  });

  it("each entry passes the staged files that are right and fails on one that is not, naming it", async () => {
    const good = { "tools/shell-exec/TOOL.hdlp": SEED, "README.md": "# notes\n" };
    const staged = Object.keys(good);
    const cwd = await project(good);
    for (const hook of hooks) {
      const run = await runHdlp(commandLine(hook, staged), { cwd });
      expect(run.code, `${hook.id}: ${run.stdout}${run.stderr}`).toBe(0);
    }
    const bad = await project({ ...good, "tools/shell-exec/TOOL.hdlp": BROKEN });
    const lint = await runHdlp(commandLine(hooks[0]!, staged), { cwd: bad });
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain("tools/shell-exec/TOOL.hdlp:");
    const untidy = await project({ ...good, "tools/shell-exec/TOOL.hdlp": SEED.replace("name: shell-exec", "name:   shell-exec") });
    expect(await runHdlp(commandLine(hooks[1]!, staged), { cwd: untidy })).toMatchObject({ code: 1, stdout: "tools/shell-exec/TOOL.hdlp\n" });
  });
});
