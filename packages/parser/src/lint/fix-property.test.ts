/**
 * The fixes' promise, over generated files: a fix changes only the text of
 * the node it fixes, whatever the file's line breaks (LF, CRLF or CR), and
 * the file re-lints without that finding.
 *
 * Files are generated as authors write them (fields in any order, comments and
 * blank lines between them, nested maps indented by 2 or 4, params and
 * constraints as blocks or flow maps, with or without a final line break or a
 * BOM), each with a few defects that have fixes. For every fix found, the text
 * before and after the node it fixes must survive byte for byte, what the fix
 * writes must use the file's line break, and the finding must be gone after it.
 * Where the node ends is worked out here from the tree and a naive split into
 * lines, not by the code under test.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../diagnostics.ts";
import type { Entry, MapNode, Value } from "../syntax/ast.ts";
import { parse } from "../syntax/parse.ts";
import { applyFixes } from "./apply-fixes.ts";
import { lintFiles } from "./lint.ts";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PATH = "tools/shell-exec/TOOL.hdlp";
const TODAY = "2026-06-01";

type Fields = Record<string, string[]>;

/** A defect with a fix, made by editing the fields' lines (LF, 2-space indentation: converted afterwards). */
const DEFECTS: Record<string, (fields: Fields) => void> = {
  "missing display": (f) => void delete f.display,
  "missing name": (f) => void delete f.name,
  "missing why": (f) => void delete f.why,
  "missing created": (f) => void delete f.created,
  "missing constraint": (f) => removeLine(f, "constraints", /max_output_bytes/),
  "missing param key": (f) => edit(f, "params_schema", /required: true, /, ""),
  "duplicate field": (f) => void (f.author = [...f.author!, ...f.author!]),
  "duplicate constraint": (f) => edit(f, "constraints", /(timeout_ms: 30000)/, "$1, $1"),
  "duplicate param key": (f) => edit(f, "params_schema", /(type: string)/, "$1, $1"),
  "duplicate param": (f) => void f.params_schema!.splice(1, 0, f.params_schema![1]!),
  "misspelt field": (f) => renameField(f, "display", "dispaly"),
  "blank constraints": (f) => void (f.constraints = ["constraints:"]),
  "blank constraints with comment": (f) => void (f.constraints = ["constraints:   # the limits"]),
  "blank params": (f) => void (f.params_schema = ["params_schema:"]),
  "blank name": (f) => void (f.name = ["name:"]),
  "name with a space": (f) => void (f.name = ["name: shell exec"]),
  "capital executor": (f) => void (f.executor = ["executor: Gatekeeper"]),
  "misspelt type": (f) => edit(f, "params_schema", /type: string/, "type: strng"),
  "required yes": (f) => edit(f, "params_schema", /required: true/, "required: yes"),
  "quoted constraint": (f) => edit(f, "constraints", /timeout_ms: 30000/, 'timeout_ms: "30000"'),
  "idle suppression": (f) => void f.author!.unshift("# hdlp-disable-next-line unknown-field"),
  "tab indentation": (f) => edit(f, "constraints", /^ {2}(?=require_confirm)/m, "\t"),
  "no space after colon": (f) => void (f.author = ["author:ICE-GL-ZY001"]),
  "constraint at the top level": (f) => {
    if (f.constraints!.length === 1) return; // a flow map: a key joins it only by the author's hand
    removeLine(f, "constraints", /timeout_ms/);
    f.timeout_ms = ["timeout_ms: 30000"];
  },
};

/** Defects of a shell tool with a command template (one of them at a time). */
const SHELL_DEFECTS: Record<string, (fields: Fields) => void> = {
  "misspelt method": (f) => void (f.method = ["method: exce"]),
  "blank method": (f) => void (f.method = ["method:"]),
  "misspelt placeholder": (f) => void (f.command = ["command: ls -la {cdw}"]),
};

/** Defects of an hlpd-api tool with an endpoint. */
const API_DEFECTS: Record<string, (fields: Fields) => void> = {
  "lower-case verb": (f) => void (f.endpoint = ["endpoint: get /modules/{cmd}"]),
};

function edit(f: Fields, field: string, pattern: RegExp, replacement: string): void {
  if (!f[field]) return;
  const i = f[field].findIndex((line) => pattern.test(line));
  if (i >= 0) f[field][i] = f[field][i]!.replace(pattern, replacement);
}

function removeLine(f: Fields, field: string, pattern: RegExp): void {
  if (!f[field]) return;
  if (f[field].length === 1) edit(f, field, new RegExp(`${pattern.source}: \\w+,? ?`), "");
  else f[field] = f[field].filter((line) => !pattern.test(line));
}

function renameField(f: Fields, from: string, to: string): void {
  if (!f[from]) return;
  f[to] = f[from].map((line, i) => (i === 0 ? line.replace(from, to) : line));
  delete f[from];
}

function baseFields(executor: "gatekeeper" | "shell" | "hlpd-api", flowParams: boolean, flowConstraints: boolean): Fields {
  const param = (name: string, required: boolean, description: string) =>
    flowParams
      ? [`  ${name}: { type: string, required: ${required}, description: "${description}" }`]
      : [`  ${name}:`, "    type: string", `    required: ${required}`, `    description: "${description}"`];
  return {
    name: ["name: shell-exec"],
    display: ["display: Shell命令执行"],
    intent: ["intent: 在服务器上执行一条shell命令并返回结果"],
    method: [executor === "hlpd-api" ? "method: module.get" : "method: exec"],
    executor: [`executor: ${executor}`],
    ...(executor === "shell" && { command: ["command: ls -la {cwd}"] }),
    ...(executor === "hlpd-api" && { endpoint: ["endpoint: GET /modules/{cmd}"] }),
    params_schema: ["params_schema:", ...param("cmd", true, "要执行的shell命令"), ...param("cwd", executor !== "shell", "工作目录")],
    constraints: flowConstraints
      ? ["constraints: { timeout_ms: 30000, max_output_bytes: 65536, require_confirm: false }"]
      : ["constraints:", "  timeout_ms: 30000", "  max_output_bytes: 65536", "  require_confirm: false"],
    author: ["author: ICE-GL-ZY001"],
    created: ["created: 2026-05-31"],
    why: ["why: 铸渊需要通过gatekeeper执行服务器命令。"],
  };
}

const BREAKS = { LF: "\n", CRLF: "\r\n", CR: "\r" } as const;
type BreakStyle = keyof typeof BREAKS;

const generatedFile = (style: BreakStyle) =>
  fc
    .record({
      executor: fc.constantFrom("gatekeeper" as const, "shell" as const, "hlpd-api" as const),
      flowParams: fc.boolean(),
      flowConstraints: fc.boolean(),
      defects: fc.subarray(Object.keys(DEFECTS), { minLength: 1, maxLength: 4 }),
      extra: fc.option(fc.nat(), { nil: undefined }),
      order: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
      between: fc.array(fc.constantFrom(undefined, "", "# 说明", "  # indented note"), { minLength: 16, maxLength: 16 }),
      deep: fc.boolean(),
      finalBreak: fc.boolean(),
      bom: fc.boolean(),
    })
    .map(({ executor, flowParams, flowConstraints, defects, extra, order, between, deep, finalBreak, bom }) => {
      const fields = baseFields(executor, flowParams, flowConstraints);
      for (const defect of defects) DEFECTS[defect]!(fields);
      const extras = Object.values(executor === "shell" ? SHELL_DEFECTS : executor === "hlpd-api" ? API_DEFECTS : {});
      if (extra !== undefined && extras.length > 0) extras[extra % extras.length]!(fields);
      // A random order of the fields, stable for equal keys.
      const names = Object.keys(fields)
        .map((name, i) => ({ name, rank: order[i] ?? 0, i }))
        .sort((a, b) => a.rank - b.rank || a.i - b.i);
      const lines = names.flatMap(({ name }, i) => [...(between[i] !== undefined ? [between[i]] : []), ...fields[name]!]);
      const indented = deep ? lines.map((line) => line.replace(/^( +)(?=\S)/, (spaces) => spaces + spaces)) : lines;
      const text = indented.join("\n") + (finalBreak ? "\n" : "");
      return (bom ? "\uFEFF" : "") + text.replace(/\n/g, BREAKS[style]);
    });

// ---------------------------------------------------------------- where the fixed node is

/** Where each line starts and ends (before its break), by splitting the text the obvious way. */
function naiveLines(text: string): { start: number; end: number; next: number }[] {
  const lines: { start: number; end: number; next: number }[] = [];
  const pattern = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    lines.push({ start, end: match.index, next: match.index + match[0].length });
    start = match.index + match[0].length;
  }
  lines.push({ start, end: text.length, next: text.length });
  return lines;
}

function lineAt(text: string, offset: number) {
  const lines = naiveLines(text);
  return lines.findLast((line) => line.start <= offset) ?? lines[0]!;
}

/** Every entry of the tree with the map holding it. */
function entriesOf(value: Value | null, into: { map: MapNode; entry: Entry }[] = []): { map: MapNode; entry: Entry }[] {
  if (value?.kind === "map") {
    for (const entry of value.entries) {
      into.push({ map: value, entry });
      entriesOf(entry.value, into);
    }
  } else if (value?.kind === "list") {
    for (const item of value.items) entriesOf(item, into);
  }
  return into;
}

type Extent = { readonly from: number; readonly to: number; readonly insertion?: "line" | "any" };

/** The text a map occupies with its owner's key: its lines for a block map, its braces for a flow map. */
function mapExtent(text: string, map: MapNode | undefined, owner: Entry | undefined): Extent {
  if (map?.style === "flow") return { from: map.range.start.offset, to: map.range.end.offset, insertion: "any" };
  if (!owner) return { from: 0, to: text.length, insertion: "line" };
  return { from: lineAt(text, owner.range.start.offset).start, to: lineAt(text, owner.range.end.offset).next, insertion: "line" };
}

/** The part of the text the fix of `d` may change: the node it fixes. */
function fixedNode(text: string, d: Diagnostic): Extent {
  const root = parse(text).document.root;
  const all = entriesOf(root);
  const byKey = all.find(({ entry }) => entry.key.range.start.offset === d.range.start.offset);
  const byValue = all.find(({ entry }) => entry.value?.range.start.offset === d.range.start.offset && entry.value.range.end.offset === d.range.end.offset);
  switch (d.rule) {
    case "duplicate-key":
    case "duplicate-param": {
      const { map, entry } = byKey!;
      if (map.style === "block") return { from: lineAt(text, entry.range.start.offset).start, to: lineAt(text, entry.range.end.offset).next };
      const index = map.entries.indexOf(entry);
      return {
        from: map.entries[index - 1]?.range.end.offset ?? entry.range.start.offset,
        to: map.entries[index + 1]?.range.start.offset ?? entry.range.end.offset,
      };
    }
    case "unused-suppression": {
      const line = lineAt(text, d.range.start.offset);
      return { from: line.start, to: line.next };
    }
    case "empty-field": {
      const { entry } = byKey ?? byValue!;
      return { from: entry.key.range.end.offset, to: Math.max(lineAt(text, entry.key.range.start.offset).end, entry.range.end.offset) };
    }
    case "missing-field":
      return mapExtent(text, root, undefined);
    case "missing-constraint": {
      const owner = root.entries.find((e) => e.key.text === "constraints")!;
      return mapExtent(text, owner.value?.kind === "map" ? owner.value : undefined, owner);
    }
    case "param-missing-key": {
      const { entry } = byKey!;
      return mapExtent(text, entry.value?.kind === "map" ? entry.value : undefined, entry);
    }
    case "misplaced-key": {
      // A move: the entry's lines, and the map it belongs in (the generator misplaces constraints only).
      const { entry } = byKey!;
      const owner = root.entries.find((e) => e.key.text === "constraints")!;
      const lines = [
        lineAt(text, entry.range.start.offset),
        lineAt(text, entry.range.end.offset),
        lineAt(text, owner.range.start.offset),
        lineAt(text, owner.range.end.offset),
      ];
      return { from: Math.min(...lines.map((l) => l.start)), to: Math.max(...lines.map((l) => l.next)) };
    }
    default:
      // A fix of a value, a key or a token replaces what the finding points at (a missing space goes at its end).
      return { from: d.range.start.offset, to: d.range.end.offset };
  }
}

// ---------------------------------------------------------------- the property

const identity = (d: Diagnostic) => `${d.rule}\u0000${d.message}`;
const lint = (text: string) => lintFiles([{ path: PATH, text }], { today: TODAY })[0]!.diagnostics;

function checkFix(text: string, style: BreakStyle, d: Diagnostic, before: readonly Diagnostic[]): void {
  const fixed = applyFixes(text, [d]);
  expect(fixed.applied, d.message).toBe(1);
  const after = fixed.text;
  const node = fixedNode(text, d);
  const kept = text.length - node.to;
  // Everything before and after the node survives byte for byte.
  expect(after.slice(0, node.from), `${d.rule}: text before the node`).toBe(text.slice(0, node.from));
  expect(after.slice(after.length - kept), `${d.rule}: text after the node`).toBe(text.slice(node.to));
  expect(after.length).toBeGreaterThanOrEqual(node.from + kept);
  // What the fix writes uses the file's line break.
  const written = after.slice(node.from, after.length - kept);
  const breaks = written.match(/\r\n|\r|\n/g) ?? [];
  for (const lineBreak of breaks) expect(lineBreak, `${d.rule} writes a line break of another style`).toBe(BREAKS[style]);
  if (node.insertion) {
    // An insertion removes nothing; into a block map, it goes in between lines.
    const at = d.fix!.edits[0]!.range.start.offset;
    expect(after.slice(0, at) + after.slice(at + after.length - text.length)).toBe(text);
    if (node.insertion === "line")
      expect(at === text.length || naiveLines(text).some((line) => line.start === at), `${d.rule} inserts inside a line`).toBe(true);
  }
  if (d.rule === "misplaced-key") {
    // What moved is all there, in the map it belongs in.
    const moved = parse(text).document.root.entries.find((e) => e.key.range.start.offset === d.range.start.offset)!;
    const constraints = parse(after).document.field("constraints")?.value;
    expect(
      constraints?.kind === "map" &&
        constraints.entries.some(
          (e) => e.key.text === moved.key.text && e.value?.kind === "scalar" && moved.value?.kind === "scalar" && e.value.value === moved.value.value,
        ),
    ).toBe(true);
  }
  // The finding is gone (one fewer of its kind: a key written three times has two).
  const count = (list: readonly Diagnostic[]) => list.filter((other) => identity(other) === identity(d)).length;
  expect(count(lint(after)), `${d.rule} still reported after its fix: ${d.message}`).toBe(count(before) - 1);
}

/** Every rule with a fix in a fixture (`testdata/<rule>/*.expected`): the generator must reach each of them. */
function fixableRules(): string[] {
  const testdata = fileURLToPath(new URL("./testdata/", import.meta.url));
  const rules = new Set<string>();
  for (const folder of readdirSync(testdata)) {
    const files = readdirSync(`${testdata}${folder}`, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".expected"));
    for (const file of files) {
      for (const [, rule] of readFileSync(`${testdata}${folder}/${file}`, "utf8").matchAll(/^\S+ \w+ ([a-z-]+)\b.*\n {2}fix:/gm)) rules.add(rule!);
    }
  }
  return [...rules].sort();
}

describe("fixes, on generated files", () => {
  for (const style of Object.keys(BREAKS) as BreakStyle[]) {
    it(`change only the node they fix and remove their finding (${style})`, () => {
      const seen = new Set<string>();
      fc.assert(
        fc.property(generatedFile(style), (text) => {
          const diagnostics = lint(text);
          for (const d of diagnostics) {
            if (!d.fix) continue;
            seen.add(d.rule);
            checkFix(text, style, d, diagnostics);
          }
        }),
        { numRuns: 250 },
      );
      expect([...seen].sort()).toEqual(expect.arrayContaining(fixableRules().filter((rule) => rule !== "syntax")));
      expect(seen).toContain("tab-indentation");
    });
  }

  it("the rules with fixes are found in the fixtures", () => {
    expect(fixableRules()).toEqual(expect.arrayContaining(["duplicate-key", "missing-field", "unknown-field", "unused-suppression"]));
  });
});
