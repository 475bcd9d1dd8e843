import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadTool } from "../load.ts";
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
    expect(format(text)).toBe(`# maintained by ICE

name: x # trailing
display: X
why: 因为需要
`.replace("name: x", "# the name\nname: x"));
  });

  it("puts `command` and `endpoint` with how the tool runs, right after `executor`", () => {
    const text = SEED.replace("executor: gatekeeper\n", "executor: shell\n").replace(/why: .*\n/, "$&command: ls {cwd}\n");
    const formatted = format(text);
    expect(formatted.split("\n").filter((line) => /^\w/.test(line)).map((line) => line.split(":")[0])).toEqual([
      "name", "display", "intent", "method", "executor", "command", "params_schema", "constraints", "author", "created", "why",
    ]);
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
const prose = fc.constantFrom("执行命令", "读取缓存: 键不存在时返回空", "list the logs", "\"quoted, with: colon\"", "'single'", "TODO");
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
    order: fc.shuffledSubarray(["name", "display", "intent", "method", "executor", "params", "constraints", "author", "created", "why", "extra"], { minLength: 1 }),
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
        expect(parse(first.text).document.comments.map((c) => c.text).sort()).toEqual(parse(text).document.comments.map((c) => c.text).sort());
        expect(meaning(first.text)).toBe(meaning(text));
      }),
      { numRuns: 300 },
    );
  });
});
