import { tokenMatcher } from "chevrotain";
import { describe, expect, it } from "vitest";
import { LineIndex } from "../text/line-index.ts";
import type { Key as KeyNode, Scalar, Value } from "./ast.ts";
import { HdlpGrammar } from "./grammar.ts";
import { Scanner } from "./scanner.ts";
import { Key, ScalarToken } from "./tokens.ts";

function parseWith(grammar: HdlpGrammar, text: string) {
  const lines = new LineIndex(text);
  return grammar.parseTokens(new Scanner(text, lines), lines, 0);
}

describe("HdlpGrammar", () => {
  it("passes Chevrotain's own checks of a grammar (which the tools skip when they build it)", () => {
    expect(() => new HdlpGrammar({ validate: true })).not.toThrow();
  });

  it("lets go of the tokens once a parse is done (the shared grammar must not keep the last document alive)", () => {
    const grammar = new HdlpGrammar();
    const { root } = parseWith(grammar, "name: a\nparams_schema:\n  cmd: { type: string, required: true }\n");
    expect(root.entries.map((e) => e.key.text)).toEqual(["name", "params_schema"]);
    expect(grammar.input).toEqual([]);
  });

  it("places every key and scalar where the Scanner found its token (CRLF, BOM, Chinese, text over several lines)", () => {
    const text = '\uFEFFname: a\r\nparams_schema:\r\n  cmd: { type: string, description: "第1个: 目录" }\r\nwhy: |\r\n  两行\r\n  文字\r\ntags: [x, "y"]\r\n';
    const lines = new LineIndex(text);
    const tokens = new Scanner(text, lines).scan().tokens.filter((t) => t.tokenType === Key || tokenMatcher(t, ScalarToken));
    const { root } = new HdlpGrammar().parseTokens(new Scanner(text, lines), lines, 1);
    const leaves: (KeyNode | Scalar)[] = [];
    const collect = (value: Value | null): void => {
      if (value?.kind === "map") {
        for (const e of value.entries) {
          leaves.push(e.key);
          collect(e.value);
        }
      } else if (value?.kind === "list") value.items.forEach(collect);
      else if (value?.kind === "scalar") leaves.push(value);
    };
    collect(root);
    // The Scanner counts lines and characters as it goes; the tree works them out from offsets later.
    expect(leaves.map((node) => node.range)).toEqual(tokens.map((t) => ({ start: t.start, end: t.end })));
    expect(leaves.length).toBe(13);
    const why = root.entries[2]!;
    expect(why.range).toEqual({ start: { offset: 75, line: 3, character: 0 }, end: { offset: 93, line: 5, character: 4 } });
  });

  it("keeps every entry and item of a map or list, whatever its size", () => {
    for (const count of [0, 1, 15, 16, 17, 40]) {
      const keys = Array.from({ length: count }, (_, i) => `k${i}`);
      const text = `flow: { ${keys.map((k) => `${k}: 1`).join(", ")} }\nlist: [${keys.join(", ")}]\nblock:\n${keys.map((k) => `  ${k}: 1\n`).join("")}`;
      const { root, diagnostics } = parseWith(new HdlpGrammar(), text);
      expect(diagnostics).toEqual([]);
      const [flow, list, block] = root.entries.map((e) => e.value);
      expect(flow?.kind === "map" && flow.entries.map((e) => e.key.text)).toEqual(keys);
      expect(list?.kind === "list" && list.items.map((i) => (i.kind === "scalar" ? i.value : i.kind))).toEqual(keys);
      if (count > 0) expect(block?.kind === "map" && block.entries.map((e) => e.key.text)).toEqual(keys);
    }
  });
});
