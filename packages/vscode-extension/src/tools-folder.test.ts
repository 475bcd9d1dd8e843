import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolFile, toolsRoot } from "./tools-folder.ts";

describe("where HDLP: New Tool writes", () => {
  it("uses tools/ in the workspace folder unless hdlp.toolsRoot says otherwise", () => {
    expect(toolsRoot(undefined, "/work/repo")).toBe(join("/work/repo", "tools"));
    expect(toolsRoot("  ", "/work/repo")).toBe(join("/work/repo", "tools"));
    expect(toolsRoot("agent/tools", "/work/repo")).toBe(join("/work/repo", "agent/tools"));
    expect(toolsRoot("/srv/native-repo/tools", "/work/repo")).toBe("/srv/native-repo/tools");
    expect(toolFile("/work/repo/tools", "git-log")).toBe(join("/work/repo/tools", "git-log", "TOOL.hdlp"));
  });
});
