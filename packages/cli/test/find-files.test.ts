/** Which files lint and fmt work on: folders searched to the bottom, .gitignore as git reads it, globs. */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../src/command.ts";
import { findFiles } from "../src/find-files.ts";
import { project } from "./run-hdlp.ts";

const home = process.cwd();
afterEach(() => process.chdir(home));

/** `files` (path → text) in a temp folder that becomes the working folder. */
async function inProject(files: Record<string, string>): Promise<string> {
  const dir = await project(files);
  process.chdir(dir);
  return dir;
}

/** A tree of tools and .gitignore files that says something about each of git's rules. */
const IGNORING_TREE = {
  ".gitignore": "build/\n*.draft.hdlp\n!keep.draft.hdlp\n/top-only.hdlp\nvendor/*\n!vendor/ours/\n",
  "top-only.hdlp": "",
  "tools/top-only.hdlp": "",
  "tools/a/TOOL.hdlp": "",
  "tools/a/old.draft.hdlp": "",
  "tools/a/keep.draft.hdlp": "",
  "tools/build/TOOL.hdlp": "",
  "tools/deep/er/still/TOOL.hdlp": "",
  "tools/.gitignore": "local/\n!b.draft.hdlp\n",
  "tools/local/TOOL.hdlp": "",
  "tools/b/b.draft.hdlp": "",
  "tools/c/.gitignore": "TOOL.hdlp\n",
  "tools/c/TOOL.hdlp": "",
  "tools/c/other.hdlp": "",
  "vendor/theirs/TOOL.hdlp": "",
  "vendor/ours/TOOL.hdlp": "",
  "tools/readme.md": "",
  "tools/node_modules/pkg/TOOL.hdlp": "",
};

describe("findFiles", () => {
  it("searches a folder to the bottom for *.hdlp, sorted, with paths as join() spells them", async () => {
    const dir = await inProject({
      "tools/b/TOOL.hdlp": "",
      "tools/a/TOOL.hdlp": "",
      "tools/a.hdlp": "",
      "tools/group/c/TOOL.hdlp": "",
      "tools/notes.txt": "",
      "tools/empty/.keep": "",
    });
    for (const given of ["tools", "./tools", "tools/", "./tools//", "tools/../tools", join(dir, "tools"), `../${basename(dir)}/tools`]) {
      const expected = ["a.hdlp", "a/TOOL.hdlp", "b/TOOL.hdlp", "group/c/TOOL.hdlp"].map((name) => join(given, name));
      expect(await findFiles([given])).toEqual(expected);
    }
    process.chdir(join(dir, "tools"));
    expect(await findFiles(["."])).toEqual(["a.hdlp", "a/TOOL.hdlp", "b/TOOL.hdlp", "group/c/TOOL.hdlp"]);
  });

  it("skips .git and node_modules, but searches one that is named", async () => {
    await inProject({ "a/TOOL.hdlp": "", ".git/x/TOOL.hdlp": "", "node_modules/pkg/TOOL.hdlp": "", "a/node_modules/p/TOOL.hdlp": "" });
    expect(await findFiles(["."])).toEqual(["a/TOOL.hdlp"]);
    expect(await findFiles(["node_modules"])).toEqual(["node_modules/pkg/TOOL.hdlp"]);
  });

  it("leaves out what .gitignore files ignore, as `git ls-files` does, from the root down and from a subfolder", async () => {
    await inProject(IGNORING_TREE);
    execFileSync("git", ["init", "-q"]);
    // git lists node_modules, which hdlp skips besides.
    const listed = (folder: string) => execFileSync("git", ["ls-files", "--others", "--exclude-standard", "--", folder], { encoding: "utf8" }).split("\n");
    const gitSays = (folder: string) =>
      listed(folder)
        .filter((p) => p.endsWith(".hdlp") && !p.includes("node_modules/"))
        .sort();
    expect(await findFiles(["."])).toEqual(gitSays("."));
    expect(await findFiles(["tools"])).toEqual(gitSays("tools"));
    // What the tree is built to show, spelt out.
    expect(await findFiles(["."])).toEqual([
      "tools/a/TOOL.hdlp",
      "tools/a/keep.draft.hdlp",
      "tools/b/b.draft.hdlp",
      "tools/c/other.hdlp",
      "tools/deep/er/still/TOOL.hdlp",
      "tools/top-only.hdlp",
      "vendor/ours/TOOL.hdlp",
    ]);
  });

  it("outside a git checkout, reads the .gitignore files from the searched folder down only", async () => {
    await inProject({ ".gitignore": "*.hdlp\n", "tools/a/TOOL.hdlp": "", "tools/.gitignore": "b/\n", "tools/b/TOOL.hdlp": "" });
    expect(await findFiles(["tools"])).toEqual(["tools/a/TOOL.hdlp"]);
    expect(await findFiles(["tools/**"])).toEqual(["tools/a/TOOL.hdlp"]);
    expect(await findFiles(["."])).toEqual([]);
  });

  it("takes a path named explicitly even when it is ignored, and searches a named folder that is", async () => {
    await inProject(IGNORING_TREE);
    mkdirSync(".git");
    expect(await findFiles(["tools/a/old.draft.hdlp", "tools/build"])).toEqual(["tools/a/old.draft.hdlp", "tools/build/TOOL.hdlp"]);
    expect(await findFiles(["tools/local", "vendor/theirs"])).toEqual(["tools/local/TOOL.hdlp", "vendor/theirs/TOOL.hdlp"]);
  });

  it("expands a glob: the *.hdlp it matches and the folders it matches, searched, leaving out what is ignored", async () => {
    await inProject(IGNORING_TREE);
    mkdirSync(".git");
    expect(await findFiles(["tools/**/TOOL.hdlp"])).toEqual(["tools/a/TOOL.hdlp", "tools/deep/er/still/TOOL.hdlp"]);
    expect(await findFiles(["tools/*"])).toEqual([
      "tools/a/TOOL.hdlp",
      "tools/a/keep.draft.hdlp",
      "tools/b/b.draft.hdlp",
      "tools/c/other.hdlp",
      "tools/deep/er/still/TOOL.hdlp",
      "tools/top-only.hdlp",
    ]);
    expect(await findFiles(["vendor/*/TOOL.hdlp", "{tools,vendor}/c*"])).toEqual(["vendor/ours/TOOL.hdlp", "tools/c/other.hdlp"]);
    await expect(findFiles(["tools/**/NOPE.hdlp"])).rejects.toThrow(new UsageError("no file or folder matches `tools/**/NOPE.hdlp`."));
  });

  it("gives each file once, in the order of the paths given, whichever way it is spelt", async () => {
    const dir = await inProject({ "tools/a/TOOL.hdlp": "", "tools/b/TOOL.hdlp": "", "z.hdlp": "" });
    expect(await findFiles(["z.hdlp", "tools", "./tools/a/TOOL.hdlp", join(dir, "tools/b/TOOL.hdlp"), "tools/*/TOOL.hdlp", "."])).toEqual([
      "z.hdlp",
      "tools/a/TOOL.hdlp",
      "tools/b/TOOL.hdlp",
    ]);
  });

  it("finds anything named *.hdlp (the reader reports what is not a file), and does not follow links to folders", async () => {
    const dir = await inProject({ "tools/a/TOOL.hdlp": "", "elsewhere/x/TOOL.hdlp": "", "tools/odd.hdlp/readme.md": "" });
    symlinkSync(join(dir, "elsewhere/x"), "tools/linked");
    symlinkSync(join(dir, "nowhere"), "tools/dangling.hdlp");
    expect(await findFiles(["tools"])).toEqual(["tools/a/TOOL.hdlp", "tools/dangling.hdlp", "tools/odd.hdlp"]);
    expect(await findFiles(["tools/linked"])).toEqual(["tools/linked/TOOL.hdlp"]);
  });

  it("names a path that does not exist", async () => {
    await inProject({});
    await expect(findFiles(["nowhere"])).rejects.toThrow(new UsageError("cannot read `nowhere`: no such file or folder."));
  });
});
