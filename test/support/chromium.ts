/**
 * Debian's Chromium, headless, driven by playwright-core (which never
 * downloads a browser of its own), for the tests in a real browser
 * (`*.browser.test.ts`, vitest.browser.config.ts). The flags keep it from reaching out to
 * the network: on the build machines only the package registries are
 * reachable, and Chromium's background requests are refused there.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export type { Locator, Page } from "playwright-core";
import { ensureDebianPackages } from "./debian-packages.ts";

export const CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/** Installs Chromium (and `fonts`, e.g. fonts-noto-cjk for Chinese text) when missing; see debian-packages.ts. */
export function ensureChromium(fonts: readonly string[], neededFor: string): void {
  ensureDebianPackages(["chromium", ...fonts], neededFor);
}

/** One browser with a fresh profile (removed on close) and one page. */
export async function openBrowser(viewport: { width: number; height: number }): Promise<BrowserSession> {
  const profile = await mkdtemp(join(tmpdir(), "hdlp-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport });
    const page = context.pages()[0] ?? (await context.newPage());
    return {
      context,
      page,
      async close() {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Saves the page as `<name>.png` in `folder`, by default the one HDLP_SCREENSHOTS
 * names (the docs' screenshots are refreshed that way); nothing without one.
 */
export async function saveScreenshot(page: Page, name: string, folder = process.env.HDLP_SCREENSHOTS): Promise<string | undefined> {
  if (!folder) return undefined;
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** For an afterEach: when the test failed, the page as it was then, saved and its path printed. */
export async function screenshotOnFailure(page: Page | undefined, task: { name: string; result?: { state?: string } }, prefix: string): Promise<void> {
  if (task.result?.state !== "fail" || !page) return;
  const path = await saveScreenshot(page, `${prefix}-failed-${task.name.replace(/\W+/g, "-").slice(0, 60)}`, process.env.HDLP_SCREENSHOTS ?? tmpdir());
  console.error(`the page when "${task.name}" failed: ${path}`);
}
