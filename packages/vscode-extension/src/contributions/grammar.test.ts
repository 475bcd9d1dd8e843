import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CONSTRAINT_KEYS, EXECUTOR_NAMES, FIELDS, PARAM_KEYS, PARAM_TYPES } from "@hdlp/parser";
import { describeTokens, tokenize, type Token } from "./tokenize.test-support.ts";

const fixture = (name: string) => readFile(new URL(`testdata/${name}`, import.meta.url), "utf8");

/** The scopes of the first token on `line` whose text is exactly `text`. */
function scopesOf(tokens: readonly Token[], line: number, text: string): readonly string[] {
  const token = tokens.find((t) => t.line === line && t.text === text);
  if (!token) throw new Error(`no token ${JSON.stringify(text)} on line ${line}:\n${describeTokens(tokens.filter((t) => t.line === line))}`);
  return token.scopes;
}

/** Asserts each [line, token text, scope] of `expected`, naming the token when one fails. */
function expectScopes(tokens: readonly Token[], expected: readonly [number, string, string][]): void {
  for (const [line, text, scope] of expected) {
    expect(scopesOf(tokens, line, text), `${JSON.stringify(text)} on line ${line}`).toContain(scope);
  }
}

describe("the TextMate grammar", () => {
  it("scopes the seed's example: fields, executor, method, params, constraints, date", async () => {
    const tokens = await tokenize(await fixture("seed-example.hdlp"));
    expectScopes(tokens, [
      [0, "name", "entity.name.tag.field.hdlp"],
      [0, ":", "punctuation.separator.key-value.hdlp"],
      [0, "shell-exec", "string.unquoted.plain.hdlp"],
      [1, "Shell命令执行", "string.unquoted.plain.hdlp"],
      [3, "exec", "entity.name.function.method.hdlp"],
      [4, "gatekeeper", "support.constant.executor.hdlp"],
      [5, "params_schema", "entity.name.tag.field.hdlp"],
      [6, "cmd", "entity.name.tag.param.hdlp"],
      [6, "{", "punctuation.definition.map.begin.hdlp"],
      [6, "type", "entity.name.tag.param-key.hdlp"],
      [6, "string", "support.type.param-type.hdlp"],
      [6, "true", "constant.language.boolean.hdlp"],
      [6, "要执行的shell命令", "string.quoted.double.hdlp"],
      [6, "}", "punctuation.definition.map.end.hdlp"],
      [7, "cwd", "entity.name.tag.param.hdlp"],
      [7, "false", "constant.language.boolean.hdlp"],
      [8, "constraints", "entity.name.tag.field.hdlp"],
      [9, "timeout_ms", "entity.name.tag.constraint.hdlp"],
      [9, "30000", "constant.numeric.integer.hdlp"],
      [11, "require_confirm", "entity.name.tag.constraint.hdlp"],
      [13, "2026-05-31", "constant.numeric.date.hdlp"],
      [14, "铸渊需要通过gatekeeper执行服务器命令。这是所有系统操作的基础工具。", "string.unquoted.plain.hdlp"],
    ]);
    // The prose in `why` names an executor, but it is prose.
    expect(scopesOf(tokens, 14, "铸渊需要通过gatekeeper执行服务器命令。这是所有系统操作的基础工具。")).not.toContain("support.constant.executor.hdlp");
  });

  it("reads comments only after whitespace, and plain values to the end of the line, `: ` included", async () => {
    const tokens = await tokenize(await fixture("constructs.hdlp"));
    expectScopes(tokens, [
      [0, "#", "punctuation.definition.comment.hdlp"],
      [0, " A tool that uses every construct of the format.", "comment.line.number-sign.hdlp"],
      [1, "git-log", "string.unquoted.plain.hdlp"],
      [1, " trailing comment", "comment.line.number-sign.hdlp"],
      [3, "查看提交记录: 最近 N 条 a#b", "string.unquoted.plain.hdlp"],
    ]);
  });

  it("scopes quoted strings and their escapes", async () => {
    const tokens = await tokenize(await fixture("constructs.hdlp"));
    expectScopes(tokens, [
      [2, '"', "punctuation.definition.string.begin.hdlp"],
      [2, "Git 日志 ", "string.quoted.double.hdlp"],
      [2, '\\"', "constant.character.escape.hdlp"],
      [2, "\\t", "constant.character.escape.hdlp"],
      [13, "'", "punctuation.definition.string.begin.hdlp"],
      [13, "''", "constant.character.escape.hdlp"],
      [13, "s the count", "string.quoted.single.hdlp"],
    ]);
  });

  it("scopes `{param}` placeholders and `[optional groups]` in command and endpoint templates", async () => {
    const command = await tokenize(await fixture("constructs.hdlp"));
    expectScopes(command, [
      [6, "git log --oneline -n ", "string.unquoted.template.hdlp"],
      [6, "count", "variable.parameter.placeholder.hdlp"],
      [6, "[", "punctuation.definition.optional-group.begin.hdlp"],
      [6, "--since ", "meta.optional-group.hdlp"],
      [6, "since", "variable.parameter.placeholder.hdlp"],
      [6, "]", "punctuation.definition.optional-group.end.hdlp"],
      [6, " the argv template", "comment.line.number-sign.hdlp"],
    ]);
    // In a template `{` opens a placeholder, never a flow map.
    expect(command.filter((t) => t.line === 6).some((t) => t.scopes.includes("meta.flow-map.hdlp"))).toBe(false);

    const endpoint = await tokenize(await fixture("endpoint.hdlp"));
    expectScopes(endpoint, [
      [1, "hlpd-api", "support.constant.executor.hdlp"],
      [2, "module.get", "entity.name.function.method.hdlp"],
      [3, "GET", "keyword.other.http-method.hdlp"],
      [3, " /modules/", "string.unquoted.template.hdlp"],
      [3, "id", "variable.parameter.placeholder.hdlp"],
      [3, "path", "variable.parameter.placeholder.hdlp"],
      [3, " REST call", "comment.line.number-sign.hdlp"],
      [4, "{", "punctuation.definition.map.begin.hdlp"],
    ]);
  });

  it("scopes block maps, flow maps, flow lists, block lists and numbers", async () => {
    const tokens = await tokenize(await fixture("constructs.hdlp"));
    expectScopes(tokens, [
      [9, "count", "entity.name.tag.param.hdlp"],
      [10, "type", "entity.name.tag.param-key.hdlp"],
      [10, "integer", "support.type.param-type.hdlp"],
      [12, "default", "entity.name.tag.param-key.hdlp"],
      [12, "10", "constant.numeric.integer.hdlp"],
      [14, "since", "entity.name.tag.param.hdlp"],
      [14, "enum", "entity.name.tag.param-key.hdlp"],
      [14, "[", "punctuation.definition.list.begin.hdlp"],
      [14, "today", "meta.flow-list.hdlp"],
      [14, "yesterday", "string.quoted.double.hdlp"],
      [14, "2026-01-01", "constant.numeric.date.hdlp"],
      [14, "]", "punctuation.definition.list.end.hdlp"],
      [15, "a ratio", "string.unquoted.plain.hdlp"],
      [15, "-1.5e3", "constant.numeric.float.hdlp"],
      [16, "timeout_ms", "entity.name.tag.constraint.hdlp"],
      [16, "true", "constant.language.boolean.hdlp"],
      [19, "tags", "entity.name.tag.hdlp"],
      [20, "-", "punctuation.definition.list-item.hdlp"],
      [20, "git", "string.unquoted.plain.hdlp"],
      [21, "42", "constant.numeric.integer.hdlp"],
    ]);
    // A comment at the margin inside params_schema neither ends it nor loses its scope.
    expect(scopesOf(tokens, 8, "#")).toContain("comment.line.number-sign.hdlp");
    // An unknown top-level key is a key, not a catalogue field.
    expect(scopesOf(tokens, 19, "tags")).not.toContain("entity.name.tag.field.hdlp");
  });

  it("reads `|` and `>` blocks as text until the indentation returns", async () => {
    const tokens = await tokenize(await fixture("constructs.hdlp"));
    expectScopes(tokens, [
      [22, "|", "keyword.control.flow.block-scalar.hdlp"],
      [23, "  多行说明 # not a comment", "string.unquoted.block.hdlp"],
      [24, "  第二行: still text", "string.unquoted.block.hdlp"],
      [25, "custom", "entity.name.tag.hdlp"],
      [25, ">-", "keyword.control.flow.block-scalar.hdlp"],
      [26, "  folded", "string.unquoted.block.hdlp"],
    ]);
    expect(scopesOf(tokens, 25, "custom")).not.toContain("string.unquoted.block.hdlp");
  });

  it("keeps a broken file's damage to its own line", async () => {
    const tokens = await tokenize(await fixture("broken.hdlp"));
    expectScopes(tokens, [
      // A misspelt executor is plain text, not an executor.
      [1, "gate", "string.unquoted.plain.hdlp"],
      [3, "unterminated", "string.quoted.double.hdlp"],
      // The unterminated string and the unclosed `{` end with their line.
      [4, "cwd", "entity.name.tag.param.hdlp"],
      [4, "strin", "string.unquoted.plain.hdlp"],
      [5, "constraints", "entity.name.tag.field.hdlp"],
      [6, "\t", "invalid.illegal.tab.hdlp"],
      [6, "timeout_ms", "entity.name.tag.constraint.hdlp"],
      // The grammar reads the shape; the linter says 2026-02-30 is no day.
      [8, "2026-02-30", "constant.numeric.date.hdlp"],
      [9, "\\q", "invalid.illegal.escape.hdlp"],
    ]);
    expect(scopesOf(tokens, 1, "gate")).not.toContain("support.constant.executor.hdlp");
    expect(scopesOf(tokens, 4, "cwd")).not.toContain("string.quoted.double.hdlp");
    expect(scopesOf(tokens, 4, "strin")).not.toContain("support.type.param-type.hdlp");
    // A line with no colon is no entry: no key, no value.
    expect(scopesOf(tokens, 7, 'description "no colon here"')).toEqual(["source.hdlp"]);
  });

  it("tokenizes an empty file, a lone key and binary junk without throwing", async () => {
    expect(await tokenize("")).toHaveLength(1);
    expect(scopesOf(await tokenize("executor:"), 0, "executor")).toContain("entity.name.tag.field.hdlp");
    const junk = await tokenize("\u0000\u0001\uFFFD{[\"'\n:::\n- - -\n\t\t#");
    expect(junk.length).toBeGreaterThan(0);
  });

  it("knows every name of the catalogue", async () => {
    for (const field of FIELDS) {
      expect(scopesOf(await tokenize(`${field.name}: x`), 0, field.name), field.name).toContain("entity.name.tag.field.hdlp");
    }
    for (const executor of EXECUTOR_NAMES) {
      expect(scopesOf(await tokenize(`executor: ${executor}`), 0, executor), executor).toContain("support.constant.executor.hdlp");
    }
    for (const type of PARAM_TYPES) {
      const tokens = await tokenize(`params_schema:\n  p: { type: ${type} }\n  q:\n    type: ${type}`);
      expect(scopesOf(tokens, 1, type), type).toContain("support.type.param-type.hdlp");
      expect(scopesOf(tokens, 3, type), type).toContain("support.type.param-type.hdlp");
    }
    for (const key of PARAM_KEYS) {
      expect(scopesOf(await tokenize(`params_schema:\n  p: { ${key.name}: x }`), 1, key.name), key.name).toContain("entity.name.tag.param-key.hdlp");
    }
    for (const key of CONSTRAINT_KEYS) {
      expect(scopesOf(await tokenize(`constraints:\n  ${key.name}: 1`), 1, key.name), key.name).toContain("entity.name.tag.constraint.hdlp");
    }
  });
});
