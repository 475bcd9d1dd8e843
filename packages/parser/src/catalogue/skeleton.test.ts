import { describe, expect, it } from "vitest";
import { loadTool } from "../index.ts";
import { EXECUTOR_NAMES, executorSpec } from "./executors.ts";
import { FIELDS, REQUIRED_FIELDS } from "./fields.ts";
import { localDay, snippetPlaceholder, toolSkeleton } from "./skeleton.ts";

describe("the skeleton of a new tool", () => {
  const text = toolSkeleton({ name: "git-log", created: "2026-05-31" });

  it("lints clean as it stands, so a new tool starts without a diagnostic", () => {
    const loaded = loadTool(text);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.model?.name).toBe("git-log");
  });

  it("has every required field, in the catalogue's order, with the given name and date", () => {
    const keys = text.split("\n").flatMap((line) => /^([a-z_]+):/.exec(line)?.[1] ?? []);
    expect(keys).toEqual(FIELDS.filter((f) => f.required).map((f) => f.name));
    expect(keys).toEqual([...REQUIRED_FIELDS]);
    expect(text).toMatch(/^name: git-log$/m);
    expect(text).toMatch(/^created: 2026-05-31$/m);
  });

  it.each(EXECUTOR_NAMES)("starts a %s tool with its method, template and param, lint clean", (executor) => {
    const skeleton = toolSkeleton({ name: "new-tool", created: "2026-05-31", executor });
    const loaded = loadTool(skeleton, { path: "tools/new-tool/TOOL.hdlp" });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.model).toMatchObject({ executor, method: executorSpec(executor)!.starter.method });
  });

  it("renders each value through the slot, numbered in order, as snippet placeholders", () => {
    const snippet = toolSkeleton({ name: "a}b$c\\d", created: "2026-05-31" }, snippetPlaceholder);
    expect(snippet.split("\n")[0]).toBe("name: ${1:a\\}b\\$c\\\\d}");
    const indexes = [...snippet.matchAll(/\$\{(\d+):/g)].map((m) => Number(m[1]));
    expect(indexes).toEqual(indexes.map((_, i) => i + 1));
  });
});

describe("localDay", () => {
  it("dates a new tool with the local day", () => {
    expect(localDay(new Date(2026, 4, 31, 23, 59))).toBe("2026-05-31");
    expect(localDay(new Date(2026, 0, 2))).toBe("2026-01-02");
  });
});
