/**
 * The benchmarks' corpus (bench/corpus.ts) claims every file lints clean and
 * reads the same as YAML, so that `pnpm bench` measures the clean path and the
 * YAML parsers compared read exactly the same files. A catalogue change once
 * broke that silently; this pins it.
 */
import { lintFiles } from "@hdlp/parser";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { generateTool, toolName } from "../bench/corpus.ts";

const SAMPLE = Array.from({ length: 400 }, (_, i) => i * 7);

describe("the benchmark corpus", () => {
  it("lints clean, every sampled file", () => {
    const linted = lintFiles(SAMPLE.map((i) => ({ path: `tools/${toolName(i)}/TOOL.hdlp`, text: generateTool(i) })));
    const problems = linted.flatMap((file) => file.diagnostics.map((d) => `${file.path}: ${d.rule}`));
    expect(problems).toEqual([]);
  });

  it("is valid YAML too", () => {
    const errors = SAMPLE.flatMap((i) => parseDocument(generateTool(i)).errors.map((e) => `${toolName(i)}: ${e.message}`));
    expect(errors).toEqual([]);
  });
});
