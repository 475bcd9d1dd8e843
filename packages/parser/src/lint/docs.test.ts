import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LINT_RULES } from "./lint.ts";

const read = (name: string) => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), "utf8");

describe("the docs", () => {
  it("describe every rule with its severity in docs/linter.md and list it in docs/spec.md", () => {
    const linter = read("linter.md");
    const spec = read("spec.md");
    for (const rule of LINT_RULES) {
      expect(linter, rule.id).toContain(`#### ${rule.id}\n\n**${rule.severity}.**`);
      expect(spec, rule.id).toContain(`| \`${rule.id}\` | ${rule.severity} |`);
    }
  });
});
