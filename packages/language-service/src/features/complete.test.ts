import { describe, expect, it } from "vitest";
import type { TextEdit } from "vscode-languageserver-types";
import { CONSTRAINT_KEYS, EXECUTOR_NAMES, ITEM_KEYS, PARAM_KEYS, PARAM_TYPES } from "@hdlp/parser";
import { analyse } from "../analysis.ts";
import { complete } from "./complete.ts";

/** Completion at the `|` of `marked`, with today pinned. */
function labelsAt(marked: string, path?: string): string[] {
  const offset = marked.indexOf("|");
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const analysis = analyse(text, path);
  const position = analysis.document.positionAt(offset);
  return complete(analysis, position, { today: new Date(2026, 6, 4) }).items.map((item) => item.label);
}

describe("complete", () => {
  it("offers the executors at the value of `executor`", () => {
    expect(labelsAt("executor: |")).toEqual([...EXECUTOR_NAMES]);
  });

  it("offers the pinned date for `created`", () => {
    expect(labelsAt("created: |")).toEqual(["2026-07-04"]);
  });

  it("offers the folder's name for `name`", () => {
    expect(labelsAt("name: |", "/work/tools/git-log/TOOL.hdlp")).toEqual(["git-log"]);
  });

  it("offers the constraint keys in a fresh `constraints` block", () => {
    expect(labelsAt("constraints:\n  |")).toEqual(CONSTRAINT_KEYS.map((k) => k.name));
  });

  it("offers the param keys on a block line under a param", () => {
    expect(labelsAt("params_schema:\n  cmd:\n    type: string\n    |")).toEqual(PARAM_KEYS.filter((k) => k.name !== "type").map((k) => k.name));
  });

  it("offers the keys of an array's `items` map, and the param types as its bare value", () => {
    const tags = "params_schema:\n  tags:\n    type: array\n    required: false\n    items:\n      ";
    expect(labelsAt(`${tags}|`)).toEqual(ITEM_KEYS.map((k) => k.name));
    expect(labelsAt(`${tags}type: |`)).toEqual([...PARAM_TYPES]);
    expect(labelsAt("params_schema:\n  tags: { type: array, items: | }")).toEqual([...PARAM_TYPES]);
  });

  it("offers a new field in an object's `properties`, and a param's keys inside one", () => {
    const hosts = "params_schema:\n  hosts:\n    type: array\n    items:\n      type: object\n      properties:\n        ";
    expect(labelsAt(`${hosts}|`)).toEqual(["new param"]);
    expect(labelsAt(`${hosts}host:\n          type: string\n          |`)).toEqual(PARAM_KEYS.filter((k) => k.name !== "type").map((k) => k.name));
  });

  it("puts the new-tool skeleton first in an empty file, named after its folder", () => {
    const analysis = analyse("", "/work/tools/git-log/TOOL.hdlp");
    const [first] = complete(analysis, { line: 0, character: 0 }, { today: new Date(2026, 6, 4) }).items;
    expect(first?.label).toBe("new tool");
    const snippet = (first!.textEdit as TextEdit).newText;
    expect(snippet).toMatch(/^name: \$\{1:git-log\}\n/);
    expect(snippet).toContain("created: ${");
    expect(snippet).toContain(":2026-07-04}");
  });
});
