import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ForgejoFake, type ForgejoFakeOptions, startForgejoFake } from "../../../test/fakes/forgejo.ts";
import { TEST_TOKEN } from "../../../test/fakes/tools.ts";
import { tempDir, toolText } from "../../../test/tool-fixtures.ts";
import { callTool } from "../../call/call.ts";
import type { ToolIndex } from "../tool-index.ts";
import { type RegistryChange, watchRegistry } from "../watch.ts";
import { parseRegistryRoot } from "../root.ts";
import { type ForgejoScanOptions, type ForgejoSource, ForgejoToolScanner } from "./scanner.ts";
import { RegistryReadError } from "./repository.ts";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const REPO = "zhuyuan/native-repo";
const echo = (name: string, intent?: string) => toolText({ name, command: `echo ${name}`, ...(intent ? { intent } : {}) });

/** A fake Forgejo holding native-repo with two tools, a broken one and things that are not tools. */
async function repository(options: Partial<ForgejoFakeOptions> = {}): Promise<ForgejoFake> {
  const forgejo = await startForgejoFake({ token: TEST_TOKEN, user: "zhuyuan", ...options });
  forgejo.seed("zhuyuan", "native-repo", {
    "README.md": "# native-repo\n",
    "tools/alpha/TOOL.hdlp": echo("alpha"),
    "tools/alpha/run.sh": "echo alpha\n",
    "tools/beta/TOOL.hdlp": echo("beta"),
    "tools/broken/TOOL.hdlp": "name: broken\nexecutor: nowhere\n",
    "tools/no-tool-here/notes.md": "not a tool\n",
    "tools/.hidden/TOOL.hdlp": echo("hidden"),
    "src/main.ts": "export {};\n",
  });
  cleanups.push(
    () => expect(forgejo.violations).toEqual([]),
    () => forgejo.close(),
  );
  return forgejo;
}

function scannerOf(forgejo: ForgejoFake, root = `forgejo:${REPO}`, extra: Partial<ForgejoScanOptions> = {}): { scanner: ForgejoToolScanner; cacheDir: string } {
  const temp = tempDir("hdlp-forgejo-registry-");
  cleanups.push(temp.remove);
  const cacheDir = (extra.cacheDir as string | undefined) ?? temp.dir;
  const source = parseRegistryRoot(root) as ForgejoSource;
  return { scanner: new ForgejoToolScanner({ source, endpoint: { name: "forgejo", url: forgejo.url, token: TEST_TOKEN }, cacheDir, ...extra }), cacheDir };
}

/** The requests a step sent, as `METHOD path` (the query left out). */
async function requestsOf(forgejo: ForgejoFake, step: () => Promise<unknown>): Promise<string[]> {
  const before = forgejo.requests.length;
  await step();
  return forgejo.requests.slice(before).map((r) => `${r.method} ${r.url.split("?")[0]}`);
}

const blobRequests = (requests: string[]) => requests.filter((r) => r.includes("/git/blobs/"));

describe("the registry read from a Forgejo repository", () => {
  it("first scan: the tools under tools/ at the default branch's head, registered as a local scan registers them", async () => {
    const forgejo = await repository();
    const { scanner } = scannerOf(forgejo);
    let index: ToolIndex | undefined;
    const requests = await requestsOf(forgejo, async () => (index = await scanner.scan()));
    expect(index!.root).toBe("forgejo:zhuyuan/native-repo:tools");
    expect(index!.tools.map((t) => [t.name, t.path])).toEqual([
      ["alpha", "forgejo:zhuyuan/native-repo:tools/alpha/TOOL.hdlp"],
      ["beta", "forgejo:zhuyuan/native-repo:tools/beta/TOOL.hdlp"],
    ]);
    expect(index!.invalid.map((t) => [t.folder, t.diagnostics[0]!.rule])).toEqual([["broken", "missing-field"]]);
    expect(index!.origin).toEqual({ commit: forgejo.head(REPO), readAt: expect.any(String) });
    expect(index!.stale).toBeUndefined();
    expect(index!.get("alpha")!.model.intent).toBe("测试用的工具 alpha");
    // The head, the root's tree (to find tools/), the tools tree recursively, the three TOOL.hdlp blobs.
    expect(requests).toEqual([
      "GET /api/v1/repos/zhuyuan/native-repo/commits",
      `GET /api/v1/repos/zhuyuan/native-repo/git/trees/${forgejo.head(REPO)}`,
      expect.stringMatching(/^GET \/api\/v1\/repos\/zhuyuan\/native-repo\/git\/trees\/[0-9a-f]{40}$/),
      ...Array(3).fill(expect.stringMatching(/\/git\/blobs\/[0-9a-f]{40}$/)),
    ]);
    expect(index!.stats).toMatchObject({ files: 3, read: 3, parsed: 3, requests: 6 });
  });

  it("asks only for the head while it has not moved; the same index comes back", async () => {
    const forgejo = await repository();
    const { scanner } = scannerOf(forgejo);
    const first = await scanner.scan();
    let second: ToolIndex | undefined;
    expect(await requestsOf(forgejo, async () => (second = await scanner.scan()))).toEqual(["GET /api/v1/repos/zhuyuan/native-repo/commits"]);
    expect(second).toBe(first);
  });

  it("an added, a changed and a deleted file: the tree is read again, only new blobs are fetched", async () => {
    const forgejo = await repository();
    const { scanner } = scannerOf(forgejo);
    await scanner.scan();

    forgejo.push(REPO, { "tools/gamma/TOOL.hdlp": echo("gamma") });
    const added = await requestsOf(forgejo, async () => expect((await scanner.scan()).get("gamma")?.model.command?.source).toBe("echo gamma"));
    expect(blobRequests(added)).toHaveLength(1);

    forgejo.push(REPO, { "tools/alpha/TOOL.hdlp": echo("alpha", "新的意图") });
    const changed = await requestsOf(forgejo, async () => expect((await scanner.scan()).get("alpha")?.model.intent).toBe("新的意图"));
    expect(blobRequests(changed)).toHaveLength(1);

    forgejo.push(REPO, { "tools/beta/TOOL.hdlp": null });
    const deleted = await requestsOf(forgejo, async () => expect((await scanner.scan()).tools.map((t) => t.name)).toEqual(["alpha", "gamma"]));
    expect(blobRequests(deleted)).toEqual([]);

    // A file changed back to content seen before: its blob is in the cache already.
    forgejo.push(REPO, { "tools/alpha/TOOL.hdlp": echo("alpha") });
    expect(blobRequests(await requestsOf(forgejo, () => scanner.scan()))).toEqual([]);
  });

  it("a new process with the same cache at the same commit reads neither tree nor blobs", async () => {
    const forgejo = await repository();
    const { scanner, cacheDir } = scannerOf(forgejo);
    const first = await scanner.scan();
    const { scanner: again } = scannerOf(forgejo, `forgejo:${REPO}`, { cacheDir });
    let index: ToolIndex | undefined;
    expect(await requestsOf(forgejo, async () => (index = await again.scan()))).toEqual(["GET /api/v1/repos/zhuyuan/native-repo/commits"]);
    expect(index!.tools.map((t) => t.name)).toEqual(first.tools.map((t) => t.name));
    expect(index!.stats).toMatchObject({ read: 0, parsed: 0 });
  });

  it("follows a tree listed over several pages, each marked truncated as Forgejo marks them", async () => {
    const forgejo = await repository({ treePageSize: 2 });
    const { scanner } = scannerOf(forgejo);
    const requests = await requestsOf(forgejo, async () => expect((await scanner.scan()).tools.map((t) => t.name)).toEqual(["alpha", "beta"]));
    // The root has 3 entries (2 pages), the tools tree recursively 11 (6 pages).
    expect(requests.filter((r) => r.includes("/git/trees/"))).toHaveLength(8);
  });

  it("a ref, and a path other than tools/; a pinned commit does not move with a push", async () => {
    const forgejo = await repository();
    forgejo.push(REPO, { "agent/tools/delta/TOOL.hdlp": echo("delta") }, "main");
    forgejo.branch(REPO, "release/1.0");
    const pinned = forgejo.head(REPO)!;
    forgejo.push(REPO, { "agent/tools/epsilon/TOOL.hdlp": echo("epsilon") });
    expect((await scannerOf(forgejo, `forgejo:${REPO}@release/1.0:agent/tools`).scanner.scan()).tools.map((t) => t.name)).toEqual(["delta"]);
    expect((await scannerOf(forgejo, `forgejo:${REPO}:agent/tools`).scanner.scan()).tools.map((t) => t.name)).toEqual(["delta", "epsilon"]);
    const { scanner } = scannerOf(forgejo, `forgejo:${REPO}@${pinned}:agent/tools`);
    expect((await scanner.scan()).tools.map((t) => t.name)).toEqual(["delta"]);
    forgejo.push(REPO, { "agent/tools/zeta/TOOL.hdlp": echo("zeta") });
    expect((await scanner.scan()).tools.map((t) => t.name)).toEqual(["delta"]);
  });

  it("a path the repository does not hold is an error that names it", async () => {
    const forgejo = await repository();
    await expect(scannerOf(forgejo, `forgejo:${REPO}:nowhere`).scanner.scan()).rejects.toThrow(
      `the tools root forgejo:zhuyuan/native-repo:nowhere cannot be read from Forgejo at ${forgejo.url}: the repository zhuyuan/native-repo has no folder \`nowhere\` at commit ${forgejo.head(REPO)}; no earlier index of it is kept`,
    );
  });

  it("symbolic links: one inside the tools path is followed, one leading out is reported and not loaded", async () => {
    const forgejo = await repository();
    forgejo.push(REPO, {
      "tools/.store/real/TOOL.hdlp": echo("linked"),
      "tools/linked": { link: ".store/real" },
      "tools/escape": { link: "../src" },
      "tools/sneaky/TOOL.hdlp": { link: "../../README.md" },
      "tools/dangling": { link: "nowhere" },
    });
    const index = await scannerOf(forgejo).scanner.scan();
    expect(index.tools.map((t) => t.name)).toEqual(["alpha", "beta", "linked"]);
    expect(index.invalid.map((t) => [t.folder, t.diagnostics[0]!.rule, t.diagnostics[0]!.message])).toEqual([
      ["broken", "missing-field", expect.any(String)],
      ["escape", "path-escapes-root", "escape links to ../src, outside the tools root; it is not loaded."],
      ["sneaky", "path-escapes-root", "sneaky links to ../../README.md, outside the tools root; it is not loaded."],
    ]);
  });

  it("a TOOL.hdlp over Forgejo's blob limit is read raw and checked against its sha", async () => {
    const forgejo = await repository({ maxBlobSize: 64 * 1024 });
    const big = `${echo("big")}${`# ${"填".repeat(100)}\n`.repeat(300)}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(64 * 1024);
    forgejo.push(REPO, { "tools/big/TOOL.hdlp": big });
    const { scanner } = scannerOf(forgejo);
    let index: ToolIndex | undefined;
    const requests = await requestsOf(forgejo, async () => (index = await scanner.scan()));
    expect(requests).toContain("GET /api/v1/repos/zhuyuan/native-repo/raw/tools/big/TOOL.hdlp");
    expect(index!.get("big")!.load!().command?.source).toBe("echo big");
  });

  it("a TOOL.hdlp over MAX_TOOL_FILE_BYTES is reported file-too-large by its size in the tree, and never downloaded", async () => {
    const forgejo = await repository();
    const huge = `${echo("huge")}${`# ${"填".repeat(100)}\n`.repeat(Math.ceil((1.5 * 1024 * 1024) / 303))}`;
    forgejo.push(REPO, { "tools/huge/TOOL.hdlp": huge });
    const { scanner } = scannerOf(forgejo);
    let index: ToolIndex | undefined;
    const requests = await requestsOf(forgejo, async () => (index = await scanner.scan()));
    expect(requests.filter((r) => r.includes("huge"))).toEqual([]);
    expect(index!.get("huge")).toBeUndefined();
    expect(index!.invalid.map((t) => [t.folder, t.diagnostics.map((d) => d.rule)])).toContainEqual(["huge", ["file-too-large"]]);
  });

  describe("a call runs what the index says", () => {
    it("the tool's blob read from the cache and checked against its sha", async () => {
      const forgejo = await repository();
      const { scanner, cacheDir } = scannerOf(forgejo);
      const index = await scanner.scan();
      expect(await callTool(index, { tool: "alpha" })).toMatchObject({ ok: true, output: "alpha\n" });

      // A push after the scan does not change what this index runs.
      forgejo.push(REPO, { "tools/alpha/TOOL.hdlp": toolText({ name: "alpha", command: "echo pushed" }) });
      expect(await callTool(index, { tool: "alpha" })).toMatchObject({ ok: true, output: "alpha\n" });

      // Nor does a cache file changed on disk: the call is refused.
      const blobs = join(cacheDir, "forgejo", "blobs");
      const sha = index.get("alpha")!.hash;
      expect(readdirSync(blobs)).toContain(sha);
      writeFileSync(join(blobs, sha), toolText({ name: "alpha", command: "rm -rf /tmp/x" }));
      const refused = await callTool(index, { tool: "alpha" });
      expect(refused).toMatchObject({ ok: false, output: "" });
      expect(refused.error).toBe(
        `\`alpha\` was not run: the cached blob ${join(blobs, sha)} does not hold the blob ${sha}: it was changed after it was checked; it is not used`,
      );
    });
  });

  describe("the server down", () => {
    it("with an earlier index: it is used and said to be stale, naming the server; its tools still run", async () => {
      const forgejo = await repository();
      const { scanner } = scannerOf(forgejo);
      const good = await scanner.scan();
      forgejo.outage(true);
      const stale = await scanner.scan();
      expect(stale.tools.map((t) => t.name)).toEqual(good.tools.map((t) => t.name));
      expect(stale.stale).toMatch(
        new RegExp(
          `^the tools root forgejo:zhuyuan/native-repo:tools cannot be read from Forgejo at ${forgejo.url}: GET ${forgejo.url}/api/v1/repos/zhuyuan/native-repo/commits\\?.* failed: .*; using the index read at commit ${good.origin!.commit} on ${good.origin!.readAt}, which may be stale$`,
        ),
      );
      expect(await callTool(stale, { tool: "beta" })).toMatchObject({ ok: true, output: "beta\n" });
      forgejo.outage(false);
      expect((await scanner.scan()).stale).toBeUndefined();
    });

    it("in a new process, the index kept in the cache folder is used", async () => {
      const forgejo = await repository();
      const { scanner, cacheDir } = scannerOf(forgejo);
      await scanner.scan();
      await forgejo.close();
      const index = await scannerOf(forgejo, `forgejo:${REPO}`, { cacheDir }).scanner.scan();
      expect(index.tools.map((t) => t.name)).toEqual(["alpha", "beta"]);
      expect(index.stale).toMatch(new RegExp(`cannot be read from Forgejo at ${forgejo.url}: GET .* failed: `));
      expect(await callTool(index, { tool: "alpha" })).toMatchObject({ ok: true, output: "alpha\n" });
    });

    it("without any earlier index: a clear error naming the server", async () => {
      const forgejo = await repository();
      await forgejo.close();
      const scan = scannerOf(forgejo).scanner.scan();
      await expect(scan).rejects.toThrow(RegistryReadError);
      await expect(scan).rejects.toThrow(
        new RegExp(
          `^the tools root forgejo:zhuyuan/native-repo:tools cannot be read from Forgejo at ${forgejo.url}: GET .* failed: connect ECONNREFUSED .*; no earlier index of it is kept$`,
        ),
      );
    });
  });

  describe("watched", () => {
    it("polls the head: a pushed TOOL.hdlp is found by the next poll; an outage is reported once and the index kept", async () => {
      const forgejo = await repository();
      const changes: RegistryChange[] = [];
      const errors: Error[] = [];
      let notify: () => void = () => {};
      const cache = tempDir("hdlp-forgejo-watch-");
      cleanups.push(cache.remove);
      const watcher = await watchRegistry({
        source: parseRegistryRoot(`forgejo:${REPO}`) as ForgejoSource,
        endpoint: { name: "forgejo", url: forgejo.url, token: TEST_TOKEN },
        cacheDir: cache.dir,
        pollMs: 30,
        onChange: (change) => {
          changes.push(change);
          notify();
        },
        onError: (error) => {
          errors.push(error);
          notify();
        },
      });
      cleanups.push(() => watcher.close());
      const next = () => new Promise<void>((resolve) => (notify = resolve));
      expect(watcher.index.tools.map((t) => t.name)).toEqual(["alpha", "beta"]);

      const pushed = next();
      forgejo.push(REPO, { "tools/gamma/TOOL.hdlp": echo("gamma") });
      await pushed;
      expect(changes[0]!.added).toEqual([{ path: "forgejo:zhuyuan/native-repo:tools/gamma/TOOL.hdlp", name: "gamma", valid: true }]);
      expect(watcher.index.get("gamma")).toBeDefined();

      const down = next();
      forgejo.outage(true);
      await down;
      expect(errors.map((e) => e.message)).toEqual([expect.stringContaining(`cannot be read from Forgejo at ${forgejo.url}:`)]);
      expect(watcher.index.stale).toBeDefined();
      expect(watcher.index.get("gamma")).toBeDefined();

      const back = next();
      forgejo.outage(false);
      forgejo.push(REPO, { "tools/gamma/TOOL.hdlp": null });
      await back;
      expect(changes[1]!.removed.map((c) => c.path)).toEqual(["forgejo:zhuyuan/native-repo:tools/gamma/TOOL.hdlp"]);
      expect(watcher.index.stale).toBeUndefined();
      expect(errors).toHaveLength(1);
    });
  });
});
