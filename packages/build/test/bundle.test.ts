/**
 * `bundle`, on small packages of its own in a temp folder: what it writes,
 * what it leaves alone, and how it fails.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BuildOptions } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundle, NODE_ESM } from "../index.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hdlp-build-"));
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: "probe", version: "1.2.3", type: "module" }));
  await mkdir(join(dir, "src"));
  await writeFile(
    join(dir, "src/main.ts"),
    'import manifest from "../package.json" with { type: "json" };\nconst later = await import("./later.ts");\nconsole.log(`${manifest.version} ${later.word}`);\n',
  );
  await writeFile(join(dir, "src/later.ts"), 'export const word: string = "later";\n');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const build = (options: BuildOptions = {}) =>
  bundle({
    ...NODE_ESM,
    absWorkingDir: dir,
    entryPoints: { main: "src/main.ts" },
    outdir: join(dir, "dist"),
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    ...options,
  });

describe("bundle", () => {
  it("writes an ES module that runs on Node with its JSON imports and lazy chunks inside, and answers what esbuild answered", async () => {
    const result = await build({ metafile: true });
    expect(result.errors).toEqual([]);
    expect(Object.keys(result.metafile!.inputs).sort()).toEqual(["package.json", "src/later.ts", "src/main.ts"]);
    await rm(join(dir, "src"), { recursive: true });
    await rm(join(dir, "package.json"));
    const run = spawnSync(process.execPath, [join(dir, "dist/main.js")], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("1.2.3 later\n");
  });

  it("leaves an unchanged output alone, and replaces a changed one", async () => {
    await build();
    const before = await stat(join(dir, "dist/main.js"));
    await build();
    expect((await stat(join(dir, "dist/main.js"))).ino).toBe(before.ino);
    await writeFile(join(dir, "src/main.ts"), 'console.log("changed");\n');
    await build();
    expect((await stat(join(dir, "dist/main.js"))).ino).not.toBe(before.ino);
    expect(spawnSync(process.execPath, [join(dir, "dist/main.js")], { encoding: "utf8" }).stdout).toBe("changed\n");
  });

  it("removes the files of an earlier build that this one no longer makes", async () => {
    await build();
    expect(await readdir(join(dir, "dist/chunks"))).toHaveLength(1);
    await writeFile(join(dir, "src/main.ts"), 'console.log("no chunk");\n');
    await build();
    expect(await readdir(join(dir, "dist/chunks"))).toEqual([]);
    expect(await readdir(join(dir, "dist"))).toEqual(["chunks", "main.js"]);
  });

  it("rejects on an error in the sources, naming the file and line, and writes nothing", async () => {
    await writeFile(join(dir, "src/later.ts"), "export const word = ;\n");
    // Silent: esbuild would print the error too, where the test's output is read.
    const failure = await build({ logLevel: "silent" }).then(
      () => undefined,
      (error: unknown) => error as { message: string; errors: unknown[] },
    );
    expect(failure?.errors).toHaveLength(1);
    expect(failure?.message).toContain("src/later.ts:1:20");
    await expect(stat(join(dir, "dist"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
