/**
 * The `hdlp` package as npm users get it: packed with pnpm (what `pnpm publish`
 * uploads), installed with npm from the tarball alone into an empty project
 * outside the workspace (offline, with an empty cache: the package has no
 * dependencies to fetch), and run from there on Node 20 and on Node 24 (the
 * one not running the tests comes from the npm registry, test/support/node.ts):
 * `hdlp --version`, `hdlp lint`, `hdlp mcp` to an MCP client and
 * `hdlp-language-server --stdio` to an editor.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient } from "../../lsp/test/harness.ts";
import { nodeOfMajor } from "../../../test/support/node.ts";
import { runProgram } from "./run-hdlp.ts";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../../../examples/tools", import.meta.url));
const manifest = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as { name: string; version: string };

/** The environment of a run on `node`: it is the first `node` on the PATH, as the bin shims find it. */
function envFor(node: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // What npx or pnpm set for the test run (npm_config_*, npm_package_*) is no user's.
    if (value !== undefined && !key.startsWith("npm_")) env[key] = value;
  }
  return { ...env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ""}` };
}

let temp: string;
let tarball: string;
let project: string;

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), "hdlp-pack-"));
  // The global setup has just built dist/ (test/build-global-setup.ts): the tarball holds this run's bundles.
  execFileSync("npx", ["-y", "pnpm@12.4.2", "pack", "--pack-destination", temp], { cwd: PACKAGE, stdio: "pipe" });
  tarball = join(temp, `${manifest.name}-${manifest.version}.tgz`);

  project = join(temp, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "uses-hdlp", private: true }));
  execFileSync("npm", ["install", "--offline", "--cache", join(temp, "npm-cache"), "--no-audit", "--no-fund", tarball], {
    cwd: project,
    env: envFor(process.execPath),
    stdio: "pipe",
  });

  // A tools folder of the user's: the five examples and one with a mistake.
  cpSync(EXAMPLES, join(project, "tools"), { recursive: true });
  const seed = readFileSync(join(EXAMPLES, "shell-exec/TOOL.hdlp"), "utf8");
  mkdirSync(join(project, "tools/typo"));
  writeFileSync(join(project, "tools/typo/TOOL.hdlp"), seed.replace(/^name: .*$/m, "name: typo").replace(/^executor: .*$/m, "executor: Shell"));
}, 300_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe("the packed hdlp", () => {
  it("holds the two commands' bin files and bundles, the manifest, README, CHANGELOG and LICENSE: no sources, tests or maps", () => {
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n").sort();
    const chunks = files.filter((file) => file.startsWith("package/dist/chunks/"));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk).toMatch(/^package\/dist\/chunks\/[\w-]+\.js$/);
    expect(files.filter((file) => !chunks.includes(file))).toEqual([
      "package/CHANGELOG.md",
      "package/LICENSE",
      "package/README.md",
      "package/bin/hdlp-language-server.js",
      "package/bin/hdlp.js",
      "package/dist/hdlp-language-server.js",
      "package/dist/hdlp.js",
      "package/package.json",
    ]);
  });

  it("carries the repository's licence, MIT, in its manifest and as the file", () => {
    const installed = join(project, "node_modules/hdlp");
    expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).license).toBe("MIT");
    expect(readFileSync(join(installed, "LICENSE"), "utf8")).toBe(readFileSync(new URL("../../../LICENSE", import.meta.url), "utf8"));
  });

  it("declares no dependency to install, so npm installed it offline and nothing else beside it", () => {
    const packed = JSON.parse(readFileSync(join(project, "node_modules/hdlp/package.json"), "utf8"));
    expect(packed.dependencies ?? {}).toEqual({});
    expect(packed.engines).toEqual({ node: ">=20.18.1" });
    expect(packed.type).toBe("module");
    expect(
      readdirSync(join(project, "node_modules"))
        .filter((name) => !name.startsWith("."))
        .sort(),
    ).toEqual(["hdlp"]);
    expect(readdirSync(join(project, "node_modules/.bin")).sort()).toEqual(["hdlp", "hdlp-language-server"]);
  });
});

describe.each([20, 24])("the installed hdlp on Node %i", (major) => {
  let env: Record<string, string>;
  const bin = (name: string) => join(project, "node_modules/.bin", name);

  beforeAll(() => {
    env = envFor(nodeOfMajor(major));
  }, 300_000);

  it("runs on that Node", () => {
    // The shims start the first `node` on the PATH: the one these runs put there.
    const version = execFileSync("node", ["--version"], { env, encoding: "utf8" });
    expect(version).toMatch(new RegExp(`^v${major}\\.`));
  });

  it("hdlp --version prints the package's version", async () => {
    const run = await runProgram(bin("hdlp"), ["--version"], { cwd: project, env });
    expect(run).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  it("hdlp lint checks the tools folder and names the mistake", async () => {
    const run = await runProgram(bin("hdlp"), ["lint", "tools"], { cwd: project, env });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("tools/typo/TOOL.hdlp:");
    expect(run.stdout).toContain("[unknown-executor]");
    expect(run.stdout).toContain("in 1 file of 6 checked");
    expect(run.code).toBe(1);
  });

  it("hdlp-language-server --stdio answers initialize, saying its name and the package's version", async () => {
    const client = await LspClient.start({ command: ["env", `PATH=${env.PATH}`, bin("hdlp-language-server"), "--stdio"], workspaceFolder: project });
    try {
      expect(client.initializeResult.serverInfo).toEqual({ name: "hdlp-language-server", version: manifest.version });
      expect(client.initializeResult.capabilities.completionProvider).toBeDefined();
    } finally {
      expect(await client.stop()).toBe(0);
    }
  });

  it("hdlp mcp --root tools serves the valid tools to an MCP client over stdio", async () => {
    const transport = new StdioClientTransport({ command: bin("hdlp"), args: ["mcp", "--root", "tools"], cwd: project, env, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const client = new Client({ name: "hdlp-pack-test", version: "1.0.0" });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()).toMatchObject({ name: "hdlp", version: manifest.version });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["file-read", "file-write", "git-ops", "http-request", "shell-exec"]);
      expect(stderr).toContain("typo");
    } finally {
      await client.close();
    }
  });
});
