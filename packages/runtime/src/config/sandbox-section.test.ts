import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/tool-fixtures.ts";
import { DEFAULT_SANDBOX_POLICY } from "./policy.ts";
import { ConfigError, loadRuntimeConfig } from "./runtime-config.ts";

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function configWith(sandbox: unknown) {
  const { dir, remove } = tempDir("hdlp-config-");
  cleanups.push(remove);
  writeFileSync(join(dir, "hdlp.config.json"), JSON.stringify({ sandbox }));
  return () => loadRuntimeConfig({ toolsRoot: join(dir, "tools"), env: {} });
}

describe("the sandbox section of hdlp.config.json", () => {
  it("reads the policy, the defaults filling what it leaves out", () => {
    expect(configWith({ network: true, read: ["/srv/data"] })().sandbox).toEqual({ ...DEFAULT_SANDBOX_POLICY, network: true, read: ["/srv/data"] });
    expect(configWith({ mode: "required", write: ["/srv/out"] })().sandbox).toEqual({ ...DEFAULT_SANDBOX_POLICY, mode: "required", write: ["/srv/out"] });
  });

  it("refuses a mode, a network or a path it cannot read, naming the key", () => {
    expect(configWith({ mode: "strict" })).toThrow(ConfigError);
    expect(configWith({ mode: "strict" })).toThrow('sandbox.mode: expected one of on, off, required, not "strict"');
    expect(configWith({ network: "yes" })).toThrow(/sandbox\.network: expected true or false/);
    expect(configWith({ read: ["relative/path"] })).toThrow(/sandbox\.read: expected a list of absolute paths/);
    expect(configWith({ writes: [] })).toThrow(/sandbox: unknown key "writes"/);
  });
});
