import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { today, toolFile, toolNameProblem, toolsRoot } from "./tools-folder.ts";

describe("where HDLP: New Tool writes", () => {
  it("uses tools/ in the workspace folder unless hdlp.toolsRoot says otherwise", () => {
    expect(toolsRoot(undefined, "/work/repo")).toBe(join("/work/repo", "tools"));
    expect(toolsRoot("  ", "/work/repo")).toBe(join("/work/repo", "tools"));
    expect(toolsRoot("agent/tools", "/work/repo")).toBe(join("/work/repo", "agent/tools"));
    expect(toolsRoot("/srv/native-repo/tools", "/work/repo")).toBe("/srv/native-repo/tools");
    expect(toolFile("/work/repo/tools", "git-log")).toBe(join("/work/repo/tools", "git-log", "TOOL.hdlp"));
  });

  it("accepts tool names the catalogue accepts and explains the rest", () => {
    for (const name of ["git-log", "shell_exec", "http.request", "v2"]) expect(toolNameProblem(name), name).toBeUndefined();
    expect(toolNameProblem("")).toBe("A tool needs a name.");
    for (const name of ["git log", "../escape", "-x", "工具"]) expect(toolNameProblem(name), name).toMatch(/is not a tool name/);
  });

  it("dates a new tool with the local day", () => {
    expect(today(new Date(2026, 4, 31, 23, 59))).toBe("2026-05-31");
    expect(today(new Date(2026, 0, 2))).toBe("2026-01-02");
  });
});
