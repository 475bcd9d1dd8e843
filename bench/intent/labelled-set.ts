/**
 * Reads a labelled set from files: `tools/<name>/TOOL.hdlp` beside a file of
 * `{q, expect, lang, kind}` lines (this folder's `queries.jsonl` and
 * `fresh-*` sets, or the shared development set's `dev.jsonl`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { LabelledQuery, LabelledSet } from "../../packages/match/src/index.ts";
import { loadTool } from "../../packages/parser/src/index.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
/** This project's tools, which the own set and every fresh round's `own-*.jsonl` are written for. */
export const OWN_TOOLS = join(HERE, "tools");

export interface LabelledFile {
  readonly label: string;
  /** When the requests were written (a fresh round's date), if known. */
  readonly written: string;
  readonly tools: string;
  readonly queries: string;
  readonly fresh: boolean;
}

/** The shared evaluation folder: `HDLP_SHARED_EVAL`, or `shared/eval/intent` beside the repository or one of its parents. */
export function sharedEval(): string | undefined {
  if (process.env.HDLP_SHARED_EVAL) return existsSync(process.env.HDLP_SHARED_EVAL) ? process.env.HDLP_SHARED_EVAL : undefined;
  for (let dir = resolve(HERE, "../.."); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dirname(dir), "shared", "eval", "intent");
    if (existsSync(join(candidate, "dev.jsonl"))) return candidate;
  }
  return undefined;
}

export function labelledFiles(shared: string | undefined): { files: LabelledFile[]; skipped: string[] } {
  const files: LabelledFile[] = [];
  const skipped: string[] = [];
  for (const round of readdirSync(HERE)
    .filter((d) => /^fresh-\d{4}-\d{2}-\d{2}-\w+$/.test(d))
    .sort()) {
    const written = round.slice("fresh-".length, "fresh-".length + 10);
    for (const file of readdirSync(join(HERE, round))
      .filter((f) => f.endsWith(".jsonl"))
      .sort()) {
      const label = `${round}/${file}`;
      if (file.startsWith("own-")) files.push({ label, written, tools: OWN_TOOLS, queries: join(HERE, round, file), fresh: true });
      else if (!file.startsWith("shared-")) throw new Error(`${label}: a fresh set is named own-… (this project's tools) or shared-… (the shared tools)`);
      else if (shared !== undefined) files.push({ label, written, tools: join(shared, "tools"), queries: join(HERE, round, file), fresh: true });
      else skipped.push(label);
    }
  }
  files.push({ label: "bench/intent/queries.jsonl (own set)", written: "", tools: OWN_TOOLS, queries: join(HERE, "queries.jsonl"), fresh: false });
  if (shared !== undefined)
    files.push({ label: "shared dev set (dev.jsonl)", written: "", tools: join(shared, "tools"), queries: join(shared, "dev.jsonl"), fresh: false });
  else skipped.push("shared dev set");
  return { files, skipped };
}

/**
 * The tools of `toolsDir` (a file that does not lint clean is an error: a
 * labelled set must be valid); a hidden folder (the index cache `.hdlp-cache`
 * hdlp keeps beside the tools it reads) is no tool.
 */
export function loadToolSet(toolsDir: string): LabelledSet["tools"] {
  return readdirSync(toolsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
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
