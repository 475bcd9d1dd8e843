import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, configPathFor, gatekeeperEnvName, loadRuntimeConfig } from "./runtime-config.ts";

describe("loadRuntimeConfig", () => {
  let project: string;
  let toolsRoot: string;
  const writeConfig = (data: unknown) => writeFile(join(project, "hdlp.config.json"), typeof data === "string" ? data : JSON.stringify(data));
  const load = (env: NodeJS.ProcessEnv = {}) => loadRuntimeConfig({ toolsRoot, env });

  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), "hdlp-config-"));
    toolsRoot = join(project, "tools");
    await mkdir(toolsRoot);
  });
  afterEach(() => rm(project, { recursive: true, force: true }));

  it("reads hdlp.config.json beside the tools root", () => {
    expect(configPathFor(toolsRoot)).toBe(join(project, "hdlp.config.json"));
  });

  it("no file and no environment: nothing configured", () => {
    expect(load()).toEqual({ gatekeepers: [], configPath: join(project, "hdlp.config.json") });
  });

  it("the environment alone configures one of each", () => {
    const config = load({
      HDLP_GATEKEEPER_URL: "http://10.0.0.1:3911",
      HDLP_GATEKEEPER_TOKEN: "g",
      HDLP_API_URL: "https://hldp.example/rpc",
      HDLP_API_TOKEN: "a",
      HDLP_FORGEJO_URL: "https://git.example",
      HDLP_FORGEJO_TOKEN: "f",
      HDLP_FORGEJO_REPO: "zhuyuan/native-repo",
    });
    expect(config).toMatchObject({
      gatekeepers: [{ name: "default", url: "http://10.0.0.1:3911", token: "g" }],
      defaultGatekeeper: "default",
      api: { url: "https://hldp.example/rpc", token: "a" },
      forgejo: { url: "https://git.example", token: "f" },
      forgejoDefaultRepo: "zhuyuan/native-repo",
    });
  });

  it("several named gatekeepers with a default; the environment wins field by field", async () => {
    await writeConfig({
      gatekeepers: { "BS-SG-001": { url: "http://sg:3911", token: "from-file" }, "BS-GZ-006": { url: "http://gz:3910" } },
      default_gatekeeper: "BS-GZ-006",
      forgejo: { url: "https://git.example", default_repo: "zhuyuan/native-repo" },
    });
    const config = load({
      HDLP_GATEKEEPER_TOKEN: "default-token",
      [gatekeeperEnvName("BS-SG-001", "TOKEN")]: "sg-token",
      HDLP_FORGEJO_URL: "https://git.internal",
    });
    expect(config.defaultGatekeeper).toBe("BS-GZ-006");
    expect(config.gatekeepers).toEqual([
      { name: "BS-SG-001", url: "http://sg:3911", token: "sg-token" },
      { name: "BS-GZ-006", url: "http://gz:3910", token: "default-token" },
    ]);
    expect(config.forgejo).toEqual({ name: "forgejo", url: "https://git.internal" });
    expect(config.forgejoDefaultRepo).toBe("zhuyuan/native-repo");
    expect(gatekeeperEnvName("BS-SG-001", "TOKEN")).toBe("HDLP_GATEKEEPER_BS_SG_001_TOKEN");
  });

  it("without default_gatekeeper the first listed is the default, and HDLP_GATEKEEPER_URL moves it", async () => {
    await writeConfig({ gatekeepers: { a: { url: "http://a" }, b: { url: "http://b" } } });
    const config = load({ HDLP_GATEKEEPER_URL: "http://a-moved" });
    expect(config.defaultGatekeeper).toBe("a");
    expect(config.gatekeepers.map((g) => g.url)).toEqual(["http://a-moved", "http://b"]);
  });

  it("the example of docs/executors.md loads as it says", async () => {
    const doc = await readFile(new URL("../../../../docs/executors.md", import.meta.url), "utf8");
    await writeConfig(/```json\n([\s\S]*?)```/.exec(doc)![1]!);
    const config = load({ HDLP_GATEKEEPER_BS_GZ_006_TOKEN: "gz" });
    expect(config).toMatchObject({
      gatekeepers: [{ name: "BS-SG-001", url: "http://10.0.0.1:3911" }, { name: "BS-GZ-006", url: "http://10.0.0.2:3910", token: "gz" }],
      defaultGatekeeper: "BS-SG-001",
      api: { url: "https://hldp.example/api" },
      forgejo: { url: "https://git.example" },
      forgejoDefaultRepo: "zhuyuan/native-repo",
    });
  });

  it.each([
    ["not JSON", "{ gatekeepers: ", /hdlp\.config\.json: not valid JSON/],
    ["an unknown key", { gatekeeper: {} }, /unknown key "gatekeeper" \(known: gatekeepers, default_gatekeeper, api, forgejo, sandbox\)/],
    ["a default that is not listed", { gatekeepers: { a: { url: "http://a" } }, default_gatekeeper: "b" }, /default_gatekeeper "b" is not one of gatekeepers \(a\)/],
    ["a gatekeeper without a url", { gatekeepers: { a: { token: "t" } } }, /gatekeepers\.a has no url \(set it there or in HDLP_GATEKEEPER_A_URL\)/],
    ["a url that is not http", { api: { url: "ftp://x" } }, /api\.url "ftp:\/\/x" must be an http/],
    ["a default repository without an owner", { forgejo: { url: "http://f", default_repo: "native-repo" } }, /default_repo "native-repo" is not written owner\/name/],
    ["a token that is not a string", { api: { url: "http://x", token: 42 } }, /api\.token: expected a non-empty string/],
  ])("%s is a ConfigError naming the file and the key", async (_, data, message) => {
    await writeConfig(data);
    expect(() => load()).toThrow(ConfigError);
    expect(() => load()).toThrow(message);
  });
});
