import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXECUTOR_NAMES, FIELDS, PARAM_TYPES, REQUIRED_FIELDS, toolSkeleton } from "@hdlp/parser";
import { EXTENSION_ROOT, generatedFiles } from "./write-contributions.ts";
import { buildSnippets } from "./snippets.ts";

describe("the files generated from the catalogue", () => {
  it("are up to date (run `pnpm --filter hdlp-vscode generate` after changing the catalogue)", async () => {
    for (const [path, expected] of Object.entries(generatedFiles())) {
      expect(await readFile(join(EXTENSION_ROOT, path), "utf8"), path).toBe(expected);
    }
  });

  it("are the files package.json contributes", async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_ROOT, "package.json"), "utf8"));
    const contributed = [
      ...manifest.contributes.grammars.map((g: { path: string }) => g.path),
      ...manifest.contributes.snippets.map((s: { path: string }) => s.path),
      ...manifest.contributes.languages.map((l: { configuration: string }) => l.configuration),
    ].map((path: string) => path.replace(/^\.\//, ""));
    expect(contributed.sort()).toEqual(Object.keys(generatedFiles()).sort());
  });
});

describe("the snippets", () => {
  const snippets = buildSnippets();

  it("write the shared skeleton, each value a tab stop and today's date a VS Code variable", () => {
    const body = snippets["New tool"]!.body.join("\n");
    // Taking every tab stop's default gives the skeleton the New Tool command writes.
    const defaults = body
      .replace(/\$\{\d+\|([^,|]*)[^|]*\|\}/g, "$1")
      .replace(/\$\{\d+:\$\{CURRENT_YEAR\}-\$\{CURRENT_MONTH\}-\$\{CURRENT_DATE\}\}/g, "2026-05-31")
      .replace(/\$\{\d+:((?:[^}\\]|\\.)*)\}/g, (_, text: string) => text.replace(/\\(.)/g, "$1"));
    expect(`${defaults}\n`).toBe(toolSkeleton({ name: "my-tool", created: "2026-05-31" }));
    for (const field of REQUIRED_FIELDS) expect(body).toMatch(new RegExp(`^${field}:`, "m"));
    expect(body).toContain(`executor: \${5|${EXECUTOR_NAMES.join(",")}|}`);
  });

  it("offer a param with the catalogue's types and booleans as choices", () => {
    const body = snippets.Param!.body.join("\n");
    expect(body).toContain(`type: \${2|${PARAM_TYPES.join(",")}|}`);
    expect(body).toContain("required: ${3|true,false|}");
    expect(body).toMatch(/^\$\{1:name\}: \{ .* \}\$0$/);
  });

  it("name no field the catalogue does not know", () => {
    const known = new Set<string>(FIELDS.map((f) => f.name));
    for (const line of snippets["New tool"]!.body) {
      const key = /^([a-z_]+):/.exec(line)?.[1];
      if (key) expect(known.has(key), key).toBe(true);
    }
  });
});

describe("the language configuration", async () => {
  const configuration = JSON.parse(await readFile(join(EXTENSION_ROOT, "language-configuration.json"), "utf8"));
  const increase = new RegExp(configuration.indentationRules.increaseIndentPattern);
  const onEnter = configuration.onEnterRules.find((r: { action: { indent: string } }) => r.action.indent === "indent");

  it("indents on Enter after a key that opens a block", () => {
    expect(onEnter.beforeText).toBe(configuration.indentationRules.increaseIndentPattern);
    for (const line of ["params_schema:", "constraints:", "  cmd:", "why: |", "why: >-", "params_schema:   # the params"]) {
      expect(increase.test(line), line).toBe(true);
    }
    for (const line of ["name: shell-exec", "  cmd: { type: string }", "# params_schema:", "intent: 说明: 一句话", ""]) {
      expect(increase.test(line), line).toBe(false);
    }
  });

  it("comments with #, pairs brackets and auto-closes quotes and braces", () => {
    expect(configuration.comments.lineComment).toBe("#");
    expect(configuration.brackets).toEqual([
      ["{", "}"],
      ["[", "]"],
    ]);
    const opens = configuration.autoClosingPairs.map((p: { open: string; close: string }) => p.open + p.close);
    expect(opens).toEqual(expect.arrayContaining(["{}", "[]", '""', "''"]));
  });
});
