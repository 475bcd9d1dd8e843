/**
 * `intent-collision` on fixture pairs (testdata/<case>/<tool>/TOOL.hdlp, the
 * expected warnings in `TOOL.expected` beside each): a colliding pair, a near
 * pair that is fine, a suppressed one. Regenerate after a deliberate change:
 *   HDLP_UPDATE_FIXTURES=1 npx vitest run packages/match/src/collision
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { lintFiles } from "@hdlp/parser";
import { describe, expect, it } from "vitest";
import { loadToolSet } from "../../../../bench/intent/labelled-set.ts";
import { tool } from "../testdata/tools.ts";
import { collisionTool, intentCollisions } from "./collisions.ts";
import { MATCH_RULES } from "./rule.ts";

const TESTDATA = fileURLToPath(new URL("./testdata/", import.meta.url));
const UPDATE = process.env.HDLP_UPDATE_FIXTURES === "1";

/** A case's files linted together, with the matcher's rule: each file's diagnostics as `line rule: message` lines. */
function lintCase(folder: string): Map<string, string> {
  const root = join(TESTDATA, folder);
  const files = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "TOOL.hdlp")))
    .sort()
    .map((name) => ({ path: join(name, "TOOL.hdlp"), text: readFileSync(join(root, name, "TOOL.hdlp"), "utf8") }));
  const tools = files.flatMap((file) => collisionTool(file.path, file.text) ?? []);
  const results = lintFiles(files, {}, { rules: MATCH_RULES, findings: intentCollisions(tools) });
  return new Map(
    results.map((r) => [
      r.path,
      r.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.rule}: ${d.message}\n`).join("") || "(clean)\n",
    ]),
  );
}

describe("intent-collision fixtures", () => {
  for (const folder of readdirSync(TESTDATA).sort()) {
    it(folder, () => {
      for (const [path, actual] of lintCase(folder)) {
        const expected = join(TESTDATA, folder, path.replace(/\.hdlp$/, ".expected"));
        if (UPDATE) writeFileSync(expected, actual);
        else expect(actual, relative(TESTDATA, expected)).toBe(readFileSync(expected, "utf8"));
      }
    });
  }

  it("warns both tools of a colliding pair, naming the other and what they share", () => {
    const results = lintCase("colliding");
    for (const [self, other] of [
      ["service-restart", "systemd-restart"],
      ["systemd-restart", "service-restart"],
    ]) {
      const text = results.get(join(self!, "TOOL.hdlp"))!;
      expect(text).toMatch(new RegExp(`^3:9 intent-collision: \`${self}\` and \`${other}\` are near-equals`));
      expect(text).toContain("restart");
    }
  });

  it("leaves a near pair that is told apart by what it does alone", () => {
    for (const text of lintCase("near").values()) expect(text).toBe("(clean)\n");
  });
});

describe("the docs", () => {
  it("describe the matcher's rules in docs/linter.md and list them in docs/spec.md, as the core's", () => {
    const read = (name: string) => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), "utf8");
    for (const rule of MATCH_RULES) {
      expect(read("linter.md"), rule.id).toContain(`#### ${rule.id}\n\n**${rule.severity}.**`);
      expect(read("spec.md"), rule.id).toContain(`| \`${rule.id}\` | ${rule.severity} |`);
    }
  });
});

describe("intentCollisions", () => {
  it("finds none among the project's labelled tools, written to be told apart", () => {
    const root = fileURLToPath(new URL("../../../../bench/intent/tools/", import.meta.url));
    const tools = loadToolSet(root).map((model) => ({
      path: model.name,
      model,
      range: { start: { line: 0, character: 0, offset: 0 }, end: { line: 0, character: 0, offset: 0 } },
    }));
    expect([...intentCollisions(tools).keys()]).toEqual([]);
  });

  it("reports only for the tools asked about, checking them against all", () => {
    const at = { start: { line: 2, character: 8, offset: 0 }, end: { line: 2, character: 9, offset: 1 } };
    const twins = [
      { path: "a", model: tool({ name: "a", display: "证书续期", intent: "用certbot续期网站的TLS证书" }), range: at },
      { path: "b", model: tool({ name: "b", display: "Renew certificates", intent: "Renew the TLS certificates of the web sites with certbot" }), range: at },
      { path: "c", model: tool({ name: "c", display: "磁盘用量", intent: "查看磁盘分区的剩余空间" }), range: at },
    ];
    expect([...intentCollisions(twins).keys()].sort()).toEqual(["a", "b"]);
    expect([...intentCollisions(twins, { only: new Set(["b"]) }).keys()]).toEqual(["b"]);
    expect([...intentCollisions(twins, { only: new Set(["c"]) }).keys()]).toEqual([]);
  });
});
