import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Entry, ListNode, MapNode, Node, Scalar, Value } from "./ast.ts";
import { parse } from "./parse.ts";

const seed = readFileSync(new URL("testdata/seed.hdlp", import.meta.url), "utf8");

/** The source text a node covers. */
const slice = (text: string, node: { range: { start: { offset: number }; end: { offset: number } } }): string =>
  text.slice(node.range.start.offset, node.range.end.offset);

/** Every node of a tree, depth first. */
function allNodes(value: Value | null): Node[] {
  if (!value) return [];
  if (value.kind === "map") return [value, ...value.entries.flatMap((e) => [e as Node, e.key, ...allNodes(e.value)])];
  if (value.kind === "list") return [value, ...value.items.flatMap(allNodes)];
  return [value];
}

/** The value of field `path` (keys through maps), asserting the shape on the way. */
function valueAt(root: MapNode, ...path: string[]): Value | null {
  let node: Value | null = root;
  for (const key of path) {
    if (node?.kind !== "map") throw new Error(`no map at ${key}`);
    const entry: Entry | undefined = node.entries.find((e) => e.key.text === key);
    if (!entry) throw new Error(`no entry ${key}`);
    node = entry.value;
  }
  return node;
}

const scalarAt = (root: MapNode, ...path: string[]): Scalar => {
  const value = valueAt(root, ...path);
  if (value?.kind !== "scalar") throw new Error(`not a scalar at ${path.join(".")}`);
  return value;
};

function clean(text: string) {
  const result = parse(text);
  expect(result.diagnostics).toEqual([]);
  return result.document;
}

describe("the seed's §7 example", () => {
  const document = clean(seed);

  it("has the ten fields in order with their values", () => {
    expect(document.entries.map((e) => e.key.text)).toEqual([
      "name",
      "display",
      "intent",
      "method",
      "executor",
      "params_schema",
      "constraints",
      "author",
      "created",
      "why",
    ]);
    expect(document.fieldText("display")).toBe("Shell命令执行");
    expect(document.fieldText("created")).toBe("2026-05-31");
    expect(scalarAt(document.root, "params_schema", "cmd", "description")).toMatchObject({ style: "double", value: "要执行的shell命令" });
    expect(scalarAt(document.root, "constraints", "timeout_ms").value).toBe("30000");
    expect(valueAt(document.root, "params_schema", "cwd")).toMatchObject({ kind: "map", style: "flow" });
    expect(valueAt(document.root, "constraints")).toMatchObject({ kind: "map", style: "block" });
  });

  it("pairs every catalogue field with its entry", () => {
    const pairs = document.catalogueFields();
    expect(pairs.filter((p) => p.spec.required).every((p) => p.entry?.key.text === p.spec.name)).toBe(true);
    expect(pairs.filter((p) => !p.spec.required).every((p) => p.entry === undefined)).toBe(true);
  });

  it("gives exact ranges (offsets in UTF-16 units: 17 + 19 + 30 + 13 = 79 before `executor`)", () => {
    const executor = document.field("executor") as Entry;
    expect(executor.key.range).toEqual({ start: { offset: 79, line: 4, character: 0 }, end: { offset: 87, line: 4, character: 8 } });
    expect(executor.value?.range).toEqual({ start: { offset: 89, line: 4, character: 10 }, end: { offset: 99, line: 4, character: 20 } });
    const cmd = valueAt(document.root, "params_schema", "cmd") as MapNode;
    expect(slice(seed, cmd)).toBe('{ type: string, required: true, description: "要执行的shell命令" }');
    expect(cmd.range.start).toMatchObject({ line: 6, character: 7 });
    const description = scalarAt(document.root, "params_schema", "cmd", "description");
    expect(description.range.start).toMatchObject({ line: 6, character: 52 });
    expect(slice(seed, description)).toBe('"要执行的shell命令"');
    expect(slice(seed, valueAt(document.root, "constraints") as MapNode)).toBe("timeout_ms: 30000\n  max_output_bytes: 65536\n  require_confirm: false");
    expect(slice(seed, document.field("params_schema") as Entry)).toBe(seed.slice(seed.indexOf("params_schema"), seed.indexOf("\nconstraints")));
  });

  it("gives every node a range whose text is the node's own", () => {
    for (const node of allNodes(document.root)) {
      if (node.kind === "key") expect(slice(seed, node)).toBe(node.text);
      if (node.kind === "scalar") expect(slice(seed, node)).toBe(node.raw);
      if (node.kind === "entry") expect(slice(seed, node).startsWith(node.key.text)).toBe(true);
    }
  });
});

describe("scalars", () => {
  it("keeps plain values as text, to the end of the line, `: ` included", () => {
    const document = clean("intent: 从缓存读取值: 键不存在时返回空\nname: 2026\nok: true\nn: -1.5e3\nurl: http://x/a#b\n");
    expect(document.fieldText("intent")).toBe("从缓存读取值: 键不存在时返回空");
    expect(scalarAt(document.root, "name")).toMatchObject({ style: "plain", value: "2026", raw: "2026" });
    expect(document.fieldText("ok")).toBe("true");
    expect(document.fieldText("n")).toBe("-1.5e3");
    expect(document.fieldText("url")).toBe("http://x/a#b");
  });

  it("ends a plain value at ` #` and keeps the comment", () => {
    const text = "executor: shell   # local\n";
    const document = clean(text);
    expect(document.fieldText("executor")).toBe("shell");
    expect(document.comments).toEqual([
      { text: " local", trailing: true, range: { start: { offset: 18, line: 0, character: 18 }, end: { offset: 25, line: 0, character: 25 } } },
    ]);
  });

  it("tells own-line comments from trailing ones, also inside brackets and after `-`", () => {
    const document = clean("# top\na: 1 # after\np: {\n  # inside\n  b: 2, # after b\n}\nl:\n  - # item\n    x: 1\n");
    expect(document.comments.map((c) => [c.text, c.trailing])).toEqual([
      [" top", false],
      [" after", true],
      [" inside", false],
      [" after b", true],
      [" item", true],
    ]);
  });

  it("decodes double-quoted escapes", () => {
    const document = clean('a: "q\\" b\\\\ \\n\\t\\r \\u4e2d \\U0001F600 \\x41 \\/ \\0"\n');
    expect(document.fieldText("a")).toBe('q" b\\ \n\t\r 中 😀 A / \0');
  });

  it("decodes single quotes, where '' is a quote and \\ is itself", () => {
    expect(clean("a: 'it''s C:\\dir # not a comment'\n").fieldText("a")).toBe("it's C:\\dir # not a comment");
  });

  it("reads `|` block text literally", () => {
    const document = clean("why: |\n  line one\n    indented\n\n  last\nnext: 1\n");
    expect(scalarAt(document.root, "why")).toMatchObject({ style: "literal", value: "line one\n  indented\n\nlast\n" });
    expect(document.fieldText("next")).toBe("1");
  });

  it("folds `>` block text and applies chomping", () => {
    expect(clean("why: >\n  a\n  b\n\n  c\n").fieldText("why")).toBe("a b\nc\n");
    expect(clean("why: >-\n  a\n  b\n").fieldText("why")).toBe("a b");
    expect(clean("why: |+\n  a\n\n\nz: 1\n").fieldText("why")).toBe("a\n\n\n");
    expect(clean("why: |-\n  a\n\n").fieldText("why")).toBe("a");
    expect(clean("why: |2\n    a\n   b\n").fieldText("why")).toBe("  a\n b\n");
  });

  it("covers block text from the indicator to its last line", () => {
    const text = "why: | # keep\n  a\n  b\n\nnext: 1\n";
    const why = scalarAt(clean(text).root, "why");
    expect(slice(text, why)).toBe("| # keep\n  a\n  b");
    expect(why.range.end).toEqual({ offset: 21, line: 2, character: 3 });
  });
});

describe("collections", () => {
  it("reads flow maps and lists, nested, over several lines", () => {
    const text = "p: {\n  a: [1, 'two', { b: c }],\n  d: {},   # comment\n  e: []\n}\nq: 1\n";
    const document = clean(text);
    const a = valueAt(document.root, "p", "a") as ListNode;
    expect(a.items.map((i) => i.kind)).toEqual(["scalar", "scalar", "map"]);
    expect(slice(text, valueAt(document.root, "p") as MapNode)).toBe(text.slice(3, text.indexOf("}\nq") + 1));
    expect(valueAt(document.root, "p", "d")).toMatchObject({ kind: "map", entries: [] });
    expect(document.fieldText("q")).toBe("1");
    expect(document.comments.map((c) => c.text)).toEqual([" comment"]);
  });

  it("allows a trailing comma and quoted keys in flow maps", () => {
    const document = clean("p: { \"a b\": 1, 'c': 2, }\n");
    expect((valueAt(document.root, "p") as MapNode).entries.map((e) => e.key.text)).toEqual(["a b", "c"]);
  });

  it("reads the same map as indented blocks", () => {
    const document = clean("params_schema:\n  cmd:\n    type: string\n    required: true\n");
    expect(scalarAt(document.root, "params_schema", "cmd", "required").value).toBe("true");
  });

  it("reads block lists, indented or at the key's column, with maps as items", () => {
    const document = clean("a:\n  - x\n  - k: 1\n    l: 2\n  -\nb:\n- y\n- [z]\nc: 3\n");
    const a = valueAt(document.root, "a") as ListNode;
    expect(a.items.map((i) => i.kind)).toEqual(["scalar", "map", "scalar"]);
    expect((a.items[1] as MapNode).entries.map((e) => e.key.text)).toEqual(["k", "l"]);
    expect(a.items[2]).toMatchObject({ kind: "scalar", value: "" });
    expect((valueAt(document.root, "b") as ListNode).items.map((i) => i.kind)).toEqual(["scalar", "list"]);
    expect(document.fieldText("c")).toBe("3");
  });

  it("keeps unknown and duplicate fields in order", () => {
    const document = clean("name: a\nfoo: 1\nname: b\n");
    expect(document.entries.map((e) => e.key.text)).toEqual(["name", "foo", "name"]);
    expect(document.field("name")?.value).toMatchObject({ value: "a" });
    expect(document.fieldEntries("name")).toHaveLength(2);
    expect(document.fieldValue("missing")).toBeUndefined();
  });

  it("gives `key:` with nothing after it a null value", () => {
    const document = clean("name:\nwhy:   # later\n");
    expect(document.field("name")?.value).toBeNull();
    expect(document.field("why")?.range.end.character).toBe(4);
  });
});

describe("encoding and lines", () => {
  it("counts CRLF and lone CR as line breaks", () => {
    const document = clean("a: 1\r\nb: 2\rc: |\r\n  x\r\n  y\r\n");
    expect(document.entries.map((e) => [e.key.text, e.key.range.start.line])).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
    ]);
    expect(document.fieldText("b")).toBe("2");
    expect(document.fieldText("c")).toBe("x\ny\n");
  });

  it("skips a leading BOM but counts it in offsets", () => {
    const document = clean("\uFEFFname: x\n");
    expect(document.field("name")?.key.range.start).toEqual({ offset: 1, line: 0, character: 1 });
  });

  it("reads a file without a final line break", () => {
    expect(clean("a: 1\nb: { c: d }").fieldText("a")).toBe("1");
  });

  it("counts characters in UTF-16 units, as the LSP does", () => {
    const document = clean("a: 😀😀\nb: 1\n");
    expect(document.field("a")?.value?.range.end).toEqual({ offset: 7, line: 0, character: 7 });
  });
});
