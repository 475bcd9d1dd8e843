/**
 * A call runs what the tool's file says when the call starts: the registry's
 * index (persisted or in memory) is trusted for listing and matching only.
 */
import { readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { scanTools } from "../registry/scanner.ts";
import { whileLinkFlips } from "../../test/flipping-link.ts";
import { perTestCleanup } from "../../test/per-test-cleanup.ts";
import { toolText, UNCONFINED, writeTool } from "../../test/tool-fixtures.ts";
import { type CallOptions, callTool } from "./call.ts";

const { temp } = perTestCleanup("hdlp-call-file-");

/** Unconfined: a marker file left or not on this machine is what some of these check. */
const call = (lookup: Parameters<typeof callTool>[0], request: Parameters<typeof callTool>[1], options: CallOptions = {}) =>
  callTool(lookup, request, { config: UNCONFINED, ...options });

const echoing = (name: string, word: string) => toolText({ name, command: `echo ${word}` });

/** An hour old, so that the persisted index trusts the file on its size and mtime. */
function age(path: string) {
  const past = new Date(Date.now() - 3_600_000);
  utimesSync(path, past, past);
}

describe("a call reads its tool from the file", () => {
  it("runs the file's command, not the one an edited index remembers", async () => {
    const root = temp();
    age(writeTool(root, "greet", echoing("greet", "from-file")));
    const cacheFile = scanTools({ root }).stats.cacheFile!;
    // Edited as someone who knows the index's layout would, its check recomputed so the line is taken.
    const [header, ...entries] = readFileSync(cacheFile, "utf8").trimEnd().split("\n");
    const forged = entries.map((line) => {
      const [key, meaning] = line.split("\t") as [string, string];
      const edited = meaning.replaceAll("from-file", "from-index");
      return `${JSON.stringify([...(JSON.parse(key) as unknown[]).slice(0, 5), crc32(edited)])}\t${edited}`;
    });
    writeFileSync(cacheFile, `${[header, ...forged].join("\n")}\n`);
    const index = scanTools({ root });
    expect(index.stats.read).toBe(0);
    expect(index.get("greet")!.model.command!.source).toBe("echo from-index"); // listing trusts the index
    const envelope = await call(index, { tool: "greet" });
    expect(envelope).toMatchObject({ ok: true, output: "from-file\n" });
  });

  it("runs the file as it is when the call starts, edited since the scan", async () => {
    const root = temp();
    writeTool(root, "greet", echoing("greet", "first"));
    const index = scanTools({ root, cacheDir: false });
    expect(await call(index, { tool: "greet" })).toMatchObject({ ok: true, output: "first\n" });
    writeTool(root, "greet", echoing("greet", "second"));
    expect(await call(index, { tool: "greet" })).toMatchObject({ ok: true, output: "second\n" });
  });

  it("refuses a tool whose file broke, was renamed inside or grew past the limit since the scan, and runs nothing", async () => {
    const root = temp();
    const marker = join(root, "ran");
    const path = writeTool(root, "t", toolText({ name: "t", command: `touch ${marker}` }));
    const index = scanTools({ root, cacheDir: false });
    for (const [text, says] of [
      ["name: t\n", /no longer lints clean: .*\[missing-field\]/],
      [toolText({ name: "other", command: `touch ${marker}` }), /now declares `other`, not `t`/],
      [`${toolText({ name: "t", command: `touch ${marker}` })}# ${"x".repeat(1024 * 1024)}\n`, /1,048,576 bytes \(1 MiB\)/],
    ] as const) {
      writeFileSync(path, text);
      const envelope = await call(index, { tool: "t" });
      expect(envelope).toMatchObject({ ok: false, found: true, refused: "invalid-tool" });
      expect(envelope.error).toContain(`\`t\` was not run: ${path}`);
      expect(envelope.error).toMatch(says);
    }
    expect(readdirSync(root)).not.toContain("ran");
  });

  it("never runs what a link points to outside the root, however fast the link flips", async () => {
    const root = temp();
    const outside = temp();
    const outputs = new Set<string>();
    await whileLinkFlips(root, outside, { inside: echoing("flip", "inside"), outside: echoing("flip", "OUTSIDE") }, async () => {
      // As `hdlp call` does each time: a scan, then the call (which reads the file again); and calls of one earlier scan.
      // At least 30 calls, and on until one has run the file inside the root: a call needs the link
      // to point inside at both reads, which a busy machine's scheduling can deny many times running.
      const index = scanTools({ root, cacheDir: false });
      for (let i = 0; i < 30 || (i < 1000 && !outputs.has("inside\n")); i++) {
        const envelope = await call(i % 2 === 0 && index.get("flip") ? index : scanTools({ root, cacheDir: false }), { tool: "flip" });
        outputs.add(envelope.ok ? envelope.output : String(envelope.refused ?? envelope.error));
      }
    });
    expect([...outputs]).not.toContain("OUTSIDE\n");
    expect(outputs.has("inside\n")).toBe(true);
  });
});
