/**
 * Another real editor: Neovim's built-in LSP client, headless, with exactly the
 * configuration docs/editors.md gives (test/neovim/hdlp.lua), on a TOOL.hdlp
 * with defects. A Lua driver (test/neovim/report.lua) writes the diagnostics
 * and completion items Neovim received as JSON.
 *
 * Set-up: Neovim comes from Debian's packages. When `nvim` is missing and the
 * tests run as root (CI, a fresh machine), beforeAll installs it with apt-get;
 * otherwise install it first: `sudo apt-get install -y neovim` (0.7 or later).
 */
import { execFile, execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXECUTOR_NAMES, loadTool } from "@hdlp/parser";
import { aptInstall } from "../../../test/support/debian-packages.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CONFIG = here("neovim/hdlp.lua");
const DRIVER = here("neovim/report.lua");
/** Where the README's install puts `hdlp-language-server`. */
const BIN = here("../../../node_modules/.bin");
const EDITORS_DOC = here("../../../docs/editors.md");

interface NeovimReport {
  diagnostics: { line: number; character: number; severity: number; message: string; code?: string; source?: string }[];
  completion: string[];
  errors: string[];
}

function neovimVersion(): string | undefined {
  try {
    return /NVIM v(\d+\.\d+\.\d+)/.exec(execFileSync("nvim", ["--version"], { encoding: "utf8" }))?.[1];
  } catch {
    return undefined;
  }
}

describe("the language server in Neovim (headless, built-in LSP client)", () => {
  let workspace: string;
  let report: NeovimReport;

  beforeAll(async () => {
    if (!neovimVersion()) aptInstall(["neovim"], "The Neovim test");
    const [major, minor] = neovimVersion()!.split(".").map(Number);
    // The configuration needs nvim_create_autocmd (0.7); vim.lsp.start is used from 0.8 on.
    expect(major! > 0 || minor! >= 7, `Neovim ${neovimVersion()} is older than 0.7`).toBe(true);

    workspace = await mkdtemp(join(tmpdir(), "hdlp-neovim-"));
    await cp(here("testdata/workspace"), workspace, { recursive: true });
    const reportFile = join(workspace, "report.json");
    await promisify(execFile)("nvim", ["--headless", "-i", "NONE", "-u", CONFIG, "-c", `luafile ${DRIVER}`, "tools/broken-tool/TOOL.hdlp"], {
      cwd: workspace,
      timeout: 120_000,
      env: {
        ...process.env,
        PATH: `${BIN}${delimiter}${process.env.PATH}`,
        HDLP_REPORT: reportFile,
        // Right after `executor: ` (line 5 of the file).
        HDLP_COMPLETE_AT: "4:10",
        XDG_STATE_HOME: join(workspace, "state"),
        XDG_CACHE_HOME: join(workspace, "cache"),
      },
    });
    report = JSON.parse(await readFile(reportFile, "utf8"));
  }, 300_000);

  afterAll(async () => {
    if (workspace) await rm(workspace, { recursive: true, force: true });
  });

  it("attaches, receives answers and reports no error", () => {
    expect(report.errors).toEqual([]);
  });

  it("receives hdlp lint's diagnostics for the defects, on their lines", async () => {
    const found = report.diagnostics.map((d) => `${d.line}:${d.character} ${d.code}: ${d.message}`).sort();
    const text = await readFile(join(workspace, "tools/broken-tool/TOOL.hdlp"), "utf8");
    const linted = loadTool(text)
      .diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.rule}: ${d.message}`)
      .sort();
    expect(found).toEqual(linted);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^0:0 missing-field: .*`author`/),
        expect.stringMatching(/^6:15 param-type: /),
        expect.stringMatching(/^9:9 invalid-date: `2026-02-30`/),
      ]),
    );
  });

  it("receives the four executor values as completions after `executor: `", () => {
    expect(report.completion).toEqual(expect.arrayContaining([...EXECUTOR_NAMES]));
  });

  it("is configured exactly as docs/editors.md says", async () => {
    const doc = await readFile(EDITORS_DOC, "utf8");
    expect(doc).toContain((await readFile(CONFIG, "utf8")).trimEnd());
  });
});
