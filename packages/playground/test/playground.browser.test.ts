/**
 * The built playground in headless Chromium, opened from the disk (no server:
 * the page is static): a broken file typed in shows its diagnostics, completion
 * offers the executors, a quick fix and Format Document change the text as the
 * language server would, the hover has the catalogue's docs, the side panels
 * hold the model and the schema, an intent is matched against the example
 * tools, and the address carries the text.
 *
 * Run by `pnpm test:browser` (vitest.browser.config.ts); Chromium and
 * fonts-noto-cjk come from Debian (test/support/chromium.ts).
 * `HDLP_SCREENSHOTS=docs/images` saves the screenshots of docs/playground.md.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMatcher } from "@hdlp/match";
import { EXECUTOR_NAMES, fieldSpec, format, loadTool, toJsonSchema, type ToolModel } from "@hdlp/parser";
import { BROKEN_SAMPLE } from "../src/samples.ts";
import { ensureChromium, openBrowser, saveScreenshot, screenshotOnFailure, type BrowserSession, type Page } from "../../../test/support/chromium.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const EXAMPLES = here("../../../examples/tools");
const WAIT = { timeout: 30_000, interval: 100 };

/** The page's own broken sample: pasted up to `created:`, the rest typed key by key, to see the diagnostics follow the typing. */
const BROKEN = BROKEN_SAMPLE.slice(0, BROKEN_SAMPLE.indexOf("created:"));
const TYPED = BROKEN_SAMPLE.slice(BROKEN.length);

const UNFORMATTED = `name:   git-log
executor: shell
display: Git提交记录
intent: 查看最近的提交记录
method: exec
command: git log --oneline [-n {count}]
params_schema:
  count:
    type: integer
    description: "显示多少条"
    required: false
    default: 10
constraints:
    max_output_bytes: 65536
    timeout_ms: 10000
    require_confirm: false
author: ICE-GL-ZY001
created: 2026-05-31
why: 代理需要看最近的提交。
`;

/** What `hdlp lint` finds, as the Problems panel lists it: `line:column severity message code` (the message's `code` spans rendered). */
function linted(text: string): string[] {
  return loadTool(text).diagnostics.map(
    (d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.message.replace(/`([^`]+)`/g, "$1")} ${d.rule}`,
  );
}

/** The example tools as the page bundles them: every folder holding a TOOL.hdlp (not the index cache `hdlp` keeps beside them). */
async function exampleModels(): Promise<ToolModel[]> {
  const folders = (await readdir(EXAMPLES)).sort().filter((folder) => existsSync(join(EXAMPLES, folder, "TOOL.hdlp")));
  return Promise.all(folders.map(async (folder) => loadTool(await readFile(join(EXAMPLES, folder, "TOOL.hdlp"), "utf8")).model!));
}

/** The page, read and driven as a person would. */
class Playground {
  constructor(readonly page: Page) {}

  /** The editor's text, line by line as displayed (the files here fit on the screen). */
  async text(): Promise<string> {
    return (await this.page.locator(".cm-content .cm-line").allTextContents()).join("\n");
  }

  /** Replaces the editor's text at once, as an input method would, and closes the completion that opens. */
  async paste(text: string): Promise<void> {
    await this.page.locator(".cm-content").focus();
    await this.page.keyboard.press("Control+A");
    await this.page.keyboard.insertText(text);
    await this.page.keyboard.press("Escape");
  }

  /** Types key by key; each line ends with Escape first, so Enter never accepts an open completion. */
  async type(text: string): Promise<void> {
    for (const line of text.split(/(?<=\n)/)) {
      await this.page.keyboard.type(line.replace(/\n$/, ""));
      if (!line.endsWith("\n")) continue;
      await this.page.keyboard.press("Escape");
      await this.page.keyboard.press("Enter");
    }
  }

  /** Puts the cursor at the end of a 1-based line. */
  async endOfLine(line: number): Promise<void> {
    await this.page
      .locator(".cm-content .cm-line")
      .nth(line - 1)
      .click();
    await this.page.keyboard.press("End");
  }

  async problems(): Promise<string[]> {
    return this.page
      .locator("#problems .problem")
      .evaluateAll((rows) =>
        rows.map((row) => [".place", ".severity", ".message", ".code"].map((part) => row.querySelector(part)?.textContent ?? "").join(" ")),
      );
  }

  async tab(name: string): Promise<void> {
    await this.page.locator(`[role=tab][data-tab=${name}]`).click();
  }
}

describe("the playground in a browser", () => {
  let dist: string;
  let browser: BrowserSession | undefined;
  let playground: Playground;

  beforeAll(async () => {
    ensureChromium(["fonts-noto-cjk"], "The playground's browser test");
    dist = await mkdtemp(join(tmpdir(), "hdlp-playground-"));
    execFileSync(process.execPath, [here("../scripts/build.mjs"), "--outdir", dist], { stdio: "pipe" });
    browser = await openBrowser({ width: 1400, height: 900 });
    const errors: string[] = [];
    browser.page.on("pageerror", (error) => errors.push(error.message));
    await browser.page.goto(pathToFileURL(join(dist, "index.html")).href);
    await browser.page.locator(".cm-content").waitFor();
    expect(errors).toEqual([]);
    playground = new Playground(browser.page);
  }, 300_000);

  afterEach(({ task }) => screenshotOnFailure(browser?.page, task, "playground"));

  afterAll(async () => {
    await browser?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it("shows the diagnostics of a broken file as it is typed", async () => {
    await playground.paste(BROKEN);
    await playground.type(TYPED);
    const text = BROKEN_SAMPLE;
    await expect.poll(() => playground.text(), WAIT).toBe(text);
    const expected = linted(text);
    expect(expected.join("\n")).toMatch(/invalid-date/);
    await expect.poll(() => playground.problems(), WAIT).toEqual(expected);
    // And in the editor itself, under the text in error.
    for (const wrong of ["strng", "2026-02-30"]) await playground.page.locator(".cm-lintRange-error", { hasText: wrong }).waitFor();
    await saveScreenshot(playground.page, "playground-diagnostics");
  });

  it("completes the four executors after `executor: ` and inserts the one chosen", async () => {
    await playground.paste(BROKEN_SAMPLE.replace("executor: Shell", "executor: "));
    await playground.endOfLine(5);
    await playground.page.keyboard.press("Control+Space");
    const labels = playground.page.locator(".cm-tooltip-autocomplete li .cm-completionLabel");
    await labels.first().waitFor();
    expect(await labels.allTextContents()).toEqual(expect.arrayContaining([...EXECUTOR_NAMES]));
    await saveScreenshot(playground.page, "playground-completion");
    await playground.page.locator(".cm-tooltip-autocomplete li", { hasText: "git-forgejo" }).click();
    await expect.poll(async () => (await playground.text()).split("\n")[4], WAIT).toBe("executor: git-forgejo");
  });

  it("applies a quick fix (`Shell` → `shell`)", async () => {
    await playground.paste(BROKEN_SAMPLE);
    await expect.poll(() => playground.problems(), WAIT).toContainEqual(expect.stringMatching(/^5:11 error .* unknown-executor$/));
    await playground.page.keyboard.press("Control+Shift+M");
    const fix = playground.page.locator(".cm-panel-lint .cm-diagnosticAction", { hasText: "Replace with `shell`" });
    await fix.click();
    await expect.poll(async () => (await playground.text()).split("\n")[4], WAIT).toBe("executor: shell");
    await expect.poll(() => playground.problems(), WAIT).toEqual(linted(await playground.text()));
    await playground.page.keyboard.press("Escape");
  });

  it("shows a field's docs in Chinese and English on hover", async () => {
    await playground.paste(BROKEN_SAMPLE);
    await playground.page.locator(".cm-line", { hasText: "created:" }).locator(".tok-property").hover();
    const tooltip = playground.page.locator(".cm-tooltip-hover");
    await tooltip.waitFor();
    const created = fieldSpec("created")!;
    expect(await tooltip.innerText()).toContain(created.doc.zh);
    expect(await tooltip.innerText()).toContain(created.doc.en);
    await saveScreenshot(playground.page, "playground-hover");
    await playground.page.mouse.move(0, 0);
  });

  it("formats the document as `hdlp fmt` does, and shows the formatted text beside it", async () => {
    await playground.paste(UNFORMATTED);
    await playground.tab("formatted");
    await expect.poll(() => playground.page.locator("#formatted").textContent(), WAIT).toBe(format(UNFORMATTED));
    await playground.page.locator("#format").click();
    await expect.poll(() => playground.text(), WAIT).toBe(format(UNFORMATTED));
  });

  it("shows the parsed model as JSON and the JSON Schema", async () => {
    const text = format(UNFORMATTED);
    await playground.tab("model");
    await expect
      .poll(async () => JSON.parse((await playground.page.locator("#model").textContent()) ?? "null"), WAIT)
      .toEqual(JSON.parse(JSON.stringify(loadTool(text).model)));
    await playground.tab("schema");
    expect(JSON.parse((await playground.page.locator("#schema").textContent()) ?? "null")).toEqual(toJsonSchema());
  });

  it("matches an intent against the example tools and the edited one, showing why each scored", async () => {
    const edited = loadTool(format(UNFORMATTED)).model!;
    const tools = [edited, ...(await exampleModels()).filter((tool) => tool.name !== edited.name)];
    const request = "查看最近的提交记录";
    const expected = createMatcher(tools).match(request);
    expect(expected.found).toBe(true);

    await playground.tab("intent");
    await playground.page.locator("#intent").fill(request);
    const rows = playground.page.locator("#matches .candidate");
    await expect.poll(() => rows.count(), WAIT).toBe(expected.candidates.length);
    const shown = await rows.evaluateAll((elements) =>
      elements.map((row) => ({
        name: row.querySelector(".name")?.textContent,
        score: row.querySelector(".score")?.textContent,
        matched: [...row.querySelectorAll(".term")].map((term) => term.textContent),
      })),
    );
    expect(shown).toEqual(expected.candidates.map((c) => ({ name: c.name, score: c.score.toFixed(2), matched: c.matched })));
    expect(shown[0]!.matched.length).toBeGreaterThan(0);
    await expect.poll(() => playground.page.locator("#matches .verdict").textContent(), WAIT).toContain(createMatcher(tools).explain(request).verdict);
    expect(await playground.page.locator("#matches .not-chosen").count()).toBe(0);
    await saveScreenshot(playground.page, "playground-intent");
  });

  it("says why a request is not found, and why the edited tool is not chosen", async () => {
    const edited = loadTool(format(UNFORMATTED)).model!;
    const matcher = createMatcher([edited, ...(await exampleModels()).filter((tool) => tool.name !== edited.name)]);
    // Requests near the edited tool's words: the first that ranks it without showing it, and one it shares no word with.
    const passedOver = ["看一下 shell 命令的历史记录", "列出最近写入的文件", "读取文件最近的修改记录", "run git log in the shell"].find(
      (request) =>
        !matcher.match(request).candidates.some((c) => c.name === edited.name) &&
        matcher.explain(request, { tools: [edited.name] }).candidates.some((c) => c.name === edited.name && c.rank !== undefined),
    );
    expect(passedOver, "one of the requests ranks the edited tool below the candidates shown").toBeDefined();
    await playground.tab("intent");
    for (const request of [passedOver!, "读一下 /etc/hosts 的内容"]) {
      const explanation = matcher.explain(request, { tools: [edited.name] });
      const tool = explanation.candidates.find((c) => c.name === edited.name)!;
      await playground.page.locator("#intent").fill(request);
      await expect.poll(() => playground.page.locator("#matches .verdict").textContent(), WAIT).toContain(explanation.verdict);
      const line = playground.page.locator(`#matches .not-chosen[data-name="${edited.name}"]`);
      const place = tool.rank === undefined ? "shares no word with the request" : `rank ${tool.rank} · 第 ${tool.rank} 名, score ${tool.score.toFixed(2)}`;
      await expect.poll(() => line.textContent(), WAIT).toContain(place);
      expect(await line.textContent()).toContain(tool.servesOperation ? "does what is asked" : "does not do what is asked");
      expect(await line.textContent()).toContain(tool.servesObject ? "works on it" : "does not work on it");
    }
  });

  it("keeps the text in the address: the link opens the same file", async () => {
    const text = await playground.text();
    await expect.poll(() => playground.page.url(), WAIT).toMatch(/#code\//);
    const other = await browser!.context.newPage();
    try {
      await other.goto(playground.page.url());
      await other.locator(".cm-content").waitFor();
      await expect.poll(async () => (await other.locator(".cm-content .cm-line").allTextContents()).join("\n"), WAIT).toBe(text);
    } finally {
      await other.close();
    }
  });
});
