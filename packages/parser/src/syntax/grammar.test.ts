import { describe, expect, it } from "vitest";
import { LineIndex } from "../text/line-index.ts";
import { HdlpGrammar } from "./grammar.ts";
import { Scanner } from "./scanner.ts";

const ORIGIN = { offset: 0, line: 0, character: 0 };

function parseWith(grammar: HdlpGrammar, text: string) {
  return grammar.parseTokens(new Scanner(text, new LineIndex(text)), text, ORIGIN);
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

  it("gives the tree the Scanner's positions, which agree with the line index", () => {
    const text = "name: a\r\nparams_schema:\n  cmd: { type: string, description: \"第1个: 目录\" }\n";
    const lines = new LineIndex(text);
    const { root } = parseWith(new HdlpGrammar(), text);
    const params = root.entries[1]?.value;
    if (params?.kind !== "map") throw new Error("params_schema is not a map");
    const flow = params.entries[0]?.value;
    if (flow?.kind !== "map") throw new Error("cmd is not a map");
    const nodes = [root, ...root.entries, params, ...params.entries, flow, ...flow.entries.flatMap((e) => [e, e.key, e.value])];
    for (const node of nodes) {
      if (!node) continue;
      expect(node.range.start).toEqual(lines.positionAt(node.range.start.offset));
      expect(node.range.end).toEqual(lines.positionAt(node.range.end.offset));
    }
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
