import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REQUIRED_FIELDS } from "../catalogue/fields.ts";
import type { Diagnostic } from "../diagnostics.ts";
import { parse } from "../syntax/parse.ts";
import { applyFixes } from "./apply-fixes.ts";
import { didYouMean } from "./did-you-mean.ts";
import { combineLints, lint, lintFile, lintFiles, summarizeFile } from "./lint.ts";
import { SUGGESTED_PLACEHOLDERS } from "./rules/unknown-placeholder.ts";

/** The seed design's §7 example, verbatim: one file serves every test. */
const SEED = readFileSync(new URL("../syntax/testdata/seed.hdlp", import.meta.url), "utf8");

describe("didYouMean", () => {
  it.each([
    ["Shell", ["gatekeeper", "hlpd-api", "git-forgejo", "shell"], "shell"],
    ["hldp-api", ["gatekeeper", "hlpd-api", "git-forgejo", "shell"], "hlpd-api"],
    ["intnet", ["intent", "name"], "intent"],
    ["docker", ["gatekeeper", "hlpd-api", "git-forgejo", "shell"], undefined],
    ["ab", ["xy"], undefined],
  ])("%s → %s", (word, candidates, expected) => {
    expect(didYouMean(word, candidates)).toBe(expected);
  });
});

describe("lint", () => {
  it("gives the same diagnostics, syntax included, from the document alone as from the parse result", () => {
    const text = SEED.replace("executor: gatekeeper", "executor: Shell").replace("  cmd: {", "\tcmd: {");
    const fromResult = lint(parse(text));
    expect(fromResult.map((d) => d.rule)).toContain("tab-indentation");
    expect(lint(parse(text).document)).toEqual(fromResult);
  });

  it("sorts by position", () => {
    const diagnostics = lint(parse(SEED.replace("executor: gatekeeper", "executor: Shell").replace("name: shell-exec", "name: shell exec")));
    const offsets = diagnostics.map((d) => d.range.start.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  /** The seed with `field`'s value (and any lines nested under it) replaced by `value`. */
  const blanked = (field: string, value: string) => SEED.replace(new RegExp(`^${field}:.*\n(  .*\n)*`, "m"), `${field}:${value}\n`);

  it.each(
    REQUIRED_FIELDS.flatMap((field) => [
      [field, ""],
      [field, ' ""'],
      [field, " '   '"],
    ]),
  )("reports `%s:%s` (present, no value) as one empty-field error", (field, value) => {
    const errors = lint(parse(blanked(field, value))).filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.rule, d.field])).toEqual([["empty-field", field]]);
  });

  it("never throws and keeps every range inside the text, whatever the input", () => {
    const pieces = fc.constantFrom(
      "name: ",
      "params_schema:\n",
      "  cmd: { type: ",
      "string",
      "}",
      "[",
      "\n",
      "\t",
      " ",
      "#",
      "# hdlp-disable-next-line\n",
      "command: a {b} [c",
      "endpoint: get x",
      "executor: Shell\n",
      ": ",
      '"',
      "|\n  x\n",
      "constraints:\n  timeout_ms: 0\n",
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 30 }).map((p) => p.join("")),
        (text) => {
          for (const d of lintFiles([{ path: "x/TOOL.hdlp", text }])[0]!.diagnostics) {
            expect(d.range.start.offset).toBeGreaterThanOrEqual(0);
            expect(d.range.end.offset).toBeLessThanOrEqual(text.length);
            expect(d.range.start.offset).toBeLessThanOrEqual(d.range.end.offset);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("bounds on what a file can make the linter do", () => {
  it("names three other files of a duplicate name, and counts the rest", () => {
    const files = ["a", "b", "c", "d", "e"].map((folder) => ({ path: `${folder}/TOOL.hdlp`, text: SEED }));
    const messages = lintFiles(files).map((file) => file.diagnostics.find((d) => d.rule === "duplicate-name")?.message);
    expect(messages[0]).toBe("The tool name `shell-exec` is also declared in b/TOOL.hdlp, c/TOOL.hdlp, d/TOOL.hdlp and 1 more.");
    expect(messages[4]).toBe("The tool name `shell-exec` is also declared in a/TOOL.hdlp, b/TOOL.hdlp, c/TOOL.hdlp and 1 more.");
  });

  it(`suggests a param for the first ${SUGGESTED_PLACEHOLDERS} unknown placeholders of a template, by name, and for no more`, () => {
    // `cmda`, `cmdb`, …: each one letter away from the param `cmd`.
    const names = [..."abcdefghijklmnopqrstuvwxyz0123456789"].slice(0, SUGGESTED_PLACEHOLDERS + 2).map((c) => `cmd${c}`);
    const text = SEED.replace("executor: gatekeeper", `executor: shell\ncommand: run ${names.map((n) => `{${n}}`).join(" ")} {cmda}`);
    const messages = lint(parse(text))
      .filter((d) => d.rule === "unknown-placeholder")
      .map((d) => d.message);
    expect(messages).toHaveLength(names.length + 1);
    expect(messages.filter((m) => m.includes("did you mean `{cmd}`"))).toHaveLength(SUGGESTED_PLACEHOLDERS + 1);
    expect(messages.at(-2)).toBe(`\`{${names.at(-1)}}\` names no param of \`params_schema\`.`);
    expect(messages.at(-1)).toContain("did you mean `{cmd}`");
  });
});

describe("summarizeFile", () => {
  const named = (name: string) => SEED.replace("name: shell-exec", `name: ${name}`);

  it("gives the rules across files what lintFile gives them, and no findings of the file's own", () => {
    const open = { path: "tools/shell-exec/TOOL.hdlp", text: named("shell-exec") };
    const others = [
      { path: "tools/copy/TOOL.hdlp", text: named("shell-exec") },
      { path: "tools/wrong/TOOL.hdlp", text: `${named("other")}executor: Shell\n` },
    ];
    const full = combineLints([open, ...others].map((file) => lintFile(file)));
    const summarized = combineLints([lintFile(open), ...others.map((file) => summarizeFile(file))]);
    expect(summarized[0]).toEqual(full[0]);
    expect(full[0]!.diagnostics.map((d) => d.rule)).toEqual(["duplicate-name"]);
    // The others: their own findings (a repeated key, a bad executor) are not worked out, only the cross-file ones.
    expect(full[2]!.diagnostics.map((d) => d.rule)).toEqual(expect.arrayContaining(["duplicate-key", "folder-name-mismatch"]));
    const acrossFiles = new Set(["duplicate-name", "folder-name-mismatch"]);
    for (const index of [1, 2]) expect(summarized[index]!.diagnostics).toEqual(full[index]!.diagnostics.filter((d) => acrossFiles.has(d.rule)));
    expect(summarized[2]!.diagnostics.map((d) => d.rule)).toEqual(["folder-name-mismatch"]);
  });

  it("summarizes a parse as it does a text", () => {
    const file = { path: "tools/x/TOOL.hdlp", text: named("x") };
    expect(summarizeFile({ path: file.path, document: parse(file.text) })).toEqual(summarizeFile(file));
    expect(summarizeFile(file).summary.name?.value).toBe("x");
  });

  it("summarizes a file as plain data, holding no tree or text", () => {
    const summary = summarizeFile({ path: "tools/x/TOOL.hdlp", text: named("x") }).summary;
    expect(structuredClone(summary)).toEqual(summary);
    expect(structuredClone(summary).name?.range.start.line).toBe(0);
    expect(JSON.stringify(summary)).not.toContain("params_schema");
  });
});

describe("rules from outside the core (ExtraRules)", () => {
  const rule = { id: "outside-rule", severity: "warning" as const, summary: "A rule another package runs." };
  const intentLine = SEED.split("\n").findIndex((line) => line.startsWith("intent:"));
  const suppressed = SEED.replace("\nintent:", "\n# hdlp-disable-next-line outside-rule\nintent:");
  const finding = (line: number): Diagnostic => ({
    rule: rule.id,
    severity: "warning",
    message: "found from outside",
    range: { start: { line, character: 0, offset: 0 }, end: { line, character: 6, offset: 6 } },
  });

  it("joins their findings to the file's own, sorted with them", () => {
    const [result] = lintFiles([{ path: "a.hdlp", text: SEED }], {}, { rules: [rule], findings: new Map([["a.hdlp", [finding(intentLine)]]]) });
    expect(result!.diagnostics.map((d) => d.rule)).toEqual(["outside-rule"]);
  });

  it("lets one suppression comment silence them as it silences the core's", () => {
    const [result] = lintFiles([{ path: "a.hdlp", text: suppressed }], {}, { rules: [rule], findings: new Map([["a.hdlp", [finding(intentLine + 1)]]]) });
    expect(result!.diagnostics).toEqual([]);
  });

  it("reports a suppression of theirs that silenced nothing when they ran, and leaves it alone when they did not", () => {
    const [ran] = lintFiles([{ path: "a.hdlp", text: suppressed }], {}, { rules: [rule], findings: new Map() });
    expect(ran!.diagnostics.map((d) => d.rule)).toEqual(["unused-suppression"]);
    const [notRun] = lintFiles([{ path: "a.hdlp", text: suppressed }], {}, { rules: [rule] });
    expect(notRun!.diagnostics).toEqual([]);
    const [unknown] = lintFiles([{ path: "a.hdlp", text: suppressed }]);
    expect(unknown!.diagnostics[0]?.message).toMatch(/`outside-rule` is not a rule/);
  });
});

describe("applyFixes", () => {
  const at = (offset: number) => ({ offset, line: 0, character: offset });
  const fix = (from: number, to: number, newText: string): Diagnostic => ({
    rule: "r",
    severity: "error",
    message: "m",
    range: { start: at(from), end: at(to) },
    fix: { title: "t", edits: [{ range: { start: at(from), end: at(to) }, newText }] },
  });

  it("applies non-overlapping fixes and leaves overlapping ones for the next round", () => {
    expect(applyFixes("abcdef", [fix(0, 2, "X"), fix(1, 3, "Y"), fix(4, 5, "Z")])).toEqual({ text: "XcdZf", applied: 2 });
  });

  it("keeps insertions at one point in the order of their diagnostics", () => {
    expect(applyFixes("ab", [fix(1, 1, "1"), fix(1, 1, "2")])).toEqual({ text: "a12b", applied: 2 });
  });

  it("takes an insertion at either end of a replacement only at its end: at its start their order would matter", () => {
    expect(applyFixes("abcd", [fix(1, 3, "X"), fix(3, 3, "E"), fix(1, 1, "S"), fix(2, 2, "I")])).toEqual({ text: "aXEd", applied: 2 });
    expect(applyFixes("abcd", [fix(2, 2, "I"), fix(1, 3, "X"), fix(1, 2, "Y")])).toEqual({ text: "aYIcd", applied: 2 });
  });

  it("brings a file with fixable problems to a clean lint in a few rounds", () => {
    let text = SEED.replace("executor: gatekeeper", "executor: Shell").replace(/^constraints:\n( {2}.*\n)+/m, "");
    for (let round = 0; round < 5; round++) text = applyFixes(text, lint(parse(text))).text;
    expect(lint(parse(text)).filter((d) => d.severity === "error")).toEqual([]);
    expect(text).toContain("executor: shell\n");
    expect(text).toContain("constraints:\n  timeout_ms: 30000\n  max_output_bytes: 1048576\n  require_confirm: false\n");
  });
});
