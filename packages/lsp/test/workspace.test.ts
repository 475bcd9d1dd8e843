/**
 * The cross-file rules over the workspace's tools folder, kept current as
 * files change in the editor and on disk; the `hdlp.toolsRoot` setting.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { COLLISION_DELAY_MS } from "../src/collision-check.ts";
import { LspClient } from "./harness.ts";
import { largeTool, SEED_EXAMPLE } from "./fixtures.ts";

const HDLP_BIN = fileURLToPath(new URL("../../../node_modules/.bin/hdlp", import.meta.url));

let workspace: string;
let client: LspClient | undefined;

beforeEach(({ onTestFailed }) => {
  workspace = mkdtempSync(join(tmpdir(), "hdlp-lsp-ws-"));
  // A wait for diagnostics that never come ends in a bare timeout: say what the server did publish and log.
  onTestFailed(() => {
    if (!client) return;
    const published = [...client.diagnostics].map(([uri, { version, diagnostics }]) => `  ${uri} v${version}: ${codes(diagnostics).join(", ") || "none"}`);
    console.error(`the server's last diagnostics:\n${published.join("\n")}\nits log:\n${client.log.join("\n")}`);
  });
});

afterEach(async () => {
  if (client) expect(await client.stop()).toBe(0);
  client = undefined;
  rmSync(workspace, { recursive: true, force: true });
});

function tool(name: string): string {
  return SEED_EXAMPLE.replace("name: shell-exec", `name: ${name}`);
}

/** Writes `<root>/<folder>/TOOL.hdlp` and returns its uri. */
function writeTool(root: string, folder: string, text: string): string {
  mkdirSync(join(root, folder), { recursive: true });
  const path = join(root, folder, "TOOL.hdlp");
  writeFileSync(path, text);
  return pathToFileURL(path).href;
}

/** A tool of the matcher's fixtures: `service-restart` and `systemd-restart` collide (packages/match/src/collision/testdata/colliding/). */
function colliding(name: "service-restart" | "systemd-restart"): string {
  return readFileSync(new URL(`../../match/src/collision/testdata/colliding/${name}/TOOL.hdlp`, import.meta.url), "utf8");
}

/** A tool that renews certificates. */
const CERT_RENEW = `name: cert-renew
display: Renew certificates
intent: Renew the TLS certificates of the web sites with certbot
method: certbot.renew
executor: gatekeeper
params_schema:
  domain: { type: string, required: true, description: "the site's domain, e.g. example.com" }
constraints:
  timeout_ms: 60000
  max_output_bytes: 16384
  require_confirm: false
author: HDLP-TEST
created: 2026-12-01
why: Certificates expire every ninety days.
`;

/** `text` saying, in Chinese, what CERT_RENEW says: it collides with cert-renew instead. */
function renewing(text: string): string {
  return text.replace(/^display: .*$/m, "display: 证书续期").replace(/^intent: .*$/m, "intent: 用certbot续期网站的TLS证书");
}

/** `text` with the params of the 1 MB tool of fixtures.ts (about 11,000). */
function withLargeParams(text: string): string {
  const large = largeTool(1000 * 1024);
  return text.slice(0, text.indexOf("params_schema:")) + large.slice(large.indexOf("params_schema:"));
}

/** The other tool each intent-collision warning names (`tools/<folder>/TOOL.hdlp`). */
function collidesWith(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.filter((d) => d.code === "intent-collision").map((d) => /\(the other is (.+)\)\.$/.exec(d.message)![1]!);
}

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code));
}

/** Waits until the diagnostics published for `uri` at `version` satisfy `ok`. */
async function untilAt(uri: string, version: number, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  for (;;) {
    const last = client!.diagnostics.get(uri);
    if (last?.version === version && ok(last.diagnostics)) return last.diagnostics;
    await client!.nextDiagnostics(uri, version);
  }
}

/** Waits until the diagnostics published for `uri` satisfy `ok` (each publish is checked). */
async function until(uri: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
  const last = client!.diagnostics.get(uri)?.diagnostics;
  if (last && ok(last)) return last;
  for (;;) {
    const next = await client!.nextDiagnostics(uri);
    if (ok(next)) return next;
  }
}

describe("cross-file rules", () => {
  it("finds a duplicate tool name and a folder named unlike its tool, as `hdlp lint` does", async () => {
    const tools = join(workspace, "tools");
    writeTool(tools, "shell-exec", tool("shell-exec"));
    const other = writeTool(tools, "other", tool("shell-exec"));
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(other, tool("shell-exec"));
    const found = await until(other, (d) => codes(d).includes("duplicate-name"));
    expect(codes(found).sort()).toEqual(["duplicate-name", "folder-name-mismatch"]);
    const duplicate = found.find((d) => d.code === "duplicate-name")!;
    expect(duplicate.message).toBe(`The tool name \`shell-exec\` is also declared in ${join("tools", "shell-exec", "TOOL.hdlp")}.`);
    expect(duplicate.range).toEqual({ start: { line: 0, character: 6 }, end: { line: 0, character: 16 } });

    // Renaming the tool in the editor, unsaved, clears both; the two now differ in name only, which the intent matcher cannot tell apart.
    await client.change(other, [{ range: { start: { line: 0, character: 6 }, end: { line: 0, character: 16 } }, text: "other" }]);
    expect(codes(await client.diagnosticsFor(other))).toEqual([]);
    expect(codes(await until(other, (d) => d.length > 0))).toEqual(["intent-collision"]);
  });

  it("reads only regular files of the tools folder: a FIFO named TOOL.hdlp is logged, never waited on", async () => {
    const tools = join(workspace, "tools");
    writeTool(tools, "shell-exec", tool("shell-exec"));
    const other = writeTool(tools, "other", tool("shell-exec"));
    mkdirSync(join(tools, "pipe"));
    spawnSync("mkfifo", [join(tools, "pipe", "TOOL.hdlp")]);
    mkdirSync(join(tools, "folder", "TOOL.hdlp"), { recursive: true });
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(other, tool("shell-exec"));
    expect(codes(await until(other, (d) => codes(d).includes("duplicate-name"))).sort()).toEqual(["duplicate-name", "folder-name-mismatch"]);
    expect(client.log.join("\n")).toContain(`hdlp: ${join(tools, "pipe", "TOOL.hdlp")} is not read: it is not a regular file.`);
    expect(client.log.join("\n")).toContain(`hdlp: ${join(tools, "folder", "TOOL.hdlp")} is not read: it is not a regular file.`);
  });

  it("publishes what `hdlp lint --format json` prints for the same folder", async () => {
    const tools = join(workspace, "tools");
    writeTool(tools, "shell-exec", tool("shell-exec").replace("created: 2026-05-31", "created: 2026-02-30"));
    const other = writeTool(tools, "other", tool("shell-exec").replace("executor: gatekeeper", "executor: Shell"));
    const cli = spawnSync(HDLP_BIN, ["lint", "--format", "json"], { cwd: workspace, encoding: "utf8" });
    expect(cli.status).toBe(1);
    const report = JSON.parse(cli.stdout) as { files: { path: string; diagnostics: { rule: string; message: string; range: unknown }[] }[] };
    const expected = report.files.find((f) => f.path === join("tools", "other", "TOOL.hdlp"))!.diagnostics;
    expect(expected.length).toBeGreaterThan(2);
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(other, tool("shell-exec").replace("executor: gatekeeper", "executor: Shell"));
    const published = await until(other, (d) => codes(d).includes("duplicate-name"));
    expect(published.map((d) => ({ rule: d.code, message: d.message, range: d.range }))).toEqual(
      expected.map((d) => ({ rule: d.rule, message: d.message, range: d.range })),
    );
  });

  it("warns an open tool that the intent matcher cannot tell from another of the folder, as `hdlp lint --collisions` does", async () => {
    const tools = join(workspace, "tools");
    const text = colliding;
    writeTool(tools, "systemd-restart", text("systemd-restart"));
    const mine = writeTool(tools, "service-restart", text("service-restart"));
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(mine, text("service-restart"));
    const [warning] = await until(mine, (d) => codes(d).includes("intent-collision"));
    const cli = spawnSync(HDLP_BIN, ["lint", "--collisions", "--format", "json"], { cwd: workspace, encoding: "utf8" });
    const expected = (JSON.parse(cli.stdout) as { files: { path: string; diagnostics: { message: string; range: unknown }[] }[] }).files.find(
      (f) => f.path === join("tools", "service-restart", "TOOL.hdlp"),
    )!.diagnostics;
    expect([{ message: warning!.message, range: warning!.range }]).toEqual(expected.map((d) => ({ message: d.message, range: d.range })));
    expect(warning!.severity).toBe(2);

    // A sharper intent, unsaved, clears it; a suppression comment silences it.
    const sharper = text("service-restart").replace("intent: 通过systemd重启服务器上的系统服务", "intent: 查看nginx的访问日志");
    await client.change(mine, [{ range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } }, text: sharper }]);
    expect(await until(mine, (d) => !codes(d).includes("intent-collision"))).toEqual([]);
    const silenced = text("service-restart").replace("\nintent:", "\n# hdlp-disable-next-line intent-collision\nintent:");
    await client.change(mine, [{ range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } }, text: silenced }]);
    expect(await client.diagnosticsFor(mine)).toEqual([]);
  });

  it("re-lints an open tool when another tool file changes (file events from the editor)", async () => {
    const tools = join(workspace, "tools");
    const mine = writeTool(tools, "mine", tool("mine"));
    client = await LspClient.start({ workspaceFolder: workspace, watchesFiles: true });
    await client.open(mine, tool("mine"));
    expect(await client.diagnosticsFor(mine)).toEqual([]);
    const copy = writeTool(tools, "copy", tool("mine"));
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: copy, type: 1 }] });
    expect(codes(await until(mine, (d) => d.length > 0))).toEqual(["duplicate-name"]);
    rmSync(join(tools, "copy"), { recursive: true });
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: copy, type: 3 }] });
    expect(await until(mine, (d) => d.length === 0)).toEqual([]);
  });

  it("watches the tools folder itself when the editor sends no file events", async () => {
    const tools = join(workspace, "tools");
    const mine = writeTool(tools, "mine", tool("mine"));
    client = await LspClient.start({ workspaceFolder: workspace, watchesFiles: false });
    await client.open(mine, tool("mine"));
    expect(await client.diagnosticsFor(mine)).toEqual([]);
    writeTool(tools, "copy", tool("mine"));
    expect(codes(await until(mine, (d) => d.length > 0))).toEqual(["duplicate-name"]);
    // The new folder is watched too: renaming its tool on disk clears the duplicate (leaving two tools that differ in name only).
    writeTool(tools, "copy", tool("copy"));
    expect(codes(await until(mine, (d) => codes(d).includes("intent-collision")))).toEqual(["intent-collision"]);
  });

  it("reads the tools folder from the `hdlp.toolsRoot` setting", async () => {
    const root = join(workspace, "agent", "toolbox");
    const mine = writeTool(root, "mine", tool("mine"));
    writeTool(root, "twin", tool("mine"));
    client = await LspClient.start({ workspaceFolder: workspace, configuration: { hdlp: { toolsRoot: "agent/toolbox" } } });
    await client.open(mine, tool("mine"));
    expect(codes(await until(mine, (d) => d.length > 0))).toEqual(["duplicate-name"]);
  });

  it("applies only the single-file rules outside the tools folder", async () => {
    const elsewhere = writeTool(join(workspace, "notes"), "draft", tool("shell-exec"));
    writeTool(join(workspace, "tools"), "shell-exec", tool("shell-exec"));
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(elsewhere, tool("shell-exec"));
    expect(await client.diagnosticsFor(elsewhere)).toEqual([]);
  });
});

describe("intent-collision, after the file's own diagnostics", () => {
  const SYSTEMD = join("tools", "systemd-restart", "TOOL.hdlp");
  const CERT = join("tools", "cert-renew", "TOOL.hdlp");

  it("publishes a tool's own diagnostics at once, and its intent-collision after them, merged with them", async () => {
    const tools = join(workspace, "tools");
    writeTool(tools, "systemd-restart", colliding("systemd-restart"));
    const text = `${colliding("service-restart")}owner: ops\n`;
    const mine = writeTool(tools, "service-restart", text);
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(mine, text);
    expect(codes(await client.diagnosticsFor(mine))).toEqual(["unknown-field"]);
    const merged = await until(mine, (d) => codes(d).includes("intent-collision"));
    expect(codes(merged).sort()).toEqual(["intent-collision", "unknown-field"]);
    expect(collidesWith(merged)).toEqual([SYSTEMD]);
    expect(client.published.filter((p) => p.uri === mine).map((p) => p.version)).toEqual([1, 1]);
  });

  it("never publishes a collision worked out for an older version; an edit that removes the collision clears it", async () => {
    const tools = join(workspace, "tools");
    writeTool(tools, "systemd-restart", colliding("systemd-restart"));
    writeTool(tools, "cert-renew", CERT_RENEW);
    // About 11,000 params, which a check reads for a while: an edit lands while it does. The edit's
    // params read differently, so the check of the newer version reads them all again, and would
    // end after the older one, were that not dropped or its findings kept for its own version.
    const restart = withLargeParams(colliding("service-restart"));
    const renew = renewing(restart).replaceAll("工作目录", "证书目录");
    const mine = writeTool(tools, "service-restart", restart);
    const texts = new Map([[1, restart]]);
    const edit = async (text: string) => {
      const version = await client!.change(mine, [{ text }]);
      texts.set(version, text);
      return version;
    };
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(mine, restart);
    await client.diagnosticsFor(mine);
    await new Promise((resolve) => setTimeout(resolve, COLLISION_DELAY_MS + 200));
    const second = await edit(renew);
    expect(collidesWith(await untilAt(mine, second, (d) => collidesWith(d).length > 0))).toEqual([CERT]);
    // Two edits at once: the collision of the first is never published.
    await edit(restart);
    const fourth = await edit(renew);
    expect(collidesWith(await untilAt(mine, fourth, (d) => collidesWith(d).length > 0))).toEqual([CERT]);

    // Each publish names only the tool its own version's text collides with, and versions never go back.
    const published = client.published.filter((p) => p.uri === mine);
    published.forEach((p, index) => {
      expect(p.version, `publish ${index}`).toBeGreaterThanOrEqual(published[index - 1]?.version ?? 1);
      const partner = texts.get(p.version!) === restart ? SYSTEMD : CERT;
      expect(
        collidesWith(p.diagnostics).filter((other) => other !== partner),
        `publish ${index} (version ${p.version})`,
      ).toEqual([]);
    });
  });

  it("updates an open tool's intent-collision when another open tool's intent is edited", async () => {
    const tools = join(workspace, "tools");
    writeTool(tools, "cert-renew", CERT_RENEW);
    const other = writeTool(tools, "systemd-restart", colliding("systemd-restart"));
    const mine = writeTool(tools, "service-restart", colliding("service-restart"));
    client = await LspClient.start({ workspaceFolder: workspace });
    await client.open(mine, colliding("service-restart"));
    await client.open(other, colliding("systemd-restart"));
    expect(collidesWith(await until(mine, (d) => collidesWith(d).length > 0))).toEqual([SYSTEMD]);

    // The other, unsaved, now renews certificates: it collides with cert-renew, and mine with nothing.
    const renewed = await client.change(other, [{ text: renewing(colliding("systemd-restart")) }]);
    expect(collidesWith(await untilAt(other, renewed, (d) => collidesWith(d).length > 0))).toEqual([CERT]);
    expect(collidesWith(await until(mine, (d) => collidesWith(d).length === 0))).toEqual([]);

    // Back as it was: mine's collision comes back.
    await client.change(other, [{ text: colliding("systemd-restart") }]);
    expect(collidesWith(await until(mine, (d) => collidesWith(d).length > 0))).toEqual([SYSTEMD]);
  });
});
