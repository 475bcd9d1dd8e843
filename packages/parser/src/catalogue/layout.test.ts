import { describe, expect, it } from "vitest";
import { toolFolder, toolNameProblem } from "./layout.ts";

describe("toolFolder", () => {
  it("is the folder a TOOL.hdlp sits in, with / or \\ as the separator", () => {
    expect(toolFolder("tools/read-logs/TOOL.hdlp")).toBe("read-logs");
    expect(toolFolder("/repo/tools/read-logs/TOOL.hdlp")).toBe("read-logs");
    expect(toolFolder("read-logs/TOOL.hdlp")).toBe("read-logs");
    expect(toolFolder("C:\\repo\\tools\\read-logs\\TOOL.hdlp")).toBe("read-logs");
    expect(toolFolder("tools\\a/b\\TOOL.hdlp")).toBe("b");
    expect(toolFolder("tools/a\\b/TOOL.hdlp")).toBe("b");
    expect(toolFolder("./TOOL.hdlp")).toBe(".");
    expect(toolFolder("/TOOL.hdlp")).toBe("");
  });

  it("is nothing for any other file", () => {
    for (const path of ["TOOL.hdlp", "tools/read-logs/tool.hdlp", "tools/read-logs.hdlp", "tools/xTOOL.hdlp", "tools/TOOL.hdlp.bak", ""]) {
      expect(toolFolder(path)).toBeUndefined();
    }
  });
});

describe("toolNameProblem", () => {
  it("accepts tool names the catalogue accepts and explains the rest", () => {
    for (const name of ["git-log", "shell_exec", "http.request", "v2"]) expect(toolNameProblem(name), name).toBeUndefined();
    expect(toolNameProblem("")).toBe("A tool needs a name.");
    for (const name of ["git log", "../escape", "-x", "工具"]) expect(toolNameProblem(name), name).toMatch(/is not a tool name/);
  });
});
