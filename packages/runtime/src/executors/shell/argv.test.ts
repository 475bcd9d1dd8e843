import { describe, expect, it } from "vitest";
import { parseCommandTemplate } from "@hdlp/parser";
import { InvalidCallError, RefusedCallError } from "../executor.ts";
import { CMD_PARAM, modelOf } from "../../../test/tool-fixtures.ts";
import { toolModel } from "../../../test/fakes/tools.ts";
import { shellInvocation } from "./argv.ts";

const p = (name: string, type: string, required: boolean) => `${name}: { type: ${type}, required: ${required}, description: "${name}" }`;

describe("shellInvocation", () => {
  it("runs a tool without a command template as /bin/sh -c cmd", () => {
    const tool = modelOf({ name: "free", params: [CMD_PARAM] });
    expect(shellInvocation(tool, { cmd: "echo hi | wc -c" })).toEqual({ argv: ["/bin/sh", "-c", "echo hi | wc -c"] });
  });

  it("substitutes each placeholder inside its own argument, whatever the value holds", () => {
    const tool = modelOf({ name: "commit", command: "git commit -m {msg}", params: [p("msg", "string", true)] });
    for (const msg of ["hi; touch /tmp/x", "$(rm -rf ~)", "`id`", "two\nlines", "a b  c", "'quoted' \"too\"", "*"]) {
      expect(shellInvocation(tool, { msg }).argv).toEqual(["git", "commit", "-m", msg]);
    }
  });

  it("joins a placeholder with the literal text of its argument", () => {
    const tool = modelOf({ name: "since", command: "git log --since={since} -n{count}", params: [p("since", "string", true), p("count", "integer", true)] });
    expect(shellInvocation(tool, { since: "2 weeks", count: 5 }).argv).toEqual(["git", "log", "--since=2 weeks", "-n5"]);
  });

  it("drops an optional group whose param is absent and keeps it when present", () => {
    const tool = modelOf({ name: "log", command: "git log [--since {since}] -n {count}", params: [p("since", "string", false), p("count", "integer", true)] });
    expect(shellInvocation(tool, { count: 3 }).argv).toEqual(["git", "log", "-n", "3"]);
    expect(shellInvocation(tool, { count: 3, since: "monday" }).argv).toEqual(["git", "log", "--since", "monday", "-n", "3"]);
  });

  it("treats a boolean in a group as its switch: kept when true, dropped when false", () => {
    const tool = modelOf({ name: "ls", command: "ls [-la {all}] {dir}", params: [p("all", "boolean", false), p("dir", "string", true)] });
    expect(shellInvocation(tool, { all: true, dir: "/tmp" }).argv).toEqual(["ls", "-la", "/tmp"]);
    expect(shellInvocation(tool, { all: false, dir: "/tmp" }).argv).toEqual(["ls", "/tmp"]);
    expect(shellInvocation(tool, { dir: "/tmp" }).argv).toEqual(["ls", "/tmp"]);
  });

  it("spreads an array param into one argument per item", () => {
    const tool = modelOf({ name: "rmlike", command: "echo -- {files}", params: [p("files", "array", true)] });
    expect(shellInvocation(tool, { files: ["a b", "c;d", "-e"] }).argv).toEqual(["echo", "--", "a b", "c;d", "-e"]);
    const headers = modelOf({ name: "hdr", command: "curl [-H{headers}] --url {url}", params: [p("headers", "array", false), p("url", "string", true)] });
    expect(shellInvocation(headers, { headers: ["A: 1", "B: 2"], url: "http://x" }).argv).toEqual(["curl", "-HA: 1", "-HB: 2", "--url", "http://x"]);
    expect(shellInvocation(headers, { headers: [], url: "http://x" }).argv).toEqual(["curl", "--url", "http://x"]);
  });

  it("refuses a value that would be read as an option, naming the param", () => {
    const tool = modelOf({ name: "cat", command: "cat {path}", params: [p("path", "string", true)] });
    let caught: unknown;
    try {
      shellInvocation(tool, { path: "--help" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidCallError);
    expect((caught as InvalidCallError).param).toBe("path");
    expect((caught as Error).message).toContain('"--help"');
    const negative = modelOf({ name: "head", command: "head -n {count} f", params: [p("count", "integer", true)] });
    expect(() => shellInvocation(negative, { count: -5 })).toThrow(InvalidCallError);
  });

  it("lets a value start with - after a literal -- or glued to an option", () => {
    const tool = modelOf({ name: "cat2", command: "cat -- {path}", params: [p("path", "string", true)] });
    expect(shellInvocation(tool, { path: "-rf" }).argv).toEqual(["cat", "--", "-rf"]);
    const glued = modelOf({ name: "grep", command: "grep --regexp={pattern} f", params: [p("pattern", "string", true)] });
    expect(shellInvocation(glued, { pattern: "-x" }).argv).toEqual(["grep", "--regexp=-x", "f"]);
  });

  it("refuses a NUL byte, which no argument can carry", () => {
    const tool = modelOf({ name: "echo", command: "echo {msg}", params: [p("msg", "string", true)] });
    expect(() => shellInvocation(tool, { msg: "a\0b" })).toThrow(/NUL/);
  });

  it("takes the working directory from a declared cwd param", () => {
    const tool = modelOf({ name: "pwd", params: [CMD_PARAM, p("cwd", "string", false)] });
    expect(shellInvocation(tool, { cmd: "pwd", cwd: "/tmp" })).toEqual({ argv: ["/bin/sh", "-c", "pwd"], cwd: "/tmp" });
    expect(shellInvocation(tool, { cmd: "pwd" })).toEqual({ argv: ["/bin/sh", "-c", "pwd"] });
  });

  it("takes it for a command template too, without it appearing in the argv", () => {
    const tool = modelOf({ name: "status", command: "git status --short", params: [p("cwd", "string", false)] });
    expect(shellInvocation(tool, { cwd: "/srv/repo" })).toEqual({ argv: ["git", "status", "--short"], cwd: "/srv/repo" });
    expect(shellInvocation(tool, {})).toEqual({ argv: ["git", "status", "--short"] });
  });

  it("refuses a template whose program (its first word) is not written in the file, whatever the value", () => {
    // Built past the linter (which also rejects these), as a library caller could: the runtime holds on its own.
    const templated = (command: string, param: string) =>
      toolModel({
        name: "picks",
        executor: "shell",
        method: "exec",
        command: parseCommandTemplate(command).template,
        params: [{ name: param, type: "string", required: false }],
      });
    for (const [command, param, value] of [
      ["{prog} --version", "prog", "/bin/sh"],
      ["/usr/bin/{p}", "p", "../../bin/bash"],
      ["{dir}/run.sh", "dir", "/tmp"],
      ["[{opt}] ls", "opt", "/bin/sh"],
      ["'{}'{p} x", "p", "sh"],
    ] as const) {
      let caught: unknown;
      try {
        shellInvocation(templated(command, param), { [param]: value });
      } catch (error) {
        caught = error;
      }
      expect(caught, command).toBeInstanceOf(RefusedCallError);
      expect((caught as RefusedCallError).refusal).toBe("invalid-tool");
      expect((caught as Error).message).toContain("program");
    }
  });
});
