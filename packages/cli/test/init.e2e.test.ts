/** `hdlp init`: a project that lints clean, a configuration checked against its schema, CI and pre-commit. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import manifest from "../package.json" with { type: "json" };
import { project, runHdlp } from "./run-hdlp.ts";

const WRITTEN = ["tools/hello/TOOL.hdlp", "hdlp.config.schema.json", "hdlp.config.json", ".github/workflows/hdlp.yml"];

describe("hdlp init", () => {
  it("writes a project that `hdlp lint` passes and `hdlp list` reads, printing each file as it is written", async () => {
    const cwd = await project({});
    const run = await runHdlp(["init"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n").slice(0, 4)).toEqual(WRITTEN.map((file) => `wrote ${file}`));
    expect(await runHdlp(["lint"], { cwd })).toMatchObject({ code: 0, stdout: "1 file checked, no problems.\n" });
    const listed = JSON.parse((await runHdlp(["list", "--json", "--no-cache"], { cwd })).stdout);
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(["hello"]);
    expect(listed.invalid).toEqual([]);
  });

  it("writes hdlp.config.json pointing at the schema it writes beside it, which is what `hdlp schema --config` prints", async () => {
    const cwd = await project({});
    await runHdlp(["init"], { cwd });
    expect(JSON.parse(readFileSync(join(cwd, "hdlp.config.json"), "utf8"))).toEqual({ $schema: "./hdlp.config.schema.json" });
    expect(readFileSync(join(cwd, "hdlp.config.schema.json"), "utf8")).toBe((await runHdlp(["schema", "--config"], { cwd })).stdout);
    // The configuration loads, with $schema as its only key.
    const check = JSON.parse((await runHdlp(["config", "check", "--json"], { cwd })).stdout);
    expect(check.file).toEqual({ path: join(cwd, "hdlp.config.json"), foundBy: "search" });
  });

  it("writes a GitHub Actions workflow that lints the tools with this version on push and pull request", async () => {
    const cwd = await project({});
    await runHdlp(["init"], { cwd });
    const workflow = parse(readFileSync(join(cwd, ".github/workflows/hdlp.yml"), "utf8"));
    expect(Object.keys(workflow.on)).toEqual(["push", "pull_request"]);
    const steps = Object.values(workflow.jobs as Record<string, { steps: { uses?: string; run?: string }[] }>).flatMap((job) => job.steps);
    expect(steps.map((step) => step.uses ?? step.run)).toEqual([
      "actions/checkout@v4",
      "actions/setup-node@v4",
      `npx -y hdlp@${manifest.version} lint tools --format github --max-warnings 0`,
    ]);
  });

  it("prints a pre-commit configuration whose hooks select the files the repository's .pre-commit-hooks.yaml does", async () => {
    const cwd = await project({});
    const run = await runHdlp(["init"], { cwd });
    const config = parse(run.stdout.slice(run.stdout.indexOf("repos:")));
    const shipped = parse(readFileSync(new URL("../../../.pre-commit-hooks.yaml", import.meta.url), "utf8")) as { id: string; entry: string; files: string }[];
    const hooks = config.repos[0].hooks as { id: string; entry: string; files: string; additional_dependencies: string[] }[];
    expect(hooks.map((h) => [h.id, h.entry, h.files])).toEqual(shipped.map((h) => [h.id, h.entry, h.files]));
    expect(hooks.every((h) => h.additional_dependencies.includes(`hdlp@${manifest.version}`))).toBe(true);
  });

  it("writes into DIR, creating it", async () => {
    const cwd = await project({});
    const run = await runHdlp(["init", "new-project"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("wrote new-project/tools/hello/TOOL.hdlp\n");
    expect(await runHdlp(["lint"], { cwd: join(cwd, "new-project") })).toMatchObject({ code: 0 });
  });

  it("overwrites nothing: a file that exists is named, nothing is written, exit 2", async () => {
    const cwd = await project({ "hdlp.config.json": '{ "registry": { "root": "mine" } }\n' });
    const run = await runHdlp(["init"], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("`hdlp.config.json` exists already: nothing was written");
    expect(readFileSync(join(cwd, "hdlp.config.json"), "utf8")).toBe('{ "registry": { "root": "mine" } }\n');
    expect(() => readFileSync(join(cwd, "tools/hello/TOOL.hdlp"))).toThrow(/ENOENT/);
    expect((await runHdlp(["init", "a", "b"], { cwd })).code).toBe(2);
  });
});
