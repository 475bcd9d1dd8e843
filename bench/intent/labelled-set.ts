/**
 * Reads a labelled set from files: `tools/<name>/TOOL.hdlp` beside a file of
 * `{q, expect, lang, kind}` lines (this folder's `queries.jsonl` and
 * `fresh-*` sets, or the shared development set's `dev.jsonl`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LabelledQuery, LabelledSet } from "../../packages/match/src/index.ts";
import { loadTool } from "../../packages/parser/src/index.ts";

/** The tools of `toolsDir` (a file that does not lint clean is an error: a labelled set must be valid). */
export function loadToolSet(toolsDir: string): LabelledSet["tools"] {
  return readdirSync(toolsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const path = join(toolsDir, name, "TOOL.hdlp");
      const loaded = loadTool(readFileSync(path, "utf8"));
      if (loaded.model === undefined) {
        const errors = loaded.diagnostics
          .filter((d) => d.severity === "error")
          .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
        throw new Error(`${path} does not lint clean:\n  ${errors.join("\n  ")}`);
      }
      return loaded.model;
    });
}

export function loadQueries(path: string): LabelledQuery[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as LabelledQuery);
}

/** `dir/tools` and `dir/<queriesFile>`. */
export function loadLabelledSet(dir: string, queriesFile: string): LabelledSet {
  return { tools: loadToolSet(join(dir, "tools")), queries: loadQueries(join(dir, queriesFile)) };
}
