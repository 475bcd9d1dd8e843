import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mutated, syntaxy } from "../../parser/src/syntax/arbitraries.test-support.ts";
import { parse } from "@hdlp/parser";
import { type CursorContext, cursorAt } from "./cursor.ts";

const seed = readFileSync(new URL("../../parser/src/syntax/testdata/seed.hdlp", import.meta.url), "utf8");

/** The context at the `‸` in `marked` (the marker is removed before parsing). */
function at(marked: string): CursorContext {
  const offset = marked.indexOf("‸");
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return cursorAt(parse(text).document, offset).context;
}

/** The context reduced to what completion needs: kind, path, prefix (and flow). */
function summary(marked: string): unknown {
  const context = at(marked);
  if (context.kind === "key" || context.kind === "value") return { kind: context.kind, path: context.path, prefix: context.prefix, flow: context.flow };
  return { kind: context.kind };
}

describe("cursorAt: values", () => {
  it("after `executor: `, nothing typed yet", () => {
    expect(summary("name: x\nexecutor: ‸\n")).toEqual({ kind: "value", path: ["executor"], prefix: "", flow: false });
  });

  it("in a half-typed value, with the range to replace", () => {
    const context = at("executor: sh‸\nname: x\n");
    expect(context).toMatchObject({ kind: "value", path: ["executor"], prefix: "sh" });
    if (context.kind !== "value") return;
    expect(context.replace).toMatchObject({ start: { character: 10 }, end: { character: 12 } });
    expect(context.entry?.key.text).toBe("executor");
    expect(context.value).toMatchObject({ kind: "scalar", value: "sh" });
  });

  it("after `type: ` in a param's flow map, closed or not", () => {
    expect(summary("params_schema:\n  cmd: { type: ‸ }\n")).toEqual({ kind: "value", path: ["params_schema", "cmd", "type"], prefix: "", flow: true });
    expect(summary("params_schema:\n  cmd: { type: str‸\nwhy: x\n")).toEqual({
      kind: "value",
      path: ["params_schema", "cmd", "type"],
      prefix: "str",
      flow: true,
    });
    expect(summary("params_schema:\n  cmd: { required: true, type: ‸")).toEqual({
      kind: "value",
      path: ["params_schema", "cmd", "type"],
      prefix: "",
      flow: true,
    });
  });

  it("after `type: ` in a param written as a block", () => {
    expect(summary("params_schema:\n  cmd:\n    type: ‸\n")).toEqual({ kind: "value", path: ["params_schema", "cmd", "type"], prefix: "", flow: false });
  });

  it("in list items, flow and block", () => {
    expect(summary("p:\n  c: { enum: [a, ‸] }\n")).toEqual({ kind: "value", path: ["p", "c", "enum", 1], prefix: "", flow: true });
    expect(summary("tags:\n  - one\n  - tw‸\n")).toEqual({ kind: "value", path: ["tags", 1], prefix: "tw", flow: false });
  });

  it("inside block text, and on a blank line that continues it", () => {
    expect(summary("why: |\n  first\n  sec‸ond\nname: x\n")).toMatchObject({ kind: "value", path: ["why"] });
    expect(summary("why: |\n  first\n  ‸")).toMatchObject({ kind: "value", path: ["why"] });
    expect(summary("why: |\n  first\n‸")).toMatchObject({ kind: "key", path: [] });
  });

  it("right after a colon with no space yet", () => {
    expect(summary("executor:‸")).toEqual({ kind: "value", path: ["executor"], prefix: "", flow: false });
  });

  it("in a list of maps", () => {
    expect(summary("steps:\n  - run: make\n    ‸")).toEqual({ kind: "key", path: ["steps", 0], prefix: "", flow: false });
    expect(summary("steps:\n  - run: make\n  - ‸")).toEqual({ kind: "value", path: ["steps", 1], prefix: "", flow: false });
    expect(summary("steps:\n  - run: ma‸")).toEqual({ kind: "value", path: ["steps", 0, "run"], prefix: "ma", flow: false });
  });
});

describe("cursorAt: keys", () => {
  it("at a new top-level key position", () => {
    const context = at(`${seed}‸`);
    expect(context).toMatchObject({ kind: "key", path: [], prefix: "", flow: false });
    if (context.kind === "key") expect(context.map?.entries).toHaveLength(10);
    expect(summary("name: x\nex‸\n")).toEqual({ kind: "key", path: [], prefix: "ex", flow: false });
    expect(summary("")).toEqual({ kind: "key", path: [], prefix: "", flow: false });
  });

  it("on an existing key, replacing all of it", () => {
    const context = at("name: x\nexecu‸tor: shell\n");
    expect(context).toMatchObject({ kind: "key", path: [], prefix: "execu" });
    if (context.kind === "key") {
      expect(context.entry?.key.text).toBe("executor");
      expect(context.replace).toMatchObject({ start: { line: 1, character: 0 }, end: { line: 1, character: 8 } });
    }
  });

  it("by indentation: under a nested block, or starting one", () => {
    expect(summary(seed.replace("author:", "  ‸\nauthor:"))).toEqual({ kind: "key", path: ["constraints"], prefix: "", flow: false });
    expect(summary("constraints:\n  timeout_ms: 1\n  max‸\nwhy: x\n")).toEqual({ kind: "key", path: ["constraints"], prefix: "max", flow: false });
    const fresh = at("params_schema:\n  ‸");
    expect(fresh).toMatchObject({ kind: "key", path: ["params_schema"], map: undefined });
    expect(summary("params_schema:\n  cmd:\n    type: string\n    ‸\n")).toEqual({ kind: "key", path: ["params_schema", "cmd"], prefix: "", flow: false });
    expect(summary("params_schema:\n  cmd:\n    type: string\n‸\n")).toEqual({ kind: "key", path: [], prefix: "", flow: false });
  });

  it("in a flow map after `{` or `,`, closed or not", () => {
    expect(summary("params_schema:\n  cmd: { type: string, ‸ }\n")).toEqual({ kind: "key", path: ["params_schema", "cmd"], prefix: "", flow: true });
    expect(summary("params_schema:\n  cmd: { type: string, re‸")).toEqual({ kind: "key", path: ["params_schema", "cmd"], prefix: "re", flow: true });
    expect(summary("params_schema:\n  cmd: {‸}\n")).toEqual({ kind: "key", path: ["params_schema", "cmd"], prefix: "", flow: true });
    expect(summary("p: {\n  ‸\n")).toEqual({ kind: "key", path: ["p"], prefix: "", flow: true });
  });
});

describe("cursorAt: elsewhere", () => {
  it("in a comment", () => {
    expect(at("# hel‸lo\nname: x\n")).toMatchObject({ kind: "comment", comment: { text: " hello" } });
  });

  it("after a complete value", () => {
    expect(at('name: "x" ‸\n').kind).toBe("none");
    expect(at("a: { b: [1] ‸ }\n").kind).toBe("none");
  });

  it("lists the enclosing nodes, outermost first", () => {
    const offset = seed.indexOf("要执行的shell命令") + 2;
    const nodes = cursorAt(parse(seed).document, offset).nodes;
    expect(nodes.map((n) => (n.kind === "entry" ? `entry:${n.key.text}` : n.kind))).toEqual([
      "map",
      "entry:params_schema",
      "map",
      "entry:cmd",
      "map",
      "entry:description",
      "scalar",
    ]);
  });
});

describe("cursorAt, on any input", () => {
  it("never throws, and its nodes enclose the offset", () => {
    fc.assert(
      fc.property(fc.oneof(mutated, syntaxy), fc.nat(), (text, n) => {
        const { document } = parse(text);
        // A cursor, like positionAt, moves an offset between CR and LF to the end of its line.
        const offset = document.positionAt(n % (text.length + 1)).offset;
        const { nodes } = cursorAt(document, offset);
        expect(nodes[0]).toBe(document.root);
        for (const node of nodes.slice(1)) {
          expect(node.range.start.offset).toBeLessThanOrEqual(offset);
          expect(node.range.end.offset).toBeGreaterThanOrEqual(offset);
        }
      }),
      { numRuns: 500 },
    );
  });
});
