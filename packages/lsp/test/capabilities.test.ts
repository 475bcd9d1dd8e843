/**
 * Each capability end to end: the real server over stdio, driven as an
 * editor drives it, on the seed's example and on edited copies of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import type {
  CodeAction,
  CompletionList,
  DocumentSymbol,
  FoldingRange,
  Hover,
  MarkupContent,
  SelectionRange,
  SemanticTokens,
  TextEdit,
} from "vscode-languageserver-protocol";
import { EXECUTOR_NAMES, FIELDS, PARAM_TYPES, CONSTRAINT_KEYS, executorSpec, fieldSpec, constraintKeySpec, format, lint, parse } from "@hdlp/parser";
import { spawnSync } from "node:child_process";
import { LspClient, SERVER_COMMAND } from "./harness.ts";
import { SEED_EXAMPLE, expandSnippet, largeTool, scratchUri, withCursor } from "./fixtures.ts";
import { CancellationTokenSource } from "vscode-jsonrpc";

let client: LspClient;
let counter = 0;

beforeAll(async () => {
  client = await LspClient.start();
});

afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

/** Opens `text` as a fresh document and waits for its first diagnostics. */
async function open(text: string): Promise<string> {
  const uri = scratchUri(`doc-${++counter}`);
  await client.open(uri, text);
  await client.diagnosticsFor(uri);
  return uri;
}

async function completeAt(marked: string): Promise<CompletionList> {
  const { text, position } = withCursor(marked);
  const uri = await open(text);
  return client.request<CompletionList>("textDocument/completion", { textDocument: { uri }, position });
}

function labels(list: CompletionList): string[] {
  return list.items.map((item) => item.label);
}

function apply(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create("file:///x", "hdlp", 1, text), [...edits]);
}

describe("command line", () => {
  it("prints its usage and exits 2 without a transport", () => {
    const [command, ...args] = SERVER_COMMAND;
    const run = spawnSync(command!, args, { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: hdlp-language-server --stdio");
  });
});

describe("initialize", () => {
  it("announces every capability of issue 5, with incremental sync", () => {
    const capabilities = client.initializeResult.capabilities;
    expect(capabilities.textDocumentSync).toMatchObject({ openClose: true, change: 2 });
    expect(capabilities.completionProvider).toBeDefined();
    expect(capabilities.codeActionProvider).toEqual({ codeActionKinds: ["quickfix", "source.fixAll"] });
    for (const provider of [
      "hoverProvider",
      "documentFormattingProvider",
      "documentRangeFormattingProvider",
      "documentSymbolProvider",
      "foldingRangeProvider",
      "selectionRangeProvider",
    ] as const) {
      expect(capabilities[provider]).toBe(true);
    }
    expect(capabilities.semanticTokensProvider).toMatchObject({ full: true });
  });
});

describe("diagnostics", () => {
  it("publishes none for the seed's example", async () => {
    const uri = scratchUri("seed");
    await client.open(uri, SEED_EXAMPLE);
    expect(await client.diagnosticsFor(uri)).toEqual([]);
  });

  it("publishes exactly what `hdlp lint` finds, on open and after every change", async () => {
    const broken = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: Shell").replace("created: 2026-05-31", "created: 2026-02-30");
    const uri = scratchUri("lint-equal");
    await client.open(uri, broken);
    const expected = (text: string) =>
      lint(parse(text), { path: "/tmp/hdlp-lsp-scratch/lint-equal/TOOL.hdlp" }).map((d) => ({
        code: d.rule,
        message: d.message,
        range: { start: { line: d.range.start.line, character: d.range.start.character }, end: { line: d.range.end.line, character: d.range.end.character } },
      }));
    const simplify = (list: { code?: unknown; message: string; range: unknown }[]) => list.map(({ code, message, range }) => ({ code, message, range }));
    const first = await client.diagnosticsFor(uri);
    expect(simplify(first)).toEqual(expected(broken));
    expect(first.map((d) => d.code)).toEqual(expect.arrayContaining(["unknown-executor", "invalid-date"]));

    // An incremental change fixing the executor: the diagnostic goes, the date's stays.
    const line = broken.split("\n").findIndex((l) => l.startsWith("executor:"));
    await client.change(uri, [{ range: { start: { line, character: 10 }, end: { line, character: 15 } }, text: "gatekeeper" }]);
    const fixed = broken.replace("executor: Shell", "executor: gatekeeper");
    const second = await client.diagnosticsFor(uri);
    expect(simplify(second)).toEqual(expected(fixed));
    expect(second.map((d) => d.code)).not.toContain("unknown-executor");
  });

  it("reads values by their field: `: ` in Chinese prose and `display: 2026` are valid", async () => {
    const text = SEED_EXAMPLE.replace(/^intent: .*$/m, "intent: 从缓存读取值: 键不存在时返回空").replace("display: Shell命令执行", "display: 2026");
    const uri = scratchUri("valid-prose");
    await client.open(uri, text);
    expect(await client.diagnosticsFor(uri)).toEqual([]);
  });

  it("clears them when the document closes", async () => {
    const uri = await open("name: x\n");
    expect((await client.diagnosticsFor(uri)).length).toBeGreaterThan(0);
    const cleared = client.nextDiagnostics(uri);
    await client.close(uri);
    expect(await cleared).toEqual([]);
  });
});

describe("completion", () => {
  it("offers the four executors after `executor: `", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace("executor: gatekeeper", "executor: |"));
    expect(labels(list).sort()).toEqual([...EXECUTOR_NAMES].sort());
    const shell = list.items.find((i) => i.label === "shell")!;
    expect((shell.documentation as MarkupContent).value).toContain(executorSpec("shell")!.doc.zh);
  });

  it("offers the executors while one is half typed, replacing the typed part", async () => {
    const { text, position } = withCursor(SEED_EXAMPLE.replace("executor: gatekeeper", "executor: hl|"));
    const uri = await open(text);
    const list = await client.request<CompletionList>("textDocument/completion", { textDocument: { uri }, position });
    const item = list.items.find((i) => i.label === "hlpd-api")!;
    expect(item).toBeDefined();
    const edit = item.textEdit as TextEdit;
    expect(apply(text, [edit])).toBe(SEED_EXAMPLE.replace("executor: gatekeeper", "executor: hlpd-api"));
  });

  it("adds the space after a bare `executor:`", async () => {
    const { text, position } = withCursor("executor:|\n");
    const uri = await open(text);
    const list = await client.request<CompletionList>("textDocument/completion", { textDocument: { uri }, position });
    const item = list.items.find((i) => i.label === "shell")!;
    expect(apply(text, [item.textEdit as TextEdit])).toBe("executor: shell\n");
  });

  it("offers the chosen executor's methods after `method: `", async () => {
    const forgejo = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: git-forgejo").replace("method: exec", "method: |");
    const list = await completeAt(forgejo);
    const spec = executorSpec("git-forgejo")!;
    expect(spec.methods.kind).toBe("fixed");
    expect(labels(list)).toEqual(spec.methods.kind === "fixed" ? spec.methods.list.map((m) => m.name) : []);
  });

  it("offers the param types after `type: ` in a flow map", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace("cwd: { type: string,", "cwd: { type: |,"));
    expect(labels(list)).toEqual([...PARAM_TYPES]);
  });

  it("offers true and false for `required`", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace("cwd: { type: string, required: false", "cwd: { type: string, required: |"));
    expect(labels(list).sort()).toEqual(["false", "true"]);
  });

  it("offers true and false for `require_confirm`", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace("require_confirm: false", "require_confirm: |"));
    expect(labels(list).sort()).toEqual(["false", "true"]);
  });

  it("offers the constraint keys not yet present", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace("  max_output_bytes: 65536\n", "  |\n"));
    expect(labels(list)).toEqual(CONSTRAINT_KEYS.map((k) => k.name).filter((name) => name !== "timeout_ms" && name !== "require_confirm"));
    const all = await completeAt(SEED_EXAMPLE.replace(/constraints:\n( {2}.*\n)+/, "constraints:\n  |\n"));
    expect(labels(all)).toEqual(CONSTRAINT_KEYS.map((k) => k.name));
  });

  it("offers the param keys not yet written in a param's flow map", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace('cwd: { type: string, required: false, description: "工作目录" }', "cwd: { type: string, | }"));
    expect(labels(list)).toEqual(["required", "description", "default", "enum", "items", "properties"]);
  });

  it("offers today's date after `created: `", async () => {
    const list = await completeAt(SEED_EXAMPLE.replace("created: 2026-05-31", "created: |"));
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(labels(list)).toEqual([iso]);
  });

  it("offers the folder's name after `name: `", async () => {
    const { text, position } = withCursor("name: |\n");
    const uri = scratchUri("folder-named");
    await client.open(uri, text);
    const list = await client.request<CompletionList>("textDocument/completion", { textDocument: { uri }, position });
    expect(labels(list)).toEqual(["folder-named"]);
  });

  it("offers the missing top-level fields with their docs, in a half-typed file", async () => {
    const list = await completeAt("name: shell-exec\nexecutor: shell\nconst|\n");
    const names = labels(list);
    expect(names).not.toContain("name");
    expect(names).not.toContain("executor");
    expect(names).toEqual(expect.arrayContaining(["display", "intent", "method", "params_schema", "constraints", "author", "created", "why"]));
    const constraints = list.items.find((i) => i.label === "constraints")!;
    expect((constraints.documentation as MarkupContent).value).toContain(fieldSpec("constraints")!.doc.en);
    expect((constraints.documentation as MarkupContent).value).toContain(fieldSpec("constraints")!.doc.zh);
    const snippet = (constraints.textEdit as TextEdit).newText;
    expect(snippet).toMatch(/^constraints:\n {2}timeout_ms: \$\{1:30000\}\n/);
    // The shell executor knows only `exec`: the method snippet offers exactly that.
    const method = list.items.find((i) => i.label === "method")!;
    expect((method.textEdit as TextEdit).newText).toBe("method: ${1|exec|}");
  });

  it("gives `params_schema` a snippet that expands to a valid param", async () => {
    const list = await completeAt("|");
    const item = list.items.find((i) => i.label === "params_schema")!;
    expect(expandSnippet((item.textEdit as TextEdit).newText)).toBe('params_schema:\n  param: { type: string, required: true, description: "" }');
  });

  it("offers a whole new tool in an empty file, which lints clean as inserted", async () => {
    const { text, position } = withCursor("|");
    const uri = scratchUri("new-tool");
    await client.open(uri, text);
    const list = await client.request<CompletionList>("textDocument/completion", { textDocument: { uri }, position });
    const skeleton = list.items[0]!;
    expect(skeleton.label).toBe("new tool");
    const inserted = expandSnippet((skeleton.textEdit as TextEdit).newText);
    expect(inserted).toMatch(/^name: new-tool\n/);
    for (const field of FIELDS.filter((f) => f.required)) expect(inserted).toContain(`${field.name}:`);
    expect(lint(parse(inserted), { path: "/tmp/hdlp-lsp-scratch/new-tool/TOOL.hdlp" })).toEqual([]);
  });

  it("offers nothing inside prose or a comment", async () => {
    expect(labels(await completeAt(SEED_EXAMPLE.replace("intent: 在服务器上", "intent: 在服务器 |上")))).toEqual([]);
    expect(labels(await completeAt(`# a comment |\n${SEED_EXAMPLE}`))).toEqual([]);
  });
});

describe("hover", () => {
  async function hoverAt(marked: string): Promise<Hover | null> {
    const { text, position } = withCursor(marked);
    const uri = await open(text);
    return client.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position });
  }

  it("shows a field's docs in Chinese and English, with its allowed values", async () => {
    const hover = await hoverAt(SEED_EXAMPLE.replace("executor: gatekeeper", "exe|cutor: gatekeeper"));
    const value = (hover!.contents as MarkupContent).value;
    expect(value).toContain(fieldSpec("executor")!.doc.zh);
    expect(value).toContain(fieldSpec("executor")!.doc.en);
    for (const name of EXECUTOR_NAMES) expect(value).toContain(`\`${name}\``);
    expect(hover!.range).toEqual({ start: { line: 4, character: 0 }, end: { line: 4, character: 8 } });
  });

  it("shows a constraint's type and default", async () => {
    const hover = await hoverAt(SEED_EXAMPLE.replace("timeout_ms: 30000", "timeout_ms: 30|000"));
    const value = (hover!.contents as MarkupContent).value;
    const spec = constraintKeySpec("timeout_ms")!;
    expect(value).toContain(spec.doc.zh);
    expect(value).toContain(spec.doc.en);
    expect(value).toContain(spec.type);
    expect(value).toContain(`\`${spec.default}\``);
  });

  it("shows a param key's allowed values", async () => {
    const hover = await hoverAt(SEED_EXAMPLE.replace("cmd: { type: string", "cmd: { ty|pe: string"));
    const value = (hover!.contents as MarkupContent).value;
    for (const type of PARAM_TYPES) expect(value).toContain(`\`${type}\``);
    expect(value).toContain("params_schema.cmd.type");
  });

  it("shows the docs of a key inside an array's `items`, named by its path", async () => {
    const hover = await hoverAt(
      SEED_EXAMPLE.replace(
        'cwd: { type: string, required: false, description: "工作目录" }',
        'tags: { type: array, required: false, description: "标签", items: { ty|pe: string } }',
      ),
    );
    const value = (hover!.contents as MarkupContent).value;
    expect(value).toContain("params_schema.tags.items.type");
    for (const type of PARAM_TYPES) expect(value).toContain(`\`${type}\``);
  });

  it("shows the executor's own docs on its value", async () => {
    const hover = await hoverAt(SEED_EXAMPLE.replace("executor: gatekeeper", "executor: gate|keeper"));
    expect((hover!.contents as MarkupContent).value).toContain(executorSpec("gatekeeper")!.doc.en);
  });

  it("shows a method's params and the values a closed one takes", async () => {
    const merge = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: git-forgejo").replace("method: exec", "method: pull.mer|ge");
    const value = ((await hoverAt(merge))!.contents as MarkupContent).value;
    const spec = executorSpec("git-forgejo")!;
    const style = (spec.methods.kind === "fixed" ? spec.methods.list : []).find((m) => m.name === "pull.merge")!.params.find((p) => p.name === "style")!;
    expect(style.values).toContain("squash");
    expect(value).toContain(
      `- \`style\` (optional) — ${style.doc.zh} · ${style.doc.en} · Allowed values · 可选值: ${style.values!.map((v) => `\`${v}\``).join(" · ")}`,
    );
  });

  it("answers null where there is nothing to say", async () => {
    expect(await hoverAt(`|\n${SEED_EXAMPLE}`)).toBeNull();
  });
});

describe("code actions", () => {
  async function actionsFor(text: string, line: number, only?: string[]): Promise<{ uri: string; actions: CodeAction[] }> {
    const uri = await open(text);
    const diagnostics = await client.diagnosticsFor(uri);
    const range = { start: { line, character: 0 }, end: { line, character: 200 } };
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range,
      context: { diagnostics: diagnostics.filter((d) => d.range.start.line === line), ...(only && { only }) },
    });
    return { uri, actions };
  }

  function applyAction(text: string, uri: string, action: CodeAction): string {
    return apply(text, action.edit!.changes![uri]!);
  }

  it("replaces a misspelt executor", async () => {
    const text = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: Shell");
    const { uri, actions } = await actionsFor(text, 4, ["quickfix"]);
    const fix = actions.find((a) => a.kind === "quickfix")!;
    expect(fix.diagnostics?.[0]?.code).toBe("unknown-executor");
    expect(applyAction(text, uri, fix)).toBe(SEED_EXAMPLE.replace("executor: gatekeeper", "executor: shell"));
  });

  it("replaces a misspelt field", async () => {
    const text = SEED_EXAMPLE.replace("display:", "dispaly:");
    const { uri, actions } = await actionsFor(text, 1, ["quickfix"]);
    const fix = actions.find((a) => a.diagnostics?.[0]?.code === "unknown-field")!;
    expect(applyAction(text, uri, fix)).toBe(SEED_EXAMPLE);
  });

  it("adds a missing field with a placeholder", async () => {
    const text = SEED_EXAMPLE.replace("author: ICE-GL-ZY001\n", "");
    const uri = await open(text);
    const diagnostics = await client.diagnosticsFor(uri);
    const missing = diagnostics.find((d) => d.code === "missing-field")!;
    expect(missing).toBeDefined();
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: missing.range,
      context: { diagnostics: [missing] },
    });
    const fix = actions.find((a) => a.kind === "quickfix" && a.diagnostics?.[0]?.code === "missing-field")!;
    const fixed = applyAction(text, uri, fix);
    expect(fixed).toMatch(/\nauthor: .+\ncreated: 2026-05-31\n/);
  });

  it("removes a duplicate key", async () => {
    const text = SEED_EXAMPLE.replace("method: exec\n", "method: exec\nmethod: exec\n");
    const { uri, actions } = await actionsFor(text, 4, ["quickfix"]);
    const fix = actions.find((a) => a.diagnostics?.[0]?.code === "duplicate-key")!;
    expect(applyAction(text, uri, fix)).toBe(SEED_EXAMPLE);
  });

  it("turns tabs in indentation into spaces", async () => {
    const text = SEED_EXAMPLE.replace("  timeout_ms: 30000", "\ttimeout_ms: 30000");
    const uri = await open(text);
    const diagnostics = await client.diagnosticsFor(uri);
    const tab = diagnostics.find((d) => d.range.start.line === 9 && d.range.start.character === 0)!;
    expect(tab).toBeDefined();
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", { textDocument: { uri }, range: tab.range, context: { diagnostics: [tab] } });
    const fix = actions.find((a) => a.kind === "quickfix")!;
    expect(applyAction(text, uri, fix)).toBe(SEED_EXAMPLE);
  });

  it("fixes everything safe at once with source.fixAll", async () => {
    const text = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: Shell")
      .replace("method: exec\n", "method: exec\nmethod: exec\n")
      .replace("  timeout_ms: 30000", "\ttimeout_ms: 30000");
    const { uri, actions } = await actionsFor(text, 0, ["source.fixAll"]);
    expect(actions.map((a) => a.kind)).toEqual(["source.fixAll.hdlp"]);
    const fixed = applyAction(text, uri, actions[0]!);
    expect(fixed).toBe(SEED_EXAMPLE.replace("executor: gatekeeper", "executor: shell"));
  });

  it("offers fix-all only when asked for by kind, not on a cursor move", async () => {
    const text = SEED_EXAMPLE.replace("executor: gatekeeper", "executor: Shell");
    const { actions } = await actionsFor(text, 4);
    expect(actions.map((a) => a.kind)).toEqual(["quickfix"]);
    const { actions: source } = await actionsFor(text, 4, ["source"]);
    expect(source.map((a) => a.kind)).toEqual(["source.fixAll.hdlp"]);
  });

  it("offers nothing on a clean file", async () => {
    const { actions } = await actionsFor(SEED_EXAMPLE, 4);
    expect(actions).toEqual([]);
  });
});

describe("formatting", () => {
  it("leaves the seed's example as it is", async () => {
    const uri = await open(SEED_EXAMPLE);
    expect(await client.request<TextEdit[]>("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  });

  it("formats a document as `hdlp fmt` does", async () => {
    const messy = SEED_EXAMPLE.replace("timeout_ms: 30000", "timeout_ms:    30000")
      .replace("why:", "why:  ")
      .replace("author: ICE-GL-ZY001\n", "")
      .replace("name: shell-exec\n", "name: shell-exec\nauthor: ICE-GL-ZY001\n");
    const uri = await open(messy);
    const edits = await client.request<TextEdit[]>("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(edits.length).toBeGreaterThan(0);
    expect(apply(messy, edits)).toBe(format(messy));
  });

  it("leaves a file with a syntax error as it is", async () => {
    const broken = SEED_EXAMPLE.replace("  timeout_ms: 30000", "    timeout_ms:    30000");
    const uri = await open(broken);
    expect((await client.diagnosticsFor(uri)).map((d) => d.code)).toContain("syntax");
    expect(await client.request<TextEdit[]>("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  });

  it("formats only the lines that meet a range", async () => {
    const messy = SEED_EXAMPLE.replace("display: Shell命令执行", "display:    Shell命令执行").replace("author: ICE-GL-ZY001", "author:    ICE-GL-ZY001");
    const uri = await open(messy);
    const edits = await client.request<TextEdit[]>("textDocument/rangeFormatting", {
      textDocument: { uri },
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(apply(messy, edits)).toBe(messy.replace("display:    Shell命令执行", "display: Shell命令执行"));
  });
});

describe("document symbols, folding, selection, semantic tokens", () => {
  it("outlines the fields, with params and constraints beneath", async () => {
    const uri = await open(SEED_EXAMPLE);
    const symbols = await client.request<DocumentSymbol[]>("textDocument/documentSymbol", { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual(FIELDS.filter((f) => f.required).map((f) => f.name));
    const params = symbols.find((s) => s.name === "params_schema")!;
    expect(params.children!.map((s) => s.name)).toEqual(["cmd", "cwd"]);
    expect(params.children![0]!.children!.map((s) => s.name)).toEqual(["type", "required", "description"]);
    expect(symbols.find((s) => s.name === "constraints")!.children!.map((s) => s.name)).toEqual(["timeout_ms", "max_output_bytes", "require_confirm"]);
    expect(symbols.find((s) => s.name === "executor")!.detail).toBe("gatekeeper");
  });

  it("folds the block fields and comment runs", async () => {
    const uri = await open(`# one\n# two\n${SEED_EXAMPLE}`);
    const ranges = await client.request<FoldingRange[]>("textDocument/foldingRange", { textDocument: { uri } });
    expect(ranges).toEqual(
      expect.arrayContaining([
        { startLine: 7, endLine: 9 }, // params_schema
        { startLine: 10, endLine: 13 }, // constraints
        { startLine: 0, endLine: 1, kind: "comment" },
      ]),
    );
  });

  it("widens a selection from a value to its entry, its block, the document", async () => {
    const uri = await open(SEED_EXAMPLE);
    const [selection] = await client.request<SelectionRange[]>("textDocument/selectionRange", {
      textDocument: { uri },
      positions: [{ line: 9, character: 15 }],
    });
    const chain: string[] = [];
    for (let s: SelectionRange | undefined = selection; s; s = s.parent) {
      const { start, end } = s.range;
      chain.push(`${start.line}:${start.character}-${end.line}:${end.character}`);
    }
    expect(chain[0]).toBe("9:14-9:19"); // 30000
    expect(chain[1]).toBe("9:2-9:19"); // timeout_ms: 30000
    expect(chain.at(-1)).toBe("0:0-15:0"); // the whole text
    for (let s: SelectionRange | undefined = selection; s?.parent; s = s.parent) {
      const inner = s.range;
      const outer = s.parent.range;
      expect(outer.start.line * 1000 + outer.start.character).toBeLessThanOrEqual(inner.start.line * 1000 + inner.start.character);
      expect(outer.end.line * 1000 + outer.end.character).toBeGreaterThanOrEqual(inner.end.line * 1000 + inner.end.character);
    }
  });

  it("colours keys, params, executors, types, numbers and booleans by field", async () => {
    const uri = await open(SEED_EXAMPLE);
    const tokens = await client.request<SemanticTokens>("textDocument/semanticTokens/full", { textDocument: { uri } });
    const provider = client.initializeResult.capabilities.semanticTokensProvider!;
    const legend = provider.legend.tokenTypes;
    const lines = SEED_EXAMPLE.split("\n");
    const decoded: string[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      const [dl, dc, length, type] = tokens.data.slice(i, i + 4) as [number, number, number, number];
      character = dl === 0 ? character + dc : dc;
      line += dl;
      decoded.push(`${lines[line]!.slice(character, character + length)}=${legend[type]}`);
    }
    expect(decoded).toEqual(
      expect.arrayContaining([
        "name=property",
        "gatekeeper=enumMember",
        "exec=method",
        "cmd=parameter",
        "string=type",
        "true=keyword",
        "30000=number",
        "2026-05-31=number",
        "ICE-GL-ZY001=string",
      ]),
    );
  });
});

describe("cancellation", () => {
  it("answers a request cancelled before it ran with RequestCancelled", async () => {
    const uri = await open(SEED_EXAMPLE);
    const big = await open(largeTool(1024 * 1024));
    const params = { textDocument: { uri } };
    // The first request keeps the server busy (a 1 MB file's tokens), so that the second is usually
    // still queued when its cancel arrives. Usually: when the cancel is read is the scheduler's to say,
    // and a request that ran before it came is rightly answered. So the pair is sent until one cancel
    // found its request queued (at most 20 times); every other answer must be the request's result.
    let cancelled: { code?: number } | undefined;
    for (let attempt = 0; attempt < 20 && cancelled === undefined; attempt++) {
      const source = new CancellationTokenSource();
      const first = client.connection.sendRequest("textDocument/semanticTokens/full", { textDocument: { uri: big } });
      const second = client.connection.sendRequest<DocumentSymbol[]>("textDocument/documentSymbol", params, source.token).then(
        (symbols) => ({ symbols }),
        (e: { code?: number }) => ({ error: e }),
      );
      source.cancel();
      await first;
      const answer = await second;
      if ("error" in answer) cancelled = answer.error;
      else expect(answer.symbols).toHaveLength(10);
    }
    expect(cancelled?.code).toBe(-32800);
    // And the server goes on answering.
    expect(await client.request<DocumentSymbol[]>("textDocument/documentSymbol", params)).toHaveLength(10);
  });
});
