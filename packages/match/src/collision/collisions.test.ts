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
import { REGISTRY, tool } from "../testdata/tools.ts";
import { CollisionChecker, type CollisionTool, collisionTool, intentCollisions } from "./collisions.ts";
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

describe("CollisionChecker", () => {
  const at = { start: { line: 2, character: 8, offset: 0 }, end: { line: 2, character: 9, offset: 1 } };
  const registry: CollisionTool[] = REGISTRY.map((model) => ({ path: model.name, model, range: at }));
  const params = Array.from({ length: 2000 }, (_, i) => [`p${i}`, `第${i}个参数: 工作目录`] as const);
  /** A tool with 2,000 params; as written first, it collides with log-grep. */
  const mine = (intent = "在日志文件里搜索关键字", display = "日志检索", ps: typeof params = params): CollisionTool => ({
    path: "mine",
    model: tool({ name: "mine", display, intent, params: ps }),
    range: at,
  });
  const only = new Set(["mine"]);

  it("finds what a fresh check finds, as the tools change between its checks", () => {
    const rounds = [
      [...registry, mine()],
      [...registry, mine("查看磁盘分区的剩余空间")],
      [...registry, mine(undefined, undefined, params.slice(1))],
      [...registry.filter((t) => t.path !== "log-grep"), mine(undefined, undefined, params.slice(1))],
      [...registry, mine()],
      registry,
    ];
    const checker = new CollisionChecker();
    const found = rounds.map((tools) => {
      const all = checker.check(tools);
      expect(all).toEqual(intentCollisions(tools));
      expect(checker.check(tools, only)).toEqual(intentCollisions(tools, { only }));
      return [...all.keys()].sort();
    });
    expect(found).toEqual([["log-grep", "mine"], [], ["log-grep", "mine"], [], ["log-grep", "mine"], []]);
  });

  it("finds what a fresh check finds after a check dropped between its steps", () => {
    const checker = new CollisionChecker();
    const steps = checker.steps([mine(), ...registry], only);
    // The model, then the first two slices of its params.
    for (let step = 0; step < 3; step++) expect(steps.next().done).toBe(false);
    steps.return(new Map());
    // The next check's tool reads its params alike (their reading is taken up where it stopped); then one whose params differ.
    for (const edited of [mine("用日志关键字搜索日志文件"), mine(undefined, undefined, params.slice(1))]) {
      const tools = [edited, ...registry];
      expect(checker.check(tools, only)).toEqual(intentCollisions(tools, { only }));
    }
  });

  it("checks tool files as intentCollisions checks their tools, making a file's tool again when its text changes", () => {
    const read = (name: string) => {
      const path = join(name, "TOOL.hdlp");
      return { path, text: readFileSync(join(TESTDATA, "colliding", path), "utf8") };
    };
    const files = [read("service-restart"), read("systemd-restart")];
    const sharper = [{ ...files[0]!, text: files[0]!.text.replace(/^intent: .*$/m, "intent: 查看nginx的访问日志") }, files[1]!];
    const checker = new CollisionChecker();
    const found = [files, sharper, files].map((round) => {
      const findings = checker.checkFiles(round);
      expect(findings).toEqual(intentCollisions(round.map((file) => collisionTool(file.path, file.text)!)));
      return findings.size;
    });
    expect(found).toEqual([2, 0, 2]);
  });

  it("checks nothing with fewer than two tools, or none of them asked about", () => {
    const checker = new CollisionChecker();
    expect(checker.steps([mine()], only).next()).toEqual({ done: true, value: new Map() });
    expect(checker.steps([mine(), ...registry], new Set(["elsewhere"])).next()).toEqual({ done: true, value: new Map() });
  });
});
