import { describe, expect, it } from "vitest";
import { checkVsix } from "./check-vsix.ts";

const MANIFEST = {
  main: "./dist/extension.js",
  icon: "images/icon.png",
  contributes: {
    languages: [{ id: "hdlp", configuration: "./language-configuration.json" }],
    grammars: [{ language: "hdlp", scopeName: "source.hdlp", path: "./syntaxes/hdlp.tmLanguage.json" }],
    snippets: [{ language: "hdlp", path: "./snippets/hdlp.code-snippets" }],
    commands: [{ command: "hdlp.newTool" }, { command: "hdlp.lintWorkspace" }],
  },
};

/** A package with everything in place, as a map of zip entries. */
function completePackage(): Map<string, Buffer> {
  const text = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value));
  return new Map([
    ["extension.vsixmanifest", text("<PackageManifest/>")],
    ["[Content_Types].xml", text("<Types/>")],
    ["extension/package.json", text(MANIFEST)],
    ["extension/dist/extension.js", text('const vscode = require("vscode"); const fs = require("node:fs"); require("path");')],
    ["extension/dist/server.js", text('require("child_process");')],
    ["extension/language-configuration.json", text({ comments: { lineComment: "#" } })],
    ["extension/syntaxes/hdlp.tmLanguage.json", text({ scopeName: "source.hdlp", patterns: [{ include: "#entry" }] })],
    ["extension/snippets/hdlp.code-snippets", text({ Param: { prefix: "param", body: ["x"] } })],
    ["extension/images/icon.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
  ]);
}

describe("checkVsix", () => {
  it("passes a complete, clean package", () => {
    expect(checkVsix(completePackage())).toEqual([]);
  });

  it("names each missing piece", () => {
    for (const path of [
      "extension/dist/extension.js",
      "extension/dist/server.js",
      "extension/syntaxes/hdlp.tmLanguage.json",
      "extension/snippets/hdlp.code-snippets",
      "extension/language-configuration.json",
    ]) {
      const files = completePackage();
      files.delete(path);
      expect(checkVsix(files).join("\n"), path).toContain(path.replace("extension/", ""));
    }
    const noIcon = completePackage();
    noIcon.set("extension/images/icon.png", Buffer.from("not a png"));
    expect(checkVsix(noIcon)).toEqual(["icon images/icon.png is missing or not a PNG"]);
  });

  it("rejects node_modules, sources, tests and scripts", () => {
    const files = completePackage();
    for (const path of [
      "extension/node_modules/vscode-languageclient/lib/main.js",
      "extension/src/extension.ts",
      "extension/test/neovim.test.ts",
      "extension/scripts/build.mjs",
    ]) {
      files.set(path, Buffer.from("x"));
    }
    const problems = checkVsix(files);
    expect(problems).toEqual([
      "must not ship extension/node_modules/vscode-languageclient/lib/main.js: node_modules are bundled, never shipped",
      "must not ship extension/src/extension.ts: TypeScript sources are bundled, never shipped",
      "must not ship extension/test/neovim.test.ts: TypeScript sources are bundled, never shipped",
      "must not ship extension/scripts/build.mjs: build scripts are not shipped",
    ]);
  });

  it("rejects a bundle that still requires a package at run time", () => {
    const files = completePackage();
    files.set("extension/dist/server.js", Buffer.from('require("vscode-languageserver/node"); require("vscode");'));
    expect(checkVsix(files)).toEqual([
      'dist/server.js requires "vscode-languageserver/node" at run time: the bundle must include it',
      'dist/server.js requires "vscode" at run time: the bundle must include it',
    ]);
  });
});
