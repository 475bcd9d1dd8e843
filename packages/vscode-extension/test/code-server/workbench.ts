/**
 * The VS Code workbench in the page, read and driven as a person would: the
 * keyboard for commands, the DOM for what is on screen (Problems panel,
 * suggestions, hovers, notifications, the editor's lines). Selectors are the
 * workbench's own class names (VS Code 1.10x, code-server 4.139).
 */
import type { Locator, Page } from "../../../../test/support/chromium.ts";
import { expect } from "vitest";

/** A row of the Problems panel. */
export interface Problem {
  /** The file's folder relative to the workspace, as the panel groups it (`tools/broken-tool`). */
  readonly folder: string;
  readonly file: string;
  readonly severity: "error" | "warning" | "info";
  readonly message: string;
  readonly code: string;
  readonly line: number;
  readonly column: number;
}

const WAIT = { timeout: 60_000 };

export class Workbench {
  constructor(readonly page: Page) {}

  async load(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: "domcontentloaded", ...WAIT });
    await this.page.locator(".explorer-folders-view .monaco-list-row").first().waitFor(WAIT);
  }

  /** Quick Open (Ctrl+P): opens the file at `path`, relative to the workspace. */
  async openFile(path: string): Promise<void> {
    const slash = path.lastIndexOf("/");
    const [folder, name] = [path.slice(0, slash), path.slice(slash + 1)];
    await this.page.keyboard.press("Control+P");
    await this.quickInput().waitFor(WAIT);
    await this.page.keyboard.type(path);
    // The quick pick lists results as they come: wait for this file to be the chosen one.
    await this.focusedPick().filter({ hasText: folder }).filter({ hasText: name }).waitFor(WAIT);
    await this.page.keyboard.press("Enter");
    await expect.poll(() => this.activePath(), WAIT).toSatisfy((active: string) => active === path || active.startsWith(`${path}/`));
    await this.page.locator(".editor-group-container.active .monaco-editor .view-lines").waitFor(WAIT);
  }

  /** The active editor's breadcrumbs, "/" between them: the file's path in the workspace, then the symbol at the cursor. */
  async activePath(): Promise<string> {
    return (await this.page.locator(".editor-group-container.active .breadcrumbs-control .monaco-breadcrumb-item").allInnerTexts()).join("/");
  }

  /** Runs a command of the Command Palette by its title (`HDLP: New Tool`). */
  async command(title: string): Promise<void> {
    await this.page.keyboard.press("Control+Shift+P");
    await this.quickInput().waitFor(WAIT);
    await this.page.keyboard.type(title);
    // The row's label is the title, then its key binding if it has one ("Format Document, Control+Shift+I").
    await this.focusedPick()
      .and(this.page.locator(`[aria-label="${title}"], [aria-label^="${title}, "]`))
      .waitFor(WAIT);
    await this.page.keyboard.press("Enter");
  }

  /** Replaces the text of the open input box (a command's question) without confirming it. */
  async typeInInputBox(text: string): Promise<void> {
    await this.quickInput().waitFor(WAIT);
    await this.page.keyboard.press("Control+A");
    await this.page.keyboard.type(text);
  }

  /** What the open input box shows: its title, prompt or validation message. */
  async inputBoxText(): Promise<string> {
    return this.page.locator(".quick-input-widget").innerText();
  }

  /** Puts the cursor at a 1-based line and column of the active editor. */
  async goTo(line: number, column: number): Promise<void> {
    await this.page.keyboard.press("Control+G");
    await this.quickInput().waitFor(WAIT);
    await this.page.keyboard.type(`${line}:${column}`);
    await this.page.keyboard.press("Enter");
    await this.quickInput().waitFor({ state: "hidden", ...WAIT });
  }

  /** The lines of the active editor as displayed (the files here fit on the screen). */
  async editorText(): Promise<string> {
    const lines = await this.page.$$eval(".editor-group-container.active .monaco-editor .view-lines .view-line", (rows) =>
      rows.map((row) => ({
        top: Number(/top:\s*([\d.]+)px/.exec(row.getAttribute("style") ?? "")?.[1] ?? 0),
        text: (row.textContent ?? "").replace(/\u00a0/g, " "),
      })),
    );
    return lines
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text)
      .join("\n");
  }

  async showProblems(): Promise<void> {
    if (!(await this.page.locator(".markers-panel").isVisible())) await this.page.keyboard.press("Control+Shift+M");
    await this.page.locator(".markers-panel").waitFor(WAIT);
  }

  /** Every row of the Problems panel (open it first with showProblems). */
  async problems(): Promise<Problem[]> {
    // Only plain data crosses into the page: a helper function there would be rewritten by the test's transpiler.
    const rows = await this.page.$$eval(".markers-panel .monaco-list-row", (elements) =>
      elements.map((row) => ({
        level: row.getAttribute("aria-level"),
        label: row.getAttribute("aria-label") ?? "",
        icon: row.querySelector(".marker-icon")?.className ?? "",
        message: row.querySelector(".marker-message")?.textContent ?? "",
        code: row.querySelector(".marker-code")?.textContent ?? "",
        place: row.querySelector(".marker-line")?.textContent ?? "",
      })),
    );
    const found: Problem[] = [];
    let [file, folder] = ["", ""];
    for (const row of rows) {
      if (row.level === "1") {
        // "6 problems in file TOOL.hdlp of folder tools/broken-tool"
        const match = / in file (.+) of folder (.+)$/.exec(row.label);
        [file, folder] = [match?.[1] ?? "", match?.[2] ?? ""];
        continue;
      }
      const severity = /\berror\b/.test(row.icon) ? "error" : /\bwarning\b/.test(row.icon) ? "warning" : "info";
      const [, line, column] = /\[Ln (\d+), Col (\d+)\]/.exec(row.place) ?? [];
      found.push({ folder, file, severity, message: row.message, code: row.code, line: Number(line), column: Number(column) });
    }
    return found;
  }

  /** Triggers completion (Ctrl+Space) at the cursor and returns the labels suggested. */
  async suggestions(): Promise<string[]> {
    await this.page.keyboard.press("Control+Space");
    const rows = this.page.locator(".suggest-widget.visible .monaco-list-row .label-name");
    await rows.first().waitFor(WAIT);
    return rows.allInnerTexts();
  }

  /** Shows the hover at the cursor (Ctrl+K Ctrl+I) and returns its text. */
  async hover(): Promise<string> {
    await this.page.keyboard.press("Control+K");
    await this.page.keyboard.press("Control+I");
    const contents = this.page.locator(".monaco-hover:not(.hidden) .hover-contents").first();
    await contents.waitFor(WAIT);
    return contents.innerText();
  }

  /** Opens the quick fixes at the cursor (Ctrl+.) and returns their titles. */
  async quickFixes(): Promise<string[]> {
    await this.page.locator(".suggest-widget.visible").waitFor({ state: "hidden", ...WAIT });
    const actions = this.page.locator(".action-widget .monaco-list-row.action");
    // The menu follows the file's diagnostics and can close as it opens, when they are published again
    // (the server re-lints the workspace's tools after an edit): ask again a few times before giving up.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press("Control+Period");
      try {
        await actions.first().waitFor({ timeout: 15_000 });
        return await actions.allInnerTexts();
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
  }

  /** Applies the quick fix titled `title` (opening the menu again if it closed). */
  async applyQuickFix(title: string): Promise<void> {
    const action = this.page.locator(".action-widget .monaco-list-row.action", { hasText: title });
    if (!(await action.isVisible())) await this.quickFixes();
    await action.click();
    await action.waitFor({ state: "hidden", ...WAIT });
  }

  /** The notification toast whose message contains `text`. */
  notification(text: string): Locator {
    return this.page.locator(".notification-toast .notification-list-item-message", { hasText: text });
  }

  private quickInput(): Locator {
    return this.page.locator(".quick-input-widget input").first();
  }

  private focusedPick(): Locator {
    return this.page.locator(".quick-input-list .monaco-list-row.focused");
  }
}
