/**
 * Block text follows YAML's rules, so the `yaml` package serves as an oracle:
 * on every block both read without complaint, the values agree.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { parse } from "./parse.ts";

const line = fc.constantFrom("", "  ", "a", "b c", " x", "  y", "中文 # 不是注释", "   deep");
const block = fc.tuple(fc.constantFrom("|", ">", "|-", ">-", "|+", ">+", "|2", ">-1"), fc.array(line, { maxLength: 7 }), fc.boolean());

describe("block text", () => {
  it("agrees with YAML on `|`/`>`, chomping and indentation indicators", () => {
    let compared = 0;
    fc.assert(
      fc.property(block, ([header, lines, keyAfter]) => {
        const body = lines.map((l) => (l.trim() === "" ? l : `  ${l}`)).join("\n");
        const text = `why: ${header}\n${body}\n${keyAfter ? "next: 1\n" : ""}`;
        let expected: unknown;
        try {
          expected = (parseYaml(text) as { why?: unknown } | null)?.why ?? "";
        } catch {
          return; // not valid YAML: nothing to compare with
        }
        const ours = parse(text);
        if (ours.diagnostics.length > 0) return;
        compared++;
        expect(ours.document.fieldText("why")).toBe(expected);
      }),
      { numRuns: 400 },
    );
    expect(compared).toBeGreaterThan(200);
  });
});
