/**
 * Any text, however broken, gets an answer to every request, and the server
 * lives on: half-typed lines, an empty file, binary, a 1 MB file, and random
 * edit sequences (a property test).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Position, Range } from "vscode-languageserver-protocol";
import { lint, parse } from "@hdlp/parser";
import { LspClient } from "./harness.ts";
import { SEED_EXAMPLE, largeTool, scratchUri } from "./fixtures.ts";

let client: LspClient;
let counter = 0;

beforeAll(async () => {
  client = await LspClient.start();
});

afterAll(async () => {
  expect(client.alive).toBe(true);
  // Failures outside a request (publishing diagnostics) are logged, not answered: none happened.
  expect(client.log.filter((line) => /failed|internal error/i.test(line))).toEqual([]);
  expect(await client.stop()).toBe(0);
});

/** Every request the server offers, at `position`; resolves to the list of error messages (none expected). */
async function everyRequest(uri: string, position: Position): Promise<string[]> {
  const doc = { textDocument: { uri } };
  const range: Range = { start: { line: 0, character: 0 }, end: position };
  const options = { tabSize: 2, insertSpaces: true };
  const requests: [string, unknown][] = [
    ["textDocument/completion", { ...doc, position }],
    ["textDocument/hover", { ...doc, position }],
    ["textDocument/codeAction", { ...doc, range, context: { diagnostics: [] } }],
    ["textDocument/codeAction", { ...doc, range, context: { diagnostics: [], only: ["source.fixAll"] } }],
    ["textDocument/formatting", { ...doc, options }],
    ["textDocument/rangeFormatting", { ...doc, range, options }],
    ["textDocument/documentSymbol", doc],
    ["textDocument/foldingRange", doc],
    ["textDocument/selectionRange", { ...doc, positions: [position] }],
    ["textDocument/semanticTokens/full", doc],
  ];
  const outcomes = await Promise.all(
    requests.map(([method, params]) =>
      client.request(method, params).then(
        () => undefined,
        (error: Error) => `${method}: ${error.message}`,
      ),
    ),
  );
  return outcomes.filter((o): o is string => o !== undefined);
}

/** Positions worth asking at: the start, the end, and a few lines in between (ends of lines). */
function probePositions(text: string): Position[] {
  const lines = text.split(/\r\n|\n|\r/);
  const picks = new Set([0, 1, Math.floor(lines.length / 2), lines.length - 2, lines.length - 1].filter((l) => l >= 0 && l < lines.length));
  const positions: Position[] = [{ line: 0, character: 0 }];
  for (const line of picks) positions.push({ line, character: lines[line]!.length }, { line, character: Math.floor(lines[line]!.length / 2) });
  return positions;
}

async function survives(name: string, text: string, positions = probePositions(text)): Promise<void> {
  const uri = scratchUri(`broken-${++counter}`);
  await client.open(uri, text);
  const diagnostics = await client.diagnosticsFor(uri);
  expect(Array.isArray(diagnostics)).toBe(true);
  for (const position of positions) expect(await everyRequest(uri, position), `${name} at ${JSON.stringify(position)}`).toEqual([]);
  await client.close(uri);
  expect(client.alive).toBe(true);
}

const HALF_TYPED = [
  "name",
  "name:",
  "name: shell-exec\nexec",
  "name: shell-exec\nexecutor: ",
  "name: shell-exec\nparams_schema:\n  cmd: { type: str",
  "name: shell-exec\nparams_schema:\n  cmd: { type: string, required: ",
  "name: shell-exec\nparams_schema:\n  cmd: {",
  "params_schema:\n  cmd: [",
  "constraints:\n  timeout_ms:",
  'why: "unterminated',
  "why: |\n  line one\n line two\n\tline three",
  "  indented: first\nname: x",
  ": no key",
  "- a\n- b",
  "{ a: 1, b: [1, 2 }",
  "name: x\r\nintent: crlf\rlone cr\n",
  "\uFEFFname: bom",
  "key: value # comment\n# hdlp-disable-next-line nothing\n",
  `${SEED_EXAMPLE.slice(0, SEED_EXAMPLE.length / 2)}`,
  `${"a:\n".repeat(200) + "  ".repeat(500)}deep: 1`,
  `x: ${"{".repeat(5000)}`,
  `x: ${"[".repeat(5000)}`,
  "😀: 😀\n😀😀😀: { 😀: 😀 }",
];

describe("broken input", () => {
  it.each(HALF_TYPED.map((text, i) => [i, text] as const))("half-typed text %i answers every request", async (_i, text) => {
    await survives("half-typed", text);
  });

  it("answers every request on an empty file", async () => {
    await survives("empty", "");
  });

  it("answers every request on binary content", async () => {
    const bytes = Buffer.alloc(4096);
    let seed = 7;
    for (let i = 0; i < bytes.length; i++) bytes[i] = seed = (seed * 1103515245 + 12345) & 0xff;
    await survives("binary", bytes.toString("latin1"));
    await survives("binary utf8", bytes.toString("utf8"));
    await survives("nul bytes", "name: a\u0000b\n\u0000\u0000: c\n");
  });

  it("answers every request on a 1 MB file", async () => {
    const big = largeTool(1024 * 1024);
    expect(big.length).toBeGreaterThan(300_000);
    // Three places (start, middle, end): each round formats the whole megabyte twice.
    await survives(
      "1 MB",
      big,
      probePositions(big).filter((_, i) => i % 4 === 0),
    );
  });
});

describe("random edit sequences (property)", () => {
  const FRAGMENTS = [
    "name: ",
    "executor: ",
    "\n",
    "  ",
    "\t",
    ":",
    "{",
    "}",
    "[",
    "]",
    ",",
    '"',
    "'",
    "#",
    "|\n",
    "- ",
    "type: string",
    "true",
    "2026-02-30",
    "中文: 值",
    "\r\n",
    "params_schema:\n  x: { type: ",
  ];

  const edit = fc.record({
    start: fc.nat(),
    length: fc.nat({ max: 40 }),
    text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })),
  });

  it("still answers after any edits, and its diagnostics equal `hdlp lint` on the edited text", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 12 }), async (edits) => {
        const uri = scratchUri(`property-${++run}`);
        let mirror = TextDocument.create(uri, "hdlp", 1, SEED_EXAMPLE);
        await client.open(uri, SEED_EXAMPLE);
        for (const { start, length, text } of edits) {
          const from = start % (mirror.getText().length + 1);
          const range = { start: mirror.positionAt(from), end: mirror.positionAt(from + length) };
          const change = { range, text };
          const version = await client.change(uri, [change]);
          mirror = TextDocument.update(mirror, [change], version);
        }
        const text = mirror.getText();
        const published = await client.diagnosticsFor(uri, mirror.version);
        const expected = lint(parse(text), { path: `/tmp/hdlp-lsp-scratch/property-${run}/TOOL.hdlp` });
        expect(published.map((d) => [d.code, d.message, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character])).toEqual(
          expected.map((d) => [d.rule, d.message, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]),
        );
        expect(await everyRequest(uri, mirror.positionAt(text.length >> 1))).toEqual([]);
        await client.close(uri);
      }),
      { numRuns: 40 },
    );
    expect(client.alive).toBe(true);
  });
});
