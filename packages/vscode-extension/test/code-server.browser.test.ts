/**
 * The extension in a real VS Code: the .vsix installed into a fresh
 * code-server (VS Code in the browser) and used through the page in headless
 * Chromium, as an author would: Problems panel, completion, hover, quick fix,
 * Format Document, the extension's two commands, and the language server
 * coming back after it is killed. One install, one browser session; each step
 * reads what the page shows and compares it with what the parser says.
 *
 * Run by CI in a step of its own (`pnpm test:browser`, vitest.browser.config.ts),
 * not by `pnpm test`. Set-up, installed when missing as the Neovim test does
 * (apt-get when the tests run as root; otherwise the test says what to install):
 * Debian's chromium and fonts-noto-cjk; code-server 4.139.1, installed with
 * Node 24's npm into a cache folder (test/code-server/install.ts), which needs
 * libkrb5-dev. `HDLP_SCREENSHOTS=docs/images` saves the screenshots of docs/editors.md.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EXECUTOR_NAMES, fieldSpec, format, lintFiles, loadTool, toolSkeleton } from "@hdlp/parser";
import { ensureChromium, openBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession } from "../../../test/support/chromium.ts";
import { CodeServer } from "./code-server/code-server.ts";
import { installedCodeServer } from "./code-server/install.ts";
import { nodeOfMajor } from "../../../test/support/node.ts";
import { Workbench, type Problem } from "./code-server/workbench.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const WAIT = { timeout: 60_000, interval: 250 };
const BROKEN = "tools/broken-tool/TOOL.hdlp";
const UNFORMATTED = "tools/git-log/TOOL.hdlp";

/** The Problems panel's rows for one file, as `line:column severity code: message`. */
function rowsOf(problems: readonly Problem[], path: string): string[] {
  return problems.filter((p) => `${p.folder}/${p.file}` === path).map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}: ${p.message}`);
}

/** What `hdlp lint` finds in a file, in the same shape. */
function linted(text: string): string[] {
  return loadTool(text).diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.rule}: ${d.message}`);
}

/** The process ids of the language servers this code-server's extension started (Linux: /proc). */
async function languageServers(extensionsDir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const commandLine = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    const args = commandLine.split("\0");
    if (args.some((arg) => arg.startsWith(join(extensionsDir, "hdlp.hdlp-vscode-")) && arg.endsWith("/dist/server.js"))) found.push(Number(entry));
  }
  return found;
}

describe("the extension in VS Code (code-server in headless Chromium)", () => {
  let temp: string;
  let workspace: string;
  let server: CodeServer | undefined;
  let installed: string;
  let browser: BrowserSession | undefined;
  let vscode: Workbench;

  beforeAll(async () => {
    ensureChromium(["fonts-noto-cjk"], "The VS Code end-to-end test");
    // code-server requires Node 24.
    const node = nodeOfMajor(24);
    const entry = await installedCodeServer(node);

    temp = await mkdtemp(join(tmpdir(), "hdlp-vscode-e2e-"));
    const vsix = join(temp, "hdlp-vscode.vsix");
    execFileSync(process.execPath, [here("../scripts/package.mjs"), "--out", vsix], { stdio: "pipe" });
    workspace = join(temp, "workspace");
    await cp(here("testdata/workspace"), workspace, { recursive: true });
    await cp(here("testdata/code-server"), workspace, { recursive: true });

    ({ server, installed } = await CodeServer.start({ node, entry, vsix }));
    browser = await openBrowser({ width: 1400, height: 1000 });
    vscode = new Workbench(browser.page);
    await vscode.load(server.workspaceUrl(workspace));
  }, 900_000);

  afterEach(({ task }) => screenshotOnFailure(browser?.page, task, "vscode"));

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (temp) await rm(temp, { recursive: true, force: true });
  });

  it("installs the .vsix with --install-extension", async () => {
    expect(installed).toContain("was successfully installed");
    expect(await readdir(server!.extensionsDir)).toContain("hdlp.hdlp-vscode-0.1.0");
  });

  it("shows the diagnostics of a broken file in the Problems panel, with their codes and places", async () => {
    await vscode.openFile(BROKEN);
    await vscode.showProblems();
    const expected = linted(await readFile(join(workspace, BROKEN), "utf8"));
    expect(expected.map((row) => row.split(" ")[2])).toEqual(expect.arrayContaining(["missing-field:", "param-type:", "invalid-date:"]));
    await expect.poll(async () => rowsOf(await vscode.problems(), BROKEN).sort(), WAIT).toEqual([...expected].sort());
    await saveScreenshot(vscode.page, "vscode-diagnostics");
  });

  it("completes the four executors after `executor: `", async () => {
    await vscode.goTo(5, 11);
    const labels = await vscode.suggestions();
    expect(labels).toEqual(expect.arrayContaining([...EXECUTOR_NAMES]));
    // Values of `executor`, not field names.
    expect(labels).not.toContain("display");
    await saveScreenshot(vscode.page, "vscode-completion");
    await vscode.page.keyboard.press("Escape");
  });

  it("fixes `Shell` into `shell` with the quick fix", async () => {
    await vscode.goTo(5, 11);
    await vscode.page.keyboard.type("Shell");
    await vscode.page.keyboard.press("Escape");
    await expect
      .poll(async () => rowsOf(await vscode.problems(), BROKEN).find((row) => row.includes("unknown-executor")), WAIT)
      .toMatch(/^5:11 error unknown-executor: /);
    const fixes = await vscode.quickFixes();
    expect(fixes).toContain("Replace with `shell`");
    await saveScreenshot(vscode.page, "vscode-quick-fix");
    await vscode.applyQuickFix("Replace with `shell`");
    await expect.poll(async () => (await vscode.editorText()).split("\n")[4], WAIT).toBe("executor: shell");
    await expect.poll(async () => rowsOf(await vscode.problems(), BROKEN).filter((row) => row.includes("unknown-executor")), WAIT).toEqual([]);
  });

  it("shows a field's documentation, in Chinese and English, on hover", async () => {
    await vscode.goTo(10, 3);
    const text = await vscode.hover();
    const created = fieldSpec("created")!;
    expect(text).toContain(created.doc.zh);
    expect(text).toContain(created.doc.en);
    await saveScreenshot(vscode.page, "vscode-hover");
    await vscode.page.keyboard.press("Escape");
  });

  it("formats the document as `hdlp fmt` does (Format Document)", async () => {
    const original = await readFile(join(workspace, UNFORMATTED), "utf8");
    const formatted = format(original);
    expect(formatted).not.toBe(original);
    await vscode.openFile(UNFORMATTED);
    await vscode.command("Format Document");
    await expect.poll(() => vscode.editorText(), WAIT).toBe(formatted);
  });

  it("HDLP: New Tool checks the name, writes tools/<name>/TOOL.hdlp from the skeleton and opens it", async () => {
    await vscode.command("HDLP: New Tool");
    // The palette's input stays on screen until the command's own box replaces it.
    await expect.poll(() => vscode.inputBoxText(), WAIT).toContain("The tool's name (English, no spaces)");
    await vscode.typeInInputBox("git status");
    await expect.poll(() => vscode.inputBoxText(), WAIT).toContain('"git status" is not a tool name');
    await vscode.typeInInputBox("git-status");
    await expect.poll(() => vscode.inputBoxText(), WAIT).not.toContain("is not a tool name");
    await saveScreenshot(vscode.page, "vscode-new-tool");
    await vscode.page.keyboard.press("Enter");
    await expect.poll(() => vscode.activePath(), WAIT).toMatch(/^tools\/git-status\/TOOL\.hdlp\b/);
    const text = await readFile(join(workspace, "tools/git-status/TOOL.hdlp"), "utf8");
    // Today as the extension host sees it (a run across midnight must not fail).
    const created = /^created: (\d{4}-\d\d-\d\d)$/m.exec(text)?.[1];
    expect(Math.abs(Date.parse(created!) - Date.now())).toBeLessThan(2 * 86_400_000);
    expect(text).toBe(toolSkeleton({ name: "git-status", created: created! }));
    // The editor shows the file once its text is rendered, which may come after the tab is active.
    await expect.poll(() => vscode.editorText(), WAIT).toBe(text);
  });

  it("HDLP: Lint Workspace Tools sums up the diagnostics of every tool", async () => {
    await vscode.command("File: Save All Files");
    const tools = ["broken-tool", "git-log", "git-status"];
    const files = await Promise.all(
      tools.map(async (name) => ({
        path: join(workspace, "tools", name, "TOOL.hdlp"),
        text: await readFile(join(workspace, "tools", name, "TOOL.hdlp"), "utf8"),
      })),
    );
    const diagnostics = lintFiles(files).flatMap((file) => file.diagnostics);
    const errors = diagnostics.filter((d) => d.severity === "error").length;
    const warnings = diagnostics.filter((d) => d.severity === "warning").length;
    expect(errors).toBeGreaterThan(0);

    await vscode.command("HDLP: Lint Workspace Tools");
    const summary = `HDLP: ${tools.length} tools linted: ${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}.`;
    await vscode.notification(summary).waitFor(WAIT);
    await saveScreenshot(vscode.page, "vscode-lint-workspace");
    expect(await vscode.page.locator(".markers-panel").isVisible()).toBe(true);
  });

  it("restarts the language server after it is killed, and the new one answers", async () => {
    const [first, ...others] = await languageServers(server!.extensionsDir);
    expect(first, "the language server's process").toBeDefined();
    expect(others).toEqual([]);
    process.kill(first!, "SIGKILL");
    await expect.poll(async () => (await languageServers(server!.extensionsDir)).filter((pid) => pid !== first), WAIT).toHaveLength(1);

    // A defect typed now is reported by the new server, exactly as `hdlp lint` reports it.
    await vscode.openFile(BROKEN);
    await vscode.goTo(9, 3);
    await vscode.page.keyboard.press("End");
    await vscode.page.keyboard.type("x");
    await expect.poll(async () => (await vscode.editorText()).split("\n")[8], WAIT).toBe("  timeout_ms: 30000x");
    const text = await vscode.editorText();
    expect(linted(text).filter((row) => row.startsWith("9:"))).not.toEqual([]);
    await expect.poll(async () => rowsOf(await vscode.problems(), BROKEN).sort(), WAIT).toEqual(linted(text).sort());
  });
});
