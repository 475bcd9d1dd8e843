import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CMD_PARAM, tempDir, toolText, writeTool } from "../../test/tool-fixtures.ts";
import { type RegistryChange, type RegistryWatcher, watchTools } from "./watch.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A watcher on a temp root whose changes arrive in a queue the test awaits one by one. */
function watched() {
  const t = tempDir("hdlp-watch-");
  const queue: RegistryChange[] = [];
  const waiting: ((change: RegistryChange) => void)[] = [];
  writeTool(t.dir, "first", toolText({ name: "first", params: [CMD_PARAM] }));
  const watcher: RegistryWatcher = watchTools({
    root: t.dir,
    cacheDir: false,
    debounceMs: 50,
    onChange: (change) => {
      const next = waiting.shift();
      if (next) next(change);
      else queue.push(change);
    },
  });
  cleanups.push(() => {
    watcher.close();
    t.remove();
  });
  const nextChange = () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise<RegistryChange>((resolve) => waiting.push(resolve)));
  return { root: t.dir, watcher, nextChange };
}

describe("watchTools", () => {
  it("reports a tool added, changed, broken and removed, keeping the registry current", async () => {
    const { root, watcher, nextChange } = watched();
    expect(watcher.index.tools.map((t) => t.name)).toEqual(["first"]);

    writeTool(root, "second", toolText({ name: "second", params: [CMD_PARAM] }));
    const added = await nextChange();
    expect(added.added).toEqual([{ path: join(root, "second", "TOOL.hdlp"), name: "second", valid: true }]);
    expect(added.changed).toEqual([]);
    expect(watcher.index.get("second")).toBeDefined();

    writeTool(root, "second", toolText({ name: "second", intent: "新的意图", params: [CMD_PARAM] }));
    const changed = await nextChange();
    expect(changed.changed.map((c) => c.name)).toEqual(["second"]);
    expect(watcher.index.get("second")?.model.intent).toBe("新的意图");

    writeFileSync(join(root, "second", "TOOL.hdlp"), "name: second\n");
    const broken = await nextChange();
    expect(broken.changed).toEqual([{ path: join(root, "second", "TOOL.hdlp"), valid: false }]);
    expect(watcher.index.get("second")).toBeUndefined();

    rmSync(join(root, "second"), { recursive: true });
    const removed = await nextChange();
    expect(removed.removed.map((c) => c.path)).toEqual([join(root, "second", "TOOL.hdlp")]);
    expect(watcher.index.tools.map((t) => t.name)).toEqual(["first"]);
  });

  it("finds a TOOL.hdlp written into a folder created empty", async () => {
    const { root, watcher, nextChange } = watched();
    mkdirSync(join(root, "later"));
    // Give the re-scan that follows the mkdir time to start watching the new folder.
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(join(root, "later", "TOOL.hdlp"), toolText({ name: "later", params: [CMD_PARAM] }));
    const change = await nextChange();
    expect(change.added.map((c) => c.name)).toEqual(["later"]);
    expect(watcher.index.get("later")).toBeDefined();
  });
});
