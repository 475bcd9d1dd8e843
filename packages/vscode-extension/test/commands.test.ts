/**
 * The two commands, run against a fake of the VS Code API (./vscode-fake.ts:
 * VS Code cannot run here) but with real files and, for the lint, the real
 * language server behind the fake editor.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localDay, toolSkeleton } from "@hdlp/parser";
import { LspClient } from "../../lsp/test/harness.ts";
import { fake } from "./vscode-fake.ts";

vi.mock("vscode", async () => (await import("./vscode-fake.ts")).vscode);

const { newTool } = await import("../src/commands/new-tool.ts");
const { lintWorkspaceTools } = await import("../src/commands/lint-workspace.ts");

let workspace: string;

beforeEach(async () => {
  fake.reset();
  workspace = await mkdtemp(join(tmpdir(), "hdlp-commands-"));
  fake.workspaceFolder = workspace;
});

afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe("HDLP: New Tool", () => {
  it("writes tools/<name>/TOOL.hdlp from the skeleton and opens it", async () => {
    fake.inputs.push("git-log");
    await newTool();
    const file = join(workspace, "tools/git-log/TOOL.hdlp");
    expect(await readFile(file, "utf8")).toBe(toolSkeleton({ name: "git-log", created: localDay() }));
    expect(fake.shown).toEqual([file]);
    expect(fake.messages).toEqual([]);
  });

  it("rejects a name with spaces in the input box", async () => {
    fake.inputs.push(undefined);
    await newTool();
    expect(fake.validators[0]!("git log")).toMatch(/is not a tool name/);
    expect(fake.validators[0]!("git-log")).toBeUndefined();
  });

  it("creates the tool under hdlp.toolsRoot when it is set", async () => {
    fake.configuration["hdlp.toolsRoot"] = "agent/tools";
    fake.inputs.push("file-read");
    await newTool();
    expect(await readFile(join(workspace, "agent/tools/file-read/TOOL.hdlp"), "utf8")).toMatch(/^name: file-read$/m);
  });

  it("opens an existing tool unchanged, with a warning", async () => {
    const file = join(workspace, "tools/git-log/TOOL.hdlp");
    await mkdir(join(workspace, "tools/git-log"), { recursive: true });
    await writeFile(file, "name: git-log\n");
    fake.inputs.push("git-log");
    await newTool();
    expect(await readFile(file, "utf8")).toBe("name: git-log\n");
    expect(fake.shown).toEqual([file]);
    expect(fake.messages).toEqual([{ level: "warning", text: "tools/git-log/TOOL.hdlp already exists; it is opened unchanged." }]);
  });

  it("does nothing when the user cancels, and explains when no folder is open", async () => {
    fake.inputs.push(undefined);
    await newTool();
    expect(fake.shown).toEqual([]);
    fake.workspaceFolder = "";
    await newTool();
    expect(fake.messages[0]?.level).toBe("error");
  });
});

describe("HDLP: Lint Workspace Tools", () => {
  it("hands every TOOL.hdlp to the language server and sums up its diagnostics", async () => {
    const clean = toolSkeleton({ name: "clean-tool", created: "2026-05-31" });
    const broken = clean
      .replace("name: clean-tool", "name: broken-tool")
      .replace("created: 2026-05-31", "created: 2026-02-30")
      .replace("type: string", "type: strng");
    for (const [name, text] of [
      ["clean-tool", clean],
      ["broken-tool", broken],
    ] as const) {
      await mkdir(join(workspace, "tools", name), { recursive: true });
      await writeFile(join(workspace, "tools", name, "TOOL.hdlp"), text);
      fake.files.push(join(workspace, "tools", name, "TOOL.hdlp"));
    }
    const server = await LspClient.start({ workspaceFolder: workspace });
    try {
      // The fake editor opens each document on the real server and relays what it publishes.
      fake.onOpen = async (uri, text) => {
        await server.open(uri, text);
        void server.diagnosticsFor(uri).then((diagnostics) =>
          fake.publishDiagnostics(
            uri,
            diagnostics.map((d) => ({ severity: d.severity! - 1, message: d.message })),
          ),
        );
      };
      await lintWorkspaceTools();
    } finally {
      await server.stop();
    }
    expect(fake.executed).toEqual(["workbench.actions.view.problems"]);
    expect(fake.messages).toEqual([{ level: "info", text: "HDLP: 2 tools linted: 2 errors, 0 warnings." }]);
  });

  it("sums up at once when every tool is open already: their diagnostics are those shown", async () => {
    const files = ["clean-tool", "broken-tool"].map((name) => join(workspace, "tools", name, "TOOL.hdlp"));
    for (const file of files) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, toolSkeleton({ name: basename(dirname(file)), created: "2026-05-31" }));
      fake.files.push(file);
      fake.openDocuments.push(pathToFileURL(file).href);
    }
    fake.diagnostics.set(pathToFileURL(files[1]!).href, [
      { severity: 0, message: "`2026-02-30` is not a day of the calendar." },
      { severity: 1, message: "This tool runs the text of its `cmd` param through /bin/sh -c" },
    ]);
    // The server publishes nothing new for documents already open, so a wait for it would only end with
    // its timer, which is faked here and never fires.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const linting = lintWorkspaceTools();
      await expect.poll(() => fake.messages, { timeout: 10_000 }).toEqual([{ level: "info", text: "HDLP: 2 tools linted: 1 error, 1 warning." }]);
      await linting;
    } finally {
      vi.useRealTimers();
    }
  });

  it("says so when the workspace has no tool", async () => {
    await lintWorkspaceTools();
    expect(fake.messages).toEqual([{ level: "info", text: "HDLP: no TOOL.hdlp in this workspace." }]);
    expect(fake.executed).toEqual([]);
  });
});
