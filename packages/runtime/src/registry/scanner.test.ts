import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { whileLinkFlips } from "../../test/flipping-link.ts";
import { CMD_PARAM, tempDir, toolText, writeTool } from "../../test/tool-fixtures.ts";
import { cacheFilePath } from "./cache.ts";
import { scanTools, ToolScanner } from "./scanner.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function temp() {
  const t = tempDir("hdlp-registry-");
  cleanups.push(t.remove);
  return t.dir;
}

const good = (name: string) => toolText({ name, params: [CMD_PARAM] });

/** Files written an hour ago, as in a repository checked out earlier: old enough for the index to trust their mtime. */
function age(root: string) {
  const past = new Date(Date.now() - 3_600_000);
  for (const folder of readdirSync(root)) {
    if (!folder.startsWith(".")) utimesSync(join(root, folder, "TOOL.hdlp"), past, past);
  }
}

describe("scanTools", () => {
  it("registers every clean TOOL.hdlp and lists a bad one as invalid with its diagnostics, beside the good ones", () => {
    const root = temp();
    writeTool(root, "alpha", good("alpha"));
    writeTool(root, "beta", good("beta"));
    writeTool(root, "broken", "name: broken\nexecutor: nowhere\n");
    writeTool(root, "garbage", "{{{ :::\n\t- [");
    mkdirSync(join(root, "empty-folder"));
    writeFileSync(join(root, "README.md"), "not a tool folder");
    const index = scanTools({ root, cacheDir: false });
    expect(index.tools.map((t) => t.name)).toEqual(["alpha", "beta"]);
    expect(index.invalid.map((t) => t.folder)).toEqual(["broken", "garbage"]);
    for (const bad of index.invalid) expect(bad.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(index.invalid[0]!.diagnostics.map((d) => d.rule)).toContain("missing-field");
    expect(index.get("alpha")?.model.intent).toBe("测试用的工具 alpha");
    expect(index.get("broken")).toBeUndefined();
  });

  it("does not load a symlinked folder that escapes the root, and says so", () => {
    const root = temp();
    const outside = temp();
    writeTool(root, "inside", good("inside"));
    writeTool(outside, "evil", good("evil"));
    symlinkSync(join(outside, "evil"), join(root, "evil"));
    mkdirSync(join(root, "sneaky"));
    symlinkSync(join(outside, "evil", "TOOL.hdlp"), join(root, "sneaky", "TOOL.hdlp"));
    const index = scanTools({ root, cacheDir: false });
    expect(index.tools.map((t) => t.name)).toEqual(["inside"]);
    expect(index.get("evil")).toBeUndefined();
    expect(index.invalid.map((t) => [t.folder, t.diagnostics[0]!.rule])).toEqual([
      ["evil", "path-escapes-root"],
      ["sneaky", "path-escapes-root"],
    ]);
    expect(index.invalid[0]!.diagnostics[0]!.message).toContain(outside);
  });

  it("follows a symlinked folder that stays inside the root", () => {
    const root = temp();
    mkdirSync(join(root, ".store"));
    writeTool(join(root, ".store"), "real", good("linked"));
    symlinkSync(join(root, ".store", "real"), join(root, "linked"));
    expect(scanTools({ root, cacheDir: false }).tools.map((t) => t.name)).toEqual(["linked"]);
  });

  it("registers neither of two tools that declare the same name", () => {
    const root = temp();
    writeTool(root, "one", good("same"));
    writeTool(root, "two", good("same"));
    const index = scanTools({ root, cacheDir: false });
    expect(index.tools).toEqual([]);
    expect(index.invalid.map((t) => [t.folder, t.diagnostics[0]!.rule])).toEqual([
      ["one", "duplicate-name"],
      ["two", "duplicate-name"],
    ]);
  });
});

describe("what the registry reads", () => {
  it("reports a FIFO, a folder, a symlink loop or a dangling link named TOOL.hdlp, never waits on one, never skips one", () => {
    const root = temp();
    writeTool(root, "fine", good("fine"));
    mkdirSync(join(root, "fifo"));
    execFileSync("mkfifo", [join(root, "fifo", "TOOL.hdlp")]);
    mkdirSync(join(root, "folder", "TOOL.hdlp"), { recursive: true });
    mkdirSync(join(root, "loop"));
    symlinkSync("TOOL.hdlp", join(root, "loop", "TOOL.hdlp"));
    mkdirSync(join(root, "dangling"));
    symlinkSync("nowhere.hdlp", join(root, "dangling", "TOOL.hdlp"));
    for (const cacheDir of [false, undefined] as const) {
      const index = scanTools({ root, ...(cacheDir === false ? { cacheDir } : {}) });
      expect(index.tools.map((t) => t.name)).toEqual(["fine"]);
      expect(index.invalid.map((t) => [t.folder, t.diagnostics.map((d) => d.rule)])).toEqual([
        ["dangling", ["not-a-file"]],
        ["fifo", ["not-a-file"]],
        ["folder", ["not-a-file"]],
        ["loop", ["not-a-file"]],
      ]);
      const messages = Object.fromEntries(index.invalid.map((t) => [t.folder, t.diagnostics[0]!.message]));
      expect(messages["fifo"]).toMatch(/FIFO/);
      expect(messages["folder"]).toMatch(/folder/);
      expect(messages["loop"]).toMatch(/loop/);
      expect(messages["dangling"]).toMatch(/nowhere\.hdlp/);
    }
  });

  it("does not read a TOOL.hdlp over the size limit: one diagnostic, the others registered", () => {
    const root = temp();
    writeTool(root, "fine", good("fine"));
    writeTool(root, "huge", `${good("huge")}# ${"x".repeat(1024 * 1024)}\n`);
    const index = scanTools({ root, cacheDir: false });
    expect(index.tools.map((t) => t.name)).toEqual(["fine"]);
    expect(index.invalid.map((t) => [t.folder, t.diagnostics.map((d) => d.rule)])).toEqual([["huge", ["file-too-large"]]]);
    expect(index.invalid[0]!.diagnostics[0]!.message).toContain("1,048,576");
  });

  it("never registers what a link points to outside the root, however fast the link flips", async () => {
    const root = temp();
    const outside = temp();
    const texts = {
      inside: toolText({ name: "flip", intent: "里面的工具", params: [CMD_PARAM] }),
      outside: toolText({ name: "flip", intent: "外面的工具", params: [CMD_PARAM] }),
    };
    const intents = new Set<string>();
    await whileLinkFlips(root, outside, texts, () => {
      for (let i = 0; i < 200; i++) {
        for (const tool of scanTools({ root, cacheDir: false }).tools) intents.add(tool.model.intent);
      }
    });
    expect([...intents]).not.toContain("外面的工具");
    expect(intents.has("里面的工具")).toBe(true);
  });
});

describe("the persisted index", () => {
  it("re-parses nothing on a warm scan, only what changed, and finds a new TOOL.hdlp", () => {
    const root = temp();
    for (const name of ["a", "b", "c"]) writeTool(root, name, good(name));
    age(root);
    const cold = scanTools({ root });
    expect(cold.stats).toMatchObject({ files: 3, read: 3, parsed: 3, cacheFile: cacheFilePath(root) });

    const warm = scanTools({ root });
    expect(warm.stats).toMatchObject({ files: 3, read: 0, parsed: 0 });
    expect(warm.tools.map((t) => t.name)).toEqual(["a", "b", "c"]);
    expect(warm.get("b")?.model).toEqual(cold.get("b")?.model);

    writeTool(root, "b", toolText({ name: "b", intent: "改过的意图", params: [CMD_PARAM] }));
    writeTool(root, "d", good("d"));
    const next = scanTools({ root });
    expect(next.stats).toMatchObject({ files: 4, read: 2, parsed: 2 });
    expect(next.get("b")?.model.intent).toBe("改过的意图");
    expect(next.get("d")).toBeDefined();

    unlinkSync(join(root, "a", "TOOL.hdlp"));
    const after = scanTools({ root });
    expect(after.get("a")).toBeUndefined();
    expect(after.tools.map((t) => t.name)).toEqual(["b", "c", "d"]);
  });

  it("reads a touched file again but does not parse it when its content hash is known", () => {
    const root = temp();
    const path = writeTool(root, "t", good("t"));
    age(root);
    scanTools({ root });
    const now = new Date();
    utimesSync(path, now, now);
    expect(scanTools({ root }).stats).toMatchObject({ files: 1, read: 1, parsed: 0 });
  });

  it("checks a recently modified file by its content hash, so a same-size edit is not missed", () => {
    const root = temp();
    const path = writeTool(root, "x", toolText({ name: "x", intent: "意图一", params: [CMD_PARAM] }));
    expect(scanTools({ root }).get("x")?.model.intent).toBe("意图一");
    // Same size, and the mtime set back to what it was: only the hash can tell.
    const { mtime } = statSync(path);
    writeFileSync(path, toolText({ name: "x", intent: "意图二", params: [CMD_PARAM] }));
    utimesSync(path, mtime, mtime);
    expect(scanTools({ root }).get("x")?.model.intent).toBe("意图二");
  });

  it("keeps a changed file's diagnostics: a tool broken since the last scan is unregistered", () => {
    const root = temp();
    writeTool(root, "t", good("t"));
    age(root);
    scanTools({ root });
    writeTool(root, "t", "name: t\n");
    const index = scanTools({ root });
    expect(index.tools).toEqual([]);
    expect(index.invalid.map((t) => t.folder)).toEqual(["t"]);
  });

  it("rebuilds an index that is cut short or corrupt, losing no tool", () => {
    const root = temp();
    for (const name of ["a", "b"]) writeTool(root, name, good(name));
    age(root);
    const first = scanTools({ root });
    const file = first.stats.cacheFile!;
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.slice(0, text.length - 10)); // the last line cut short: that file alone is read again
    const afterCut = scanTools({ root });
    expect(afterCut.tools.map((t) => t.name)).toEqual(["a", "b"]);
    expect(afterCut.stats.parsed).toBe(1);
    writeFileSync(file, "not an index at all");
    expect(scanTools({ root }).tools.map((t) => t.name)).toEqual(["a", "b"]);
    expect(scanTools({ root }).stats.parsed).toBe(0);
  });

  it("takes a line whose key is sound and whose meaning is cut short as a miss: the file is read again", () => {
    const root = temp();
    for (const name of ["a", "b"]) writeTool(root, name, good(name));
    age(root);
    const file = scanTools({ root }).stats.cacheFile!;
    const lines = readFileSync(file, "utf8").split("\n");
    const cut = lines.map((line) => (line.includes('"a"') && line.includes("\t") ? line.slice(0, line.indexOf("\t") + 40) : line));
    expect(cut).not.toEqual(lines);
    writeFileSync(file, cut.join("\n"));
    for (let run = 0; run < 2; run++) {
      const index = scanTools({ root });
      expect(index.tools.map((t) => t.name)).toEqual(["a", "b"]);
      expect(index.get("a")!.model.intent).toBe("测试用的工具 a");
      expect(index.get("a")!.diagnostics).toEqual(scanTools({ root, cacheDir: false }).get("a")!.diagnostics);
    }
  });

  it("lives where it is told, and a scan succeeds when it cannot be written", () => {
    const root = temp();
    const cacheDir = temp();
    writeTool(root, "t", good("t"));
    expect(scanTools({ root, cacheDir }).stats.cacheFile).toBe(cacheFilePath(root, cacheDir));
    expect(readdirSync(cacheDir)).toHaveLength(1);

    const blocked = join(temp(), "a-file");
    writeFileSync(blocked, "");
    const index = scanTools({ root, cacheDir: join(blocked, "sub") });
    expect(index.tools.map((t) => t.name)).toEqual(["t"]);
    expect(index.stats.cacheError).toMatch(/could not write the tool index/);
  });

  it("sees a same-size, same-mtime edit between two scans of one scanner", () => {
    const root = temp();
    const path = writeTool(root, "x", toolText({ name: "x", intent: "意图一", params: [CMD_PARAM] }));
    const scanner = new ToolScanner({ root, cacheDir: false });
    expect(scanner.scan().get("x")?.model.intent).toBe("意图一");
    const { mtime } = statSync(path);
    writeFileSync(path, toolText({ name: "x", intent: "意图二", params: [CMD_PARAM] }));
    utimesSync(path, mtime, mtime);
    expect(scanner.scan().get("x")?.model.intent).toBe("意图二");
  });

  it("reuses the same model objects across scans of one scanner while a file is unchanged", () => {
    const root = temp();
    writeTool(root, "t", good("t"));
    age(root);
    const scanner = new ToolScanner({ root, cacheDir: false });
    const first = scanner.scan().get("t")!.model;
    const second = scanner.scan();
    expect(second.stats.parsed).toBe(0);
    expect(second.get("t")!.model).toBe(first);
  });
});
