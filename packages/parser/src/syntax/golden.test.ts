/**
 * Golden trees: every `testdata/ok/*.hdlp` parses without a diagnostic and
 * every `testdata/err/*.hdlp` with at least one, and each parse, printed,
 * equals the `.tree` file beside it. A change to the grammar shows here as a
 * diff to review by eye.
 *
 * Regenerate after a deliberate change:
 *   HDLP_UPDATE_FIXTURES=1 npx vitest run packages/parser/src/syntax/golden.test.ts
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "./parse.ts";
import { printParse } from "./print-tree.test-support.ts";

const TESTDATA = fileURLToPath(new URL("./testdata/", import.meta.url));
const UPDATE = process.env.HDLP_UPDATE_FIXTURES === "1";

for (const kind of ["ok", "err"] as const) {
  const folder = join(TESTDATA, kind);
  const cases = readdirSync(folder)
    .filter((name) => name.endsWith(".hdlp"))
    .sort();

  describe(`golden trees: ${kind}/`, () => {
    it("holds cases", () => expect(cases.length).toBeGreaterThan(5));

    for (const name of cases) {
      it(name, () => {
        const parsed = parse(readFileSync(join(folder, name), "utf8"));
        if (kind === "ok") expect(parsed.diagnostics, "an ok/ case must parse clean").toEqual([]);
        else expect(parsed.diagnostics.length, "an err/ case must have a diagnostic").toBeGreaterThan(0);
        const treePath = join(folder, name.replace(/\.hdlp$/, ".tree"));
        const printed = printParse(parsed);
        if (UPDATE) writeFileSync(treePath, printed);
        else expect(existsSync(treePath) ? readFileSync(treePath, "utf8") : undefined, `${kind}/${name}`).toBe(printed);
      });
    }
  });
}
