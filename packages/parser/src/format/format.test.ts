import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadTool } from "../load.ts";
import type { Value } from "../syntax/ast.ts";
import { mutationsOf, syntaxAtoms, textOf, variants } from "../syntax/arbitraries.test-support.ts";
import { parse } from "../syntax/parse.ts";
import { format, FormatError, formatText } from "./format.ts";

/** The seed design's §7 example, verbatim: one file serves every test. */
const SEED = readFileSync(new URL("../syntax/testdata/seed.hdlp", import.meta.url), "utf8");

/** The model without ranges: what a tool means. */
const meaning = (text: string) => JSON.stringify(loadTool(text).model, (key, value) => (key === "range" ? undefined : value));

describe("format", () => {
  it("leaves the seed's example exactly as it is", () => {
    expect(format(SEED)).toBe(SEED);
  });

  it("puts fields in catalogue order and keeps each comment with its entry", () => {
    const text = `# maintained by ICE

why: 因为需要
# the name
name: x   # trailing
display: X
`;
    expect(format(text)).toBe(
      `# maintained by ICE

name: x # trailing
display: X
why: 因为需要
`.replace("name: x", "# the name\nname: x"),
    );
  });

  it("puts `command` and `endpoint` with how the tool runs, right after `executor`", () => {
    const text = SEED.replace("executor: gatekeeper\n", "executor: shell\n").replace(/why: .*\n/, "$&command: ls {cwd}\n");
    const formatted = format(text);
    expect(
      formatted
        .split("\n")
        .filter((line) => /^\w/.test(line))
        .map((line) => line.split(":")[0]),
    ).toEqual(["name", "display", "intent", "method", "executor", "command", "params_schema", "constraints", "author", "created", "why"]);
    expect(format(`endpoint: GET /x\nwhy: w\nexecutor: hlpd-api\nname: n\n`)).toBe(`name: n\nexecutor: hlpd-api\nendpoint: GET /x\nwhy: w\n`);
  });

  it("writes a param that fits on one line as a flow map, keys in catalogue order", () => {
    const text = `params_schema:\n  a:\n    description: d\n    type: string\n    required: true\n`;
    expect(format(text)).toBe(`params_schema:\n  a: { type: string, required: true, description: d }\n`);
  });

  it("writes a param that does not fit in 100 columns as a block, counting a CJK character as two", () => {
    const long = "很".repeat(40);
    const text = `params_schema:\n  a: { type: string, required: true, description: ${long} }\n`;
    expect(format(text)).toBe(`params_schema:\n  a:\n    type: string\n    required: true\n    description: ${long}\n`);
  });

  it("keeps a param with a comment inside as a block", () => {
    const text = `params_schema:\n  a:\n    type: string # why a string\n    required: true\n    description: d\n`;
    expect(format(text)).toBe(text);
  });

  it("writes constraints as a block, and an empty params_schema as {}", () => {
    expect(format(`params_schema: {}\nconstraints: { require_confirm: false, timeout_ms: 5 }\n`)).toBe(
      `params_schema: {}\nconstraints:\n  timeout_ms: 5\n  require_confirm: false\n`,
    );
  });

  it("re-indents block text to two spaces without changing its value", () => {
    const text = `why: |\n      line one\n        indented\n      line three\n`;
    const formatted = format(text);
    expect(formatted).toBe(`why: |\n  line one\n    indented\n  line three\n`);
    const value = (t: string) => parse(t).document.fieldText("why");
    expect(value(formatted)).toBe(value(text));
  });

  it("keeps one empty line where the author left one or more, and none inside a line", () => {
    expect(format(`name: a\n\n\ndisplay: b\n`)).toBe(`name: a\n\ndisplay: b\n`);
  });

  it("keeps CRLF line breaks and a BOM", () => {
    const crlf = `\uFEFF${SEED.replaceAll("\n", "\r\n")}`;
    expect(format(crlf)).toBe(crlf);
  });

  it("refuses a file with syntax errors, saying why, instead of guessing", () => {
    const broken = `name: a\nparams_schema:\n  cmd: { type: string, required: true\nwhy: x\n`;
    const result = formatText(broken);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/syntax error.*line \d+/);
    expect(() => format(broken)).toThrow(FormatError);
  });
});

// ---------------------------------------------------------------- properties

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);
const prose = fc.constantFrom("执行命令", "读取缓存: 键不存在时返回空", "list the logs", '"quoted, with: colon"', "'single'", "TODO");
const comment = fc.constantFrom("# 说明", "# note: keep", "#", "# hdlp-disable-next-line unknown-field");

/** A param in one of the three layouts authors use. */
const param = fc.record({
  name: word,
  type: fc.constantFrom("string", "integer", "boolean", "array"),
  required: fc.boolean(),
  description: prose,
  layout: fc.constantFrom("flow", "block", "multiline"),
  trailing: fc.option(comment, { nil: undefined }),
});

/** A whole tool: fields in a random order, some missing, comments and blank lines between them. */
const tool = fc
  .record({
    order: fc.shuffledSubarray(["name", "display", "intent", "method", "executor", "params", "constraints", "author", "created", "why", "extra"], {
      minLength: 1,
    }),
    params: fc.uniqueArray(param, { selector: (p) => p.name, maxLength: 4 }),
    whyBlock: fc.boolean(),
    between: fc.array(fc.option(fc.oneof(comment, fc.constant("")), { nil: undefined }), { minLength: 12, maxLength: 12 }),
    crlf: fc.boolean(),
  })
  .map(({ order, params, whyBlock, between, crlf }) => {
    const fields: Record<string, string> = {
      name: "name: tool-x",
      display: "display: 工具",
      intent: "intent: 读取缓存: 键不存在时返回空",
      method: "method: exec",
      executor: "executor: gatekeeper  # remote",
      params: params.length === 0 ? "params_schema: {}" : `params_schema:\n${params.map(renderParam).join("\n")}`,
      constraints: "constraints:\n  require_confirm: false\n  timeout_ms: 30000\n  max_output_bytes: 65536",
      author: "author: ICE-GL-ZY001",
      created: "created: 2026-05-31",
      why: whyBlock ? "why: |\n    第一行\n      第二行" : "why: 因为需要",
      extra: "extra: [a, b]",
    };
    const lines = order.flatMap((key, i) => [...(between[i] !== undefined ? [between[i]] : []), fields[key]!]);
    const text = `${lines.join("\n")}\n`;
    return crlf ? text.replaceAll("\n", "\r\n") : text;
  });

interface GeneratedParam {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
  readonly layout: string;
  readonly trailing: string | undefined;
}

function renderParam(p: GeneratedParam): string {
  const tail = p.trailing ? ` ${p.trailing}` : "";
  if (p.layout === "flow") return `  ${p.name}: { description: ${p.description}, type: ${p.type}, required: ${p.required} }${tail}`;
  if (p.layout === "multiline") return `  ${p.name}: {\n    type: ${p.type},\n    required: ${p.required},\n    description: ${p.description} }`;
  return `  ${p.name}:\n    type: ${p.type}${tail}\n    required: ${p.required}\n    description: ${p.description}`;
}

describe("format, properties", () => {
  it("is idempotent, keeps every comment and the meaning of every file it accepts", () => {
    fc.assert(
      fc.property(tool, (text) => {
        const first = formatText(text);
        if (!first.ok) {
          // Refusing is allowed only for a file that does not parse clean.
          expect(parse(text).diagnostics.length).toBeGreaterThan(0);
          return;
        }
        expect(format(first.text)).toBe(first.text);
        expect(
          parse(first.text)
            .document.comments.map((c) => c.text)
            .sort(),
        ).toEqual(
          parse(text)
            .document.comments.map((c) => c.text)
            .sort(),
        );
        expect(meaning(first.text)).toBe(meaning(text));
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------- what fuzzing found, one test a cause

/** The values of a parsed text (keys, values and their style, plain or quoted), without layout. */
function values(text: string): unknown {
  const strip = (value: Value | null): unknown => {
    if (value === null) return null;
    if (value.kind === "scalar") return [value.style === "plain" ? "plain" : "quoted", value.value];
    if (value.kind === "list") return value.items.map(strip);
    if (value.kind === "map") return value.entries.map((e) => [e.key.text, strip(e.value)]);
    return ["error", value.text];
  };
  const { document } = parse(text);
  return { values: strip(document.root), comments: document.comments.map((c) => c.text).sort() };
}

/** Format `text`, asserting what every format must: accepted, idempotent, the same values (in any order) and comments. */
function formatted(text: string): string {
  const result = formatText(text);
  if (!result.ok) throw new Error(result.reason);
  expect(format(result.text)).toBe(result.text);
  const sorted = (v: unknown): unknown =>
    JSON.stringify(v, (_k, x: unknown) => (Array.isArray(x) && x.every((e) => Array.isArray(e) && typeof e[0] === "string") ? [...x].sort() : x));
  expect(sorted(values(result.text))).toBe(sorted(values(text)));
  return result.text;
}

describe("format, on what fuzzing found", () => {
  it("keeps, as text, the spaces past block text's indentation on a line of only spaces", () => {
    expect(formatted("y: >\n e\n  \n p")).toBe("y: >\n  e\n   \n  p\n");
  });

  it("formats block text of 125,000 lines (no argument list as long as the text)", () => {
    const text = `why: |\n${"    l\n".repeat(125_000)}`;
    expect(formatText(text)).toEqual({ ok: true, text: `why: |\n${"  l\n".repeat(125_000)}` });
  });

  it("keeps block text with an explicit indentation (`|2`) that far past the block holding it, wherever that moves", () => {
    expect(formatted("a:\n    b: |2\n        x\n      y\n")).toBe("a:\n  b: |2\n      x\n    y\n");
    expect(formatted("l:\n    - |1\n       x\n      y\n")).toBe("l:\n  - |1\n     x\n    y\n");
  });

  it("keeps exactly the empty lines that end `|+` text: none added before the next field, none dropped at the end", () => {
    expect(formatted("b: |+\n  x\n\n\nname: n\n")).toBe("name: n\nb: |+\n  x\n\n\n");
    expect(formatted("\nk: |\n\nname: |+\n")).toBe("name: |+\nk: |\n");
  });

  it("keeps a comment written on a key's line when the value goes on that line", () => {
    expect(formatted("params_schema:\n p: #t\n  t:\n")).toBe("params_schema:\n  p: { t: } #t\n");
  });

  it("keeps the block layout for plain text that would read differently between brackets", () => {
    expect(formatted("params_schema:\n p:\n  e: :\n")).toBe("params_schema:\n  p:\n    e: :\n");
  });

  it("keeps on one line what would read differently on a line of its own, however wide", () => {
    const long = "d".repeat(120);
    expect(formatted(`params_schema:\n  p: { type: string, description: |x, required: true, default: ${long} }\n`)).toBe(
      `params_schema:\n  p: { type: string, required: true, description: |x, default: ${long} }\n`,
    );
    expect(formatted("x: [#1, a,#b]\n")).toBe("x: [#1, a,#b]\n");
    expect(formatted('x: { "k":#v }\n')).toBe('x: { "k":#v }\n');
  });

  it("quotes a key that, as written, would read as something else where it goes", () => {
    expect(formatted("x: [{#k: 1}]\n")).toBe('x: [{ "#k": 1 }]\n');
    const long = "d".repeat(120);
    expect(formatted(`params_schema: {p: {type: string, required: true, description: ${long},#k: 1}}\n`)).toBe(
      `params_schema:\n  p:\n    type: string\n    required: true\n    description: ${long}\n    "#k": 1\n`,
    );
  });

  it("keeps an empty map or list empty when a comment is inside, the comment on the line before it", () => {
    expect(formatted("a: {\n# c\n  }\nb: [ # d\n]\n")).toBe("# c\na: {}\nb: [] # d\n");
  });

  it("writes a map that is a list item from the dash's line, the rest under it", () => {
    expect(formatted("l:\n    -   k: v\n        m: |\n          t\n    -\n        # about j\n        j: 1\n")).toBe(
      "l:\n  - k: v\n    m: |\n      t\n  # about j\n  - j: 1\n",
    );
  });

  it("puts a BOM before a first line that starts with U+FEFF, which would otherwise be read as one", () => {
    expect(formatted("\n\uFEFFtype: string\n")).toBe("\uFEFF\uFEFFtype: string\n");
  });

  it("keeps CR line breaks, and the one empty line the author left, in a file whose breaks are CR alone", () => {
    expect(formatted("why: w\rname: a\r\r\rdisplay: b\r")).toBe("name: a\r\rdisplay: b\rwhy: w\r");
  });
});

describe("format, fuzzed", () => {
  /** Any text that parses without errors: accepted, idempotent, same values and comments. Never a throw. */
  const holds = (text: string) => {
    if (parse(text).diagnostics.some((d) => d.severity === "error")) return;
    formatted(text);
  };
  /** Besides the syntax's own pieces, the ones a formatter rearranges: indentation, block headers, keys and comments. */
  const atoms = [...syntaxAtoms, "\n  ", "\n    ", "|-", ">+", "|2", "m", "p:", " t:", "# c", "type: string"];
  const syntaxy = textOf(atoms, 60);
  const mutated = mutationsOf(variants, fc.constantFrom(...atoms));

  it("holds on syntax-heavy text and on mutations of valid files", () => {
    fc.assert(fc.property(fc.oneof(syntaxy, mutated), holds), { numRuns: 1500 });
  });

  /** Trees of maps, lists, scalars and block text, written in block or flow layout at 2, 3 or 4 spaces. */
  type Tree =
    | { scalar: string }
    | { block: string; lines: string[] }
    | { map: [string, Tree | null, string | undefined][]; flow: boolean }
    | { list: Tree[]; flow: boolean };
  const scalar = fc.constantFrom("x", "a b", "键值", "1", "true", "#x", "a:b", "|x", "-", "%p", "x #y", "'q'", '"d\\n"', "http://h/p");
  const key = fc.constantFrom("k", "name", "a b", "-k", '"q k"', "'#s'", "k:v", "键");
  const comment = fc.option(fc.constantFrom("# c", "#", "# 说明"), { nil: undefined });
  const header = fc.tuple(fc.constantFrom("|", ">"), fc.constantFrom("", "-", "+"), fc.constantFrom("", "1", "2", "4")).map((parts) => parts.join(""));
  const { tree } = fc.letrec<{ tree: Tree; map: Tree; list: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small" },
      scalar.map((text) => ({ scalar: text })),
      fc.record({ block: header, lines: fc.array(fc.constantFrom("text", "  more", "", "   ", " lead", "a # b"), { maxLength: 4 }) }),
      tie("map"),
      tie("list"),
    ),
    map: fc.record({ map: fc.array(fc.tuple(key, fc.option(tie("tree"), { nil: null }), comment), { maxLength: 3 }), flow: fc.boolean() }),
    list: fc.record({ list: fc.array(tie("tree"), { maxLength: 3 }), flow: fc.boolean() }),
  }));
  /** A value as written after `key:` or `-` at `indent`: text for its line, then its lines below. */
  function write(node: Tree, indent: string, step: string, inFlow: boolean): { head: string; below: string[] } {
    if ("scalar" in node) return { head: ` ${node.scalar}`, below: [] };
    if ("block" in node)
      return inFlow ? { head: " x", below: [] } : { head: ` ${node.block}`, below: node.lines.map((l) => (l.trim() === "" ? l : indent + step + l)) };
    const flow = inFlow || node.flow;
    if ("map" in node && flow) return { head: ` { ${node.map.map(([k, v]) => `${k}:${v ? write(v, "", "", true).head : ""}`).join(", ")} }`, below: [] };
    if ("list" in node && flow) return { head: ` [${node.list.map((v) => write(v, "", "", true).head.trim()).join(", ")}]`, below: [] };
    const lines =
      "map" in node
        ? node.map.flatMap(([k, v, c]) => {
            const inner = v ? write(v, indent + step, step, false) : { head: "", below: [] };
            return [`${indent + step}${k}:${inner.head}${c && inner.below.length === 0 ? ` ${c}` : ""}`, ...inner.below];
          })
        : node.list.flatMap((v) => {
            const inner = write(v, indent + step, step, false);
            return [`${indent + step}-${inner.head}`, ...inner.below];
          });
    return { head: "", below: lines };
  }
  const file = fc
    .tuple(
      fc.array(fc.tuple(key, tree), { minLength: 1, maxLength: 4 }),
      fc.constantFrom("  ", "   ", "    "),
      fc.constantFrom("\n", "\r\n", "\r"),
      fc.boolean(),
    )
    .map(([entries, step, eol, blank]) => {
      const lines = entries.flatMap(([k, v]) => {
        const { head, below } = write(v, "", step, false);
        return [...(blank ? [""] : []), `${k}:${head}`, ...below];
      });
      return lines.join(eol) + eol;
    });

  it("holds on trees of every kind of node, in every layout", () => {
    fc.assert(fc.property(file, holds), { numRuns: 1500 });
  });
});
