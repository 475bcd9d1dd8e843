/**
 * The package as users get it. vsix-global-setup.ts builds the .vsix with
 * `scripts/package.mjs` and unpacks it into a temp folder with no node_modules
 * reachable; here: the check of src/vsix/check-vsix.ts passes on it, its
 * bundled language server answers exactly as the server run from the sources
 * does (the whole end-to-end suite of packages/lsp/test/ also runs against it,
 * in the same `vsix` project), and its client activates.
 */
import { createRequire } from "node:module";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
// The language server's own end-to-end client (an editor in miniature), reused rather than copied.
import { LspClient, SERVER_BIN } from "../../lsp/test/harness.ts";
import { checkVsix } from "../src/vsix/check-vsix.ts";
import { createVscodeStandIn, withVscodeModule } from "./vscode-standin.ts";
import { readZip } from "../src/vsix/zip.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const vsix = inject("vsix");
const extensionRoot = join(vsix.unpacked, "extension");

describe("the .vsix", () => {
  let temp: string;
  let files: Map<string, Buffer>;
  let workspace: string;
  let toolUri: string;
  let toolText: string;

  beforeAll(async () => {
    files = readZip(await readFile(vsix.file));
    temp = await mkdtemp(join(tmpdir(), "hdlp-vsix-workspace-"));
    workspace = join(temp, "workspace");
    await cp(here("testdata/workspace"), workspace, { recursive: true });
    const tool = join(workspace, "tools/broken-tool/TOOL.hdlp");
    toolUri = pathToFileURL(tool).href;
    toolText = await readFile(tool, "utf8");
  });

  afterAll(async () => {
    if (temp) await rm(temp, { recursive: true, force: true });
  });

  it("holds the manifest, grammar, snippets, language configuration, icon and both bundles, and nothing else", () => {
    expect(checkVsix(files)).toEqual([]);
    const shipped = [...files.keys()].filter((p) => p.startsWith("extension/")).sort();
    expect(shipped).toEqual([
      "extension/dist/extension.js",
      "extension/dist/package.json",
      "extension/dist/server.js",
      "extension/images/icon.png",
      "extension/language-configuration.json",
      "extension/package.json",
      "extension/readme.md",
      "extension/snippets/hdlp.code-snippets",
      "extension/syntaxes/hdlp.tmLanguage.json",
    ]);
  });

  it("carries the version of the hdlp package (scripts/version.mjs), in its manifest and its server's serverInfo", async () => {
    const { version } = JSON.parse(await readFile(here("../../cli/package.json"), "utf8"));
    expect(JSON.parse(files.get("extension/package.json")!.toString("utf8")).version).toBe(version);
    const server = await LspClient.start({ command: [process.execPath, join(extensionRoot, "dist/server.js"), "--stdio"] });
    try {
      expect(server.initializeResult.serverInfo).toEqual({ name: "hdlp-language-server", version });
    } finally {
      await server.stop();
    }
  });

  // Each capability is tested on the bundled server by packages/lsp/test/ (project `vsix`); this
  // compares it with the sources' server side by side, on a workspace with cross-file defects.
  describe("its bundled language server", () => {
    let bundled: LspClient;
    let fromSources: LspClient;

    beforeAll(async () => {
      const server = join(extensionRoot, "dist/server.js");
      bundled = await LspClient.start({ command: [process.execPath, server, "--stdio"], workspaceFolder: workspace });
      fromSources = await LspClient.start({ command: [SERVER_BIN, "--stdio"], workspaceFolder: workspace });
      for (const client of [bundled, fromSources]) await client.open(toolUri, toolText);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([bundled?.stop(), fromSources?.stop()]);
    });

    it("initializes with the capabilities of the server", () => {
      expect(bundled.initializeResult.serverInfo?.name).toBe("hdlp-language-server");
      expect(bundled.initializeResult.capabilities).toEqual(fromSources.initializeResult.capabilities);
    });

    it("publishes the diagnostics of the defective file, the same as the sources' server", async () => {
      const diagnostics = await bundled.diagnosticsFor(toolUri);
      const at = diagnostics.map((d) => `${d.range.start.line}:${d.code}`);
      expect(at).toEqual(expect.arrayContaining(["6:param-type", "9:invalid-date"]));
      expect(diagnostics).toEqual(await fromSources.diagnosticsFor(toolUri));
      expect(bundled.alive).toBe(true);
    });
  });

  it("activates outside VS Code: registers the commands, starts the bundled server and its providers, stops it", async () => {
    const manifest = JSON.parse(files.get("extension/package.json")!.toString("utf8"));
    const { module, calls } = createVscodeStandIn();
    const extension = withVscodeModule(module, () => createRequire(import.meta.url)(join(extensionRoot, manifest.main)));
    const context = { subscriptions: [] as unknown[], asAbsolutePath: (path: string) => join(extensionRoot, path) };

    await extension.activate(context);
    const registered = calls.filter((c) => c.path === "vscode.commands.registerCommand").map((c) => c.args[0]);
    expect(registered.sort()).toEqual(manifest.contributes.commands.map((c: { command: string }) => c.command).sort());
    // The client registers a provider for each capability the bundled server announced in its initialize answer.
    const providers = calls.filter((c) => /^vscode\.languages\.register\w+Provider$/.test(c.path)).map((c) => c.path.replace("vscode.languages.", ""));
    expect(providers).toEqual(
      expect.arrayContaining([
        "registerCompletionItemProvider",
        "registerHoverProvider",
        "registerCodeActionsProvider",
        "registerDocumentFormattingEditProvider",
        "registerDocumentSemanticTokensProvider",
      ]),
    );
    await extension.deactivate();
  });
});
