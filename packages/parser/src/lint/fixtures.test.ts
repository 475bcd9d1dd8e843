/**
 * Fixture pairs, one folder per rule (actionlint style): every `*.hdlp` and
 * `<folder>/TOOL.hdlp` under `testdata/<rule>/` is linted (on its own, or
 * with the folder's other files for the rules across files), and the result must equal
 * the `.expected` file beside it; when fixes exist, `.fixed` holds the text
 * with all of them applied once. Review both by eye.
 *
 * Regenerate after a deliberate change:
 *   HDLP_UPDATE_FIXTURES=1 npx vitest run packages/parser/src/lint
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../diagnostics.ts";
import type { Range } from "../syntax/ast.ts";
import { applyFixes } from "./apply-fixes.ts";
import { LINT_RULES, lintFiles } from "./lint.ts";
import { FILE_SET_RULES } from "./rules/index.ts";

const TESTDATA = fileURLToPath(new URL("./testdata/", import.meta.url));
const UPDATE = process.env.HDLP_UPDATE_FIXTURES === "1";
/** The `created` a missing-field fix writes, pinned so fixtures do not change daily. */
const TODAY = "2026-06-01";

function casesIn(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".hdlp")) files.push(join(folder, entry.name));
    else if (entry.isDirectory() && existsSync(join(folder, entry.name, "TOOL.hdlp"))) files.push(join(folder, entry.name, "TOOL.hdlp"));
  }
  return files.sort();
}

const at = (r: Range) => `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;

/** One diagnostic per line (1-based line:column ranges), its fix's edits indented below it. */
function describeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const lines = diagnostics.flatMap((d) => [
    `${at(d.range)} ${d.severity} ${d.rule}${d.field ? ` (${d.field})` : ""}: ${d.message}`,
    ...(d.fix ? [`  fix: ${d.fix.title}`, ...d.fix.edits.map((e) => `    ${at(e.range)} ${JSON.stringify(e.newText)}`)] : []),
  ]);
  return lines.length ? `${lines.join("\n")}\n` : "(clean)\n";
}

function compare(path: string, actual: string | undefined): void {
  if (UPDATE) {
    if (actual === undefined) rmSync(path, { force: true });
    else writeFileSync(path, actual);
    return;
  }
  expect(existsSync(path) ? readFileSync(path, "utf8") : undefined, relative(TESTDATA, path)).toBe(actual);
}

const folders = readdirSync(TESTDATA, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe("lint fixtures", () => {
  for (const folder of folders) {
    it(folder, () => {
      const root = join(TESTDATA, folder);
      const files = casesIn(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, "utf8") }));
      expect(files.length, `${folder} holds no case`).toBeGreaterThan(0);
      // Files are linted one by one, except in the folders of the rules across files.
      const together = FILE_SET_RULES.some((rule) => rule.id === folder);
      const results = together ? lintFiles(files, { today: TODAY }) : files.flatMap((file) => lintFiles([file], { today: TODAY }));
      results.forEach((result, index) => {
        const base = join(root, result.path.replace(/\.hdlp$/, ""));
        compare(`${base}.expected`, describeDiagnostics(result.diagnostics));
        const fixed = applyFixes(files[index]!.text, result.diagnostics);
        compare(`${base}.fixed`, fixed.applied > 0 ? fixed.text : undefined);
      });
    });
  }

  it("has a folder for every rule, in which that rule fires", () => {
    for (const rule of LINT_RULES) {
      expect(folders, `testdata/${rule.id}/ is missing`).toContain(rule.id);
      const root = join(TESTDATA, rule.id);
      const results = lintFiles(casesIn(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, "utf8") })));
      expect(
        results.flatMap((r) => r.diagnostics.map((d) => d.rule)),
        `no case in testdata/${rule.id}/ triggers it`,
      ).toContain(rule.id);
    }
  });

  it("lints the seed's §7 example, verbatim, clean", () => {
    const text = readFileSync(join(TESTDATA, "clean", "seed-example.hdlp"), "utf8");
    expect(lintFiles([{ path: "shell-exec/TOOL.hdlp", text }])[0]!.diagnostics).toEqual([]);
  });
});
