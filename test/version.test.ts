/**
 * One version (scripts/version.mjs): packages/cli/package.json, the published
 * `hdlp`'s, holds it; every workspace package's manifest (the VS Code
 * extension's, so the .vsix says it), the docs' `npx -y hdlp@<version>`
 * commands, CHANGELOG.md and `hdlp --version` say the same.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { currentVersion, disagreements, ROOT, setVersion, versionedFiles } from "../scripts/version.mjs";
import { HDLP } from "../packages/cli/test/run-hdlp.ts";

const version = currentVersion();

describe("the workspace's one version", () => {
  it("is said by every manifest and every `hdlp@` command of the docs", () => {
    const { manifests, docs } = versionedFiles();
    expect(manifests).toEqual(expect.arrayContaining(["packages/cli/package.json", "packages/vscode-extension/package.json", "packages/lsp/package.json"]));
    expect(docs).toEqual(expect.arrayContaining(["README.md", "docs/mcp.md", "docs/cli.md", "packages/cli/README.md"]));
    expect(disagreements(version)).toEqual([]);
  });

  it("is the one `hdlp --version` prints", () => {
    expect(execFileSync(HDLP, ["--version"], { encoding: "utf8" })).toBe(`${version}\n`);
  });

  it("has its section in CHANGELOG.md", () => {
    const changelog = readFileSync(join(ROOT, "packages/cli/CHANGELOG.md"), "utf8");
    expect(changelog).toMatch(new RegExp(`^## \\[${version.replaceAll(".", "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`, "m"));
  });
});

describe("scripts/version.mjs", () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  /** The versioned files of the workspace, copied into a temp folder. */
  function copyWorkspace(): string {
    copy = mkdtempSync(join(tmpdir(), "hdlp-version-"));
    const { manifests, docs } = versionedFiles();
    for (const path of [...manifests, ...docs]) cpSync(join(ROOT, path), join(copy, path), { recursive: true });
    return copy;
  }

  it("writes a new version everywhere and changes nothing else", () => {
    const root = copyWorkspace();
    const before = readFileSync(join(root, "docs/mcp.md"), "utf8");
    expect(before).toContain(`hdlp@${version}`);
    const changed = setVersion("9.8.7-rc.1", root);
    expect(changed).toEqual(expect.arrayContaining(["packages/cli/package.json", "packages/vscode-extension/package.json", "docs/mcp.md"]));
    expect(disagreements("9.8.7-rc.1", root)).toEqual([]);
    expect(JSON.parse(readFileSync(join(root, "packages/vscode-extension/package.json"), "utf8")).version).toBe("9.8.7-rc.1");
    expect(readFileSync(join(root, "docs/mcp.md"), "utf8")).toBe(before.replaceAll(`hdlp@${version}`, "hdlp@9.8.7-rc.1"));
    const manifest = readFileSync(join(root, "packages/cli/package.json"), "utf8");
    expect(manifest).toBe(readFileSync(join(ROOT, "packages/cli/package.json"), "utf8").replace(`"version": "${version}"`, '"version": "9.8.7-rc.1"'));
  });

  it("names every place that says another version", () => {
    const root = copyWorkspace();
    const readme = join(root, "README.md");
    writeFileSync(readme, `${readFileSync(readme, "utf8")}\nnpx -y hdlp@0.0.9 lint tools/\n`);
    const extension = join(root, "packages/vscode-extension/package.json");
    writeFileSync(extension, readFileSync(extension, "utf8").replace(`"version": "${version}"`, '"version": "0.0.9"'));
    expect(disagreements(version, root)).toEqual(['packages/vscode-extension/package.json: version "0.0.9"', "README.md: hdlp@0.0.9"]);
  });

  it("refuses what is not a version, and as a command exits 2 saying so", () => {
    expect(() => setVersion("next", copyWorkspace())).toThrow("`next` is not a version");
    const run = (() => {
      try {
        execFileSync(process.execPath, [join(ROOT, "scripts/version.mjs"), "1.2"], { encoding: "utf8", stdio: "pipe" });
        return { status: 0, stderr: "" };
      } catch (error) {
        return error as { status: number; stderr: string };
      }
    })();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("`1.2` is not a version");
  });
});
