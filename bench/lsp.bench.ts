/**
 * The language server (issue 5): hdlp-language-server (the bundle in
 * packages/cli/dist/, which bench/run.ts has just rebuilt) against
 * yaml-language-server 1.x configured with the JSON Schema of `hdlp schema`
 * (`yaml.schemas` associating it with TOOL.hdlp), both driven over stdio by
 * the same client, on the same files: the seed's example and a generated
 * ~1 MB TOOL.hdlp. Each server is started fresh for each file.
 *
 * Figures: time from didOpen to the first diagnostics (median of three
 * fresh servers); completion latency
 * p50/p95 (100 requests at the `executor` value); diagnostics after an edit,
 * p95 over 50 edits (each waits for the diagnostics of its own version).
 * yaml-language-server is slow to answer each completion and edit on the
 * 1 MB file, so there it runs 20 completions and 10 edits unless
 * HDLP_BENCH_FULL=1.
 *
 * Then the defects: small files with a known defect (or known to be valid),
 * opened in both servers; the table says which server flags the defect line.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { toJsonSchema } from "../packages/parser/src/index.ts";
import { LspClient, SERVER_BIN } from "../packages/lsp/test/harness.ts";
import { SEED_EXAMPLE, largeTool } from "../packages/lsp/test/fixtures.ts";

const YAML_LS_BIN = fileURLToPath(new URL("../node_modules/yaml-language-server/bin/yaml-language-server", import.meta.url));
const FULL = process.env.HDLP_BENCH_FULL === "1";

/** Issue 5's measurements of yaml-language-server 1.25 on this machine. */
const BASELINE = {
  seed: { open: 236, editP95: 209, completionP50: 1.7, completionP95: 3.9 },
  large: { open: 4100, completion: 950 },
};

interface ServerSetup {
  readonly name: string;
  readonly command: string[];
  readonly languageId: string;
}

interface Figures {
  /** didOpen → first diagnostics, one per fresh server. */
  readonly open: number[];
  readonly completion: number[];
  readonly edits: number[];
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${(value >= 100 ? value.toFixed(0) : value.toFixed(1)).padStart(7)} ms`;

async function startServer(setup: ServerSetup, workspace: string, schemaUri: string): Promise<LspClient> {
  const yaml = { schemas: { [schemaUri]: ["**/TOOL.hdlp"] }, validate: true, completion: true, hover: true, schemaStore: { enable: false } };
  const client = await LspClient.start({ command: setup.command, workspaceFolder: workspace, configuration: { yaml, hdlp: {} } });
  await client.connection.sendNotification("workspace/didChangeConfiguration", { settings: { yaml } });
  // Let both settle (settings pulled, schema registered, grammar built) before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return client;
}

const OPEN_RUNS = 3;

async function measureOpen(setup: ServerSetup, workspace: string, schemaUri: string, uri: string, text: string): Promise<number> {
  const client = await startServer(setup, workspace, schemaUri);
  try {
    const start = performance.now();
    const first = client.nextDiagnostics(uri);
    await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: setup.languageId, version: 1, text } });
    await first;
    return performance.now() - start;
  } finally {
    await client.stop();
  }
}

async function measure(
  setup: ServerSetup,
  workspace: string,
  schemaUri: string,
  file: string,
  text: string,
  completions: number,
  edits: number,
): Promise<Figures> {
  const client = await startServer(setup, workspace, schemaUri);
  const uri = pathToFileURL(file).href;
  try {
    let start = performance.now();
    const first = client.nextDiagnostics(uri);
    await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: setup.languageId, version: 1, text } });
    await first;
    const open = performance.now() - start;

    const lines = text.split("\n");
    const executorLine = lines.findIndex((l) => l.startsWith("executor:"));
    const completion: number[] = [];
    for (let i = 0; i < completions; i++) {
      start = performance.now();
      await client.request("textDocument/completion", { textDocument: { uri }, position: { line: executorLine, character: "executor: ".length } });
      completion.push(performance.now() - start);
    }

    // Each edit types or deletes one character at the end of `intent`, and waits for its own diagnostics.
    const intentLine = lines.findIndex((l) => l.startsWith("intent:"));
    const end = lines[intentLine]!.length;
    const editTimes: number[] = [];
    let version = 1;
    for (let i = 0; i < edits; i++) {
      version++;
      const change =
        i % 2 === 0
          ? { range: { start: { line: intentLine, character: end }, end: { line: intentLine, character: end } }, text: "x" }
          : { range: { start: { line: intentLine, character: end }, end: { line: intentLine, character: end + 1 } }, text: "" };
      start = performance.now();
      const published = client.nextDiagnostics(uri, version);
      await client.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
      await published;
      editTimes.push(performance.now() - start);
    }
    const opens = [open];
    // Two more fresh servers for the open figure alone (the first open of a process is the one users wait for).
    for (let i = 0; i < OPEN_RUNS - 1; i++) opens.push(await measureOpen(setup, workspace, schemaUri, uri, text));
    return { open: opens, completion, edits: editTimes };
  } finally {
    await client.stop();
  }
}

function report(
  label: string,
  ours: Figures,
  theirs: Figures,
  baseline: { open: number; editP95?: number; completionP50?: number; completionP95?: number; completion?: number },
): void {
  const row = (what: string, a: number, b: number, base?: number) =>
    console.log(
      `  ${what.padEnd(40)} hdlp ${ms(a)}   yaml-ls ${ms(b)}   ${(b / a).toFixed(1).padStart(6)}× faster${base !== undefined ? `   (issue's yaml-ls: ${base} ms)` : ""}`,
    );
  console.log(`\n${label}`);
  row(`open → first diagnostics (median of ${OPEN_RUNS})`, percentile(ours.open, 50), percentile(theirs.open, 50), baseline.open);
  row(
    `completion p50 (${ours.completion.length}/${theirs.completion.length} req)`,
    percentile(ours.completion, 50),
    percentile(theirs.completion, 50),
    baseline.completionP50 ?? baseline.completion,
  );
  row("completion p95", percentile(ours.completion, 95), percentile(theirs.completion, 95), baseline.completionP95);
  row(`edit → diagnostics p95 (${ours.edits.length}/${theirs.edits.length})`, percentile(ours.edits, 95), percentile(theirs.edits, 95), baseline.editP95);
  row("edit → diagnostics p50", percentile(ours.edits, 50), percentile(theirs.edits, 50));
}

interface DefectCase {
  readonly title: string;
  /** True when the text is valid and a diagnostic would be a false alarm. */
  readonly valid: boolean;
  /** tools/<folder>/TOOL.hdlp; a duplicate of the workspace's shell-exec when it says so. */
  readonly folder: string;
  readonly text: string;
  /** The line the defect is on (0-based). */
  readonly line: number;
}

function lineOf(text: string, start: string): number {
  return text.split("\n").findIndex((l) => l.startsWith(start));
}

function defectCases(): DefectCase[] {
  const seed = (folder: string, edit: (t: string) => string, start: string, title: string, valid = false): DefectCase => {
    const text = edit(SEED_EXAMPLE.replace("name: shell-exec", `name: ${folder}`));
    return { title, valid, folder, text, line: lineOf(text, start) };
  };
  return [
    seed("bad-date", (t) => t.replace("created: 2026-05-31", "created: 2026-02-30"), "created:", "`created: 2026-02-30` (no such day)"),
    seed("prose-colon", (t) => t.replace(/^intent: .*$/m, "intent: 从缓存读取值: 键不存在时返回空"), "intent:", "`: ` inside Chinese prose (valid)", true),
    seed("year-name", (t) => t.replace("display: Shell命令执行", "display: 2026"), "display:", '`display: 2026` is the string "2026" (valid)', true),
    seed(
      "bad-method",
      (t) => t.replace("executor: gatekeeper", "executor: git-forgejo").replace("method: exec", "method: repo.gett"),
      "method:",
      "a method git-forgejo does not have (`repo.gett`)",
    ),
    seed(
      "shell-placeholder",
      (t) => t.replace("executor: gatekeeper", "executor: shell").replace("constraints:", "command: git log -n {count}\nconstraints:"),
      "command:",
      "`{count}` in `command` names no param",
    ),
    { ...seed("copy", (t) => t.replace("name: copy", "name: shell-exec"), "name:", "two tools named `shell-exec` (cross-file)"), folder: "copy" },
    seed("wrong-folder", (t) => t.replace("name: wrong-folder", "name: other-name"), "name:", "folder `wrong-folder` holds tool `other-name` (cross-file)"),
    seed("required-yes", (t) => t.replace("require_confirm: false", "require_confirm: yes"), "  require_confirm:", "`require_confirm: yes` (not a boolean)"),
    seed("executor-case", (t) => t.replace("executor: gatekeeper", "executor: Shell"), "executor:", "`executor: Shell`"),
  ];
}

async function defects(setups: readonly ServerSetup[], workspace: string, schemaUri: string): Promise<void> {
  const cases = defectCases();
  const flagged = new Map<string, boolean[]>();
  for (const setup of setups) {
    const client = await startServer(setup, workspace, schemaUri);
    const results: boolean[] = [];
    for (const c of cases) {
      const file = join(workspace, "tools", c.folder, "TOOL.hdlp");
      mkdirSync(join(workspace, "tools", c.folder), { recursive: true });
      writeFileSync(file, c.text);
      const uri = pathToFileURL(file).href;
      const published = client.nextDiagnostics(uri);
      await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: setup.languageId, version: 1, text: c.text } });
      const diagnostics = await published;
      results.push(diagnostics.some((d) => d.range.start.line <= c.line && c.line <= d.range.end.line));
      await client.close(uri);
      rmSync(join(workspace, "tools", c.folder), { recursive: true });
    }
    flagged.set(setup.name, results);
    await client.stop();
  }
  console.log("\ndefects (✓ = the server gets it right: flags a defect, stays quiet on valid text)");
  console.log(`  ${"case".padEnd(58)} ${setups.map((s) => s.name.padEnd(22)).join(" ")}`);
  cases.forEach((c, i) => {
    const cells = setups.map((s) => {
      const flags = flagged.get(s.name)![i]!;
      const right = c.valid ? !flags : flags;
      return `${right ? "✓" : "✗"} ${c.valid ? (flags ? "false alarm" : "quiet") : flags ? "flagged" : "missed"}`.padEnd(22);
    });
    console.log(`  ${c.title.padEnd(58)} ${cells.join(" ")}`);
  });
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "hdlp-lsp-bench-"));
  try {
    const schemaPath = join(root, "tool.schema.json");
    writeFileSync(schemaPath, JSON.stringify(toJsonSchema(), null, 2));
    const schemaUri = pathToFileURL(schemaPath).href;
    const setups: ServerSetup[] = [
      { name: "hdlp-language-server", command: [SERVER_BIN, "--stdio"], languageId: "hdlp" },
      { name: "yaml-language-server", command: [process.execPath, YAML_LS_BIN, "--stdio"], languageId: "yaml" },
    ];
    const [ours, theirs] = setups as [ServerSetup, ServerSetup];

    const place = (name: string, folder: string, text: string) => {
      const workspace = join(root, name);
      mkdirSync(join(workspace, "tools", folder), { recursive: true });
      const file = join(workspace, "tools", folder, "TOOL.hdlp");
      writeFileSync(file, text);
      return { workspace, file };
    };
    const seed = place("seed", "shell-exec", SEED_EXAMPLE);
    const largeText = largeTool(1024 * 1024).replace("name: shell-exec", "name: big-tool");
    const large = place("large", "big-tool", largeText);
    console.log(
      `files: the seed's example (${Buffer.byteLength(SEED_EXAMPLE)} B), a generated TOOL.hdlp (${(Buffer.byteLength(largeText) / 1048576).toFixed(2)} MB, ${largeText.split("\n").length} lines)`,
    );

    const seedOurs = await measure(ours, seed.workspace, schemaUri, seed.file, SEED_EXAMPLE, 100, 50);
    const seedTheirs = await measure(theirs, seed.workspace, schemaUri, seed.file, SEED_EXAMPLE, 100, 50);
    report("seed's example", seedOurs, seedTheirs, BASELINE.seed);
    console.log(
      `  goal: edit → diagnostics p95 under 20 ms: ${percentile(seedOurs.edits, 95) < 20 ? "met" : "NOT met"}; completion no slower than yaml-ls: ${percentile(seedOurs.completion, 95) <= percentile(seedTheirs.completion, 95) ? "met" : "NOT met"}`,
    );

    const largeOurs = await measure(ours, large.workspace, schemaUri, large.file, largeText, 100, 50);
    const largeTheirs = await measure(theirs, large.workspace, schemaUri, large.file, largeText, FULL ? 100 : 20, FULL ? 50 : 10);
    report("~1 MB file", largeOurs, largeTheirs, BASELINE.large);
    const ratios = [
      percentile(largeTheirs.open, 50) / percentile(largeOurs.open, 50),
      percentile(largeTheirs.completion, 50) / percentile(largeOurs.completion, 50),
      percentile(largeTheirs.completion, 95) / percentile(largeOurs.completion, 95),
      percentile(largeTheirs.edits, 95) / percentile(largeOurs.edits, 95),
    ];
    console.log(`  goal: at least 10× faster on every figure: ${ratios.every((r) => r >= 10) ? "met" : "NOT met"} (lowest ${Math.min(...ratios).toFixed(1)}×)`);

    await defects(setups, seed.workspace, schemaUri);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
