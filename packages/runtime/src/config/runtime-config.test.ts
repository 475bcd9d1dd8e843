import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, gatekeeperEnvName, loadRuntimeConfig, resolveRuntimeConfig } from "./runtime-config.ts";
import { DEFAULT_MCP_POLICY, DEFAULT_SANDBOX_POLICY, DEFAULT_TOOL_POLICY } from "./policy.ts";

const TOKEN = "tok-0123456789";

describe("loadRuntimeConfig", () => {
  let project: string;
  let cwd: string;
  const configFile = () => join(project, "hdlp.config.json");
  const writeConfig = (data: unknown) => writeFile(configFile(), typeof data === "string" ? data : JSON.stringify(data));
  /** Loaded from a folder below the project, as `hdlp` run in `project/work/deeper` finds it. */
  const load = (env: NodeJS.ProcessEnv = {}) => loadRuntimeConfig({ cwd, env });

  beforeEach(async () => {
    project = await mkdtemp(join(tmpdir(), "hdlp-config-"));
    cwd = join(project, "work", "deeper");
    await mkdir(cwd, { recursive: true });
  });
  afterEach(() => rm(project, { recursive: true, force: true }));

  describe("which file", () => {
    it("walks up from the working folder to the first hdlp.config.json", async () => {
      await writeConfig({ ceilings: { timeout_ms: 1000 } });
      const loaded = resolveRuntimeConfig({ cwd, env: {} });
      expect(loaded.file).toEqual({ path: configFile(), foundBy: "search" });
      expect(loaded.config.configPath).toBe(configFile());
      expect(loaded.config.ceilings).toEqual({ timeout_ms: 1000 });
    });

    it("HDLP_CONFIG names a file, relative to the working folder; --config wins over it", async () => {
      await writeConfig({ ceilings: { timeout_ms: 1 } });
      await writeFile(join(cwd, "by-env.json"), JSON.stringify({ ceilings: { timeout_ms: 2 } }));
      await writeFile(join(cwd, "by-option.json"), JSON.stringify({ ceilings: { timeout_ms: 3 } }));
      const byEnv = resolveRuntimeConfig({ cwd, env: { HDLP_CONFIG: "by-env.json" } });
      expect(byEnv.file).toEqual({ path: join(cwd, "by-env.json"), foundBy: "env" });
      expect(byEnv.config.ceilings).toEqual({ timeout_ms: 2 });
      const byOption = resolveRuntimeConfig({ cwd, env: { HDLP_CONFIG: "by-env.json" }, configPath: join(cwd, "by-option.json") });
      expect(byOption.file?.foundBy).toBe("option");
      expect(byOption.config.ceilings).toEqual({ timeout_ms: 3 });
    });

    it("a file named by --config or HDLP_CONFIG must exist: a typo would otherwise run with no policy", () => {
      expect(() => loadRuntimeConfig({ cwd, env: {}, configPath: "nope.json" })).toThrow(`${join(cwd, "nope.json")} (named by --config) is not a file`);
      expect(() => load({ HDLP_CONFIG: "/nope/hdlp.json" })).toThrow("/nope/hdlp.json (named by HDLP_CONFIG) is not a file");
    });

    it("no file and no environment: every section at its default, nothing configured", () => {
      const loaded = resolveRuntimeConfig({ cwd: project, env: {} });
      expect(loaded.file).toBeUndefined();
      expect(loaded.config).toEqual({
        gatekeepers: [],
        registry: { kind: "folder", path: join(project, "tools") },
        tools: DEFAULT_TOOL_POLICY,
        ceilings: {},
        secrets: {},
        sandbox: DEFAULT_SANDBOX_POLICY,
        mcp: DEFAULT_MCP_POLICY,
      });
      expect(DEFAULT_SANDBOX_POLICY).toEqual({ mode: "on", network: false, read: [], write: [] });
      expect(DEFAULT_TOOL_POLICY).toEqual({ allow: [], deny: [] });
      expect(loaded.entries.every((entry) => entry.origin.kind === "default")).toBe(true);
    });
  });

  it("the environment alone configures one of each", () => {
    const config = load({
      HDLP_GATEKEEPER_URL: "http://10.0.0.1:3911",
      HDLP_GATEKEEPER_TOKEN: "gatekeeper-token",
      HDLP_API_URL: "https://hldp.example/rpc",
      HDLP_API_TOKEN: "api-token-1",
      HDLP_FORGEJO_URL: "https://git.example",
      HDLP_FORGEJO_TOKEN: "forgejo-token",
      HDLP_FORGEJO_REPO: "zhuyuan/native-repo",
    });
    expect(config).toMatchObject({
      gatekeepers: [{ name: "default", url: "http://10.0.0.1:3911", token: "gatekeeper-token" }],
      defaultGatekeeper: "default",
      api: { url: "https://hldp.example/rpc", token: "api-token-1" },
      forgejo: { url: "https://git.example", token: "forgejo-token" },
      forgejoDefaultRepo: "zhuyuan/native-repo",
    });
  });

  it("several named gatekeepers with a default; the environment wins field by field", async () => {
    await writeConfig({
      gatekeepers: { "BS-SG-001": { url: "http://sg:3911", token: "from-the-file" }, "BS-GZ-006": { url: "http://gz:3910" } },
      default_gatekeeper: "BS-GZ-006",
      forgejo: { url: "https://git.example", default_repo: "zhuyuan/native-repo" },
    });
    const config = load({
      HDLP_GATEKEEPER_TOKEN: "default-token",
      [gatekeeperEnvName("BS-SG-001", "TOKEN")]: "sg-token-1",
      HDLP_FORGEJO_URL: "https://git.internal",
    });
    expect(config.defaultGatekeeper).toBe("BS-GZ-006");
    expect(config.gatekeepers).toEqual([
      { name: "BS-SG-001", url: "http://sg:3911", token: "sg-token-1" },
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
    const config = load({ HDLP_GATEKEEPER_BS_GZ_006_TOKEN: "gz-token-1" });
    expect(config).toMatchObject({
      gatekeepers: [
        { name: "BS-SG-001", url: "http://10.0.0.1:3911" },
        { name: "BS-GZ-006", url: "http://10.0.0.2:3910", token: "gz-token-1" },
      ],
      defaultGatekeeper: "BS-SG-001",
      api: { url: "https://hldp.example/api" },
      forgejo: { url: "https://git.example" },
      forgejoDefaultRepo: "zhuyuan/native-repo",
    });
  });

  it("reads every section into its typed value", async () => {
    await writeConfig({
      $schema: "./hdlp.config.schema.json",
      registry: { root: "../shared-tools" },
      tools: { allow: ["git-*", "file-read"], deny: ["git-push"] },
      ceilings: { timeout_ms: 60000, max_output_bytes: 1048576 },
      secrets: { "db-query": { PGPASSWORD: { env: "DB_QUERY_PASSWORD" }, PGSSLKEY: { file: "/run/secrets/pg.key" } } },
      sandbox: { mode: "required", network: true, read: ["/srv/data"], write: ["/srv/out"] },
      mcp: { pre_approved: ["file-write"] },
    });
    const config = load();
    expect(config.registry).toEqual({ kind: "folder", path: join(project, "..", "shared-tools") });
    expect(config.tools).toEqual({ allow: ["git-*", "file-read"], deny: ["git-push"] });
    expect(config.ceilings).toEqual({ timeout_ms: 60000, max_output_bytes: 1048576 });
    expect(config.secrets).toEqual({ "db-query": { PGPASSWORD: { env: "DB_QUERY_PASSWORD" }, PGSSLKEY: { file: "/run/secrets/pg.key" } } });
    expect(config.sandbox).toEqual({ mode: "required", network: true, read: ["/srv/data"], write: ["/srv/out"] });
    expect(config.mcp).toEqual({ preApproved: ["file-write"] });
  });

  it("a section written in part gets the defaults of the rest", async () => {
    await writeConfig({ sandbox: { network: true } });
    expect(load().sandbox).toEqual({ mode: "on", network: true, read: [], write: [] });
  });

  describe("the registry's root", () => {
    it("by default, the tools/ beside the file; with no file, the nearest tools/ from the working folder up, else ./tools", async () => {
      expect(load().registry).toEqual({ kind: "folder", path: join(cwd, "tools") });
      await mkdir(join(project, "tools"));
      expect(load().registry).toEqual({ kind: "folder", path: join(project, "tools") });
      await mkdir(join(project, "work", "tools"));
      await writeConfig({});
      expect(load().registry).toEqual({ kind: "folder", path: join(project, "tools") });
    });

    it("from the file is relative to the file; HDLP_TOOLS_DIR wins and is relative to the working folder", async () => {
      await writeConfig({ registry: { root: "agent-tools" } });
      expect(load().registry).toEqual({ kind: "folder", path: join(project, "agent-tools") });
      expect(load({ HDLP_TOOLS_DIR: "mine" }).registry).toEqual({ kind: "folder", path: join(cwd, "mine") });
    });

    it.each([
      ["forgejo:zhuyuan/native-repo", { kind: "forgejo", repo: "zhuyuan/native-repo", path: "tools" }],
      ["forgejo:zhuyuan/native-repo@v1.2", { kind: "forgejo", repo: "zhuyuan/native-repo", ref: "v1.2", path: "tools" }],
      ["forgejo:zhuyuan/native-repo@main:agents/tools", { kind: "forgejo", repo: "zhuyuan/native-repo", ref: "main", path: "agents/tools" }],
      ["forgejo:zhuyuan/native-repo:ops", { kind: "forgejo", repo: "zhuyuan/native-repo", path: "ops" }],
    ])("%s is a Forgejo repository", async (root, source) => {
      await writeConfig({ registry: { root } });
      expect(load().registry).toEqual(source);
    });
  });

  it("says where each value came from: the file, a variable, or the default; a token shows masked", async () => {
    await writeConfig({ api: { url: "https://hldp.example", token: TOKEN }, ceilings: { timeout_ms: 5000 } });
    const { entries } = resolveRuntimeConfig({ cwd, env: { HDLP_API_URL: "https://moved.example" } });
    const byKey = new Map(entries.map((entry) => [entry.key, entry]));
    expect(byKey.get("api.url")).toEqual({ key: "api.url", value: "https://moved.example", origin: { kind: "env", name: "HDLP_API_URL" } });
    expect(byKey.get("api.token")).toEqual({ key: "api.token", value: "***", origin: { kind: "file", path: configFile() } });
    expect(byKey.get("ceilings.timeout_ms")?.origin).toEqual({ kind: "file", path: configFile() });
    expect(byKey.get("sandbox.mode")).toEqual({ key: "sandbox.mode", value: "on", origin: { kind: "default" } });
    expect(byKey.get("tools.deny")).toEqual({ key: "tools.deny", value: [], origin: { kind: "default" } });
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
  });

  it.each([
    ["not JSON", "{ gatekeepers: ", /hdlp\.config\.json: not valid JSON/],
    ["an unknown key", { gatekeeper: {} }, /hdlp\.config\.json: unknown key "gatekeeper"; did you mean "gatekeepers"\?/],
    [
      "an unknown key far from any",
      { colour: "red" },
      /unknown key "colour" \(known: \$schema, gatekeepers, default_gatekeeper, api, forgejo, registry, tools, ceilings, secrets, sandbox, mcp\)/,
    ],
    ["an unknown key in a section", { sandbox: { netwrok: true } }, /sandbox: unknown key "netwrok"; did you mean "network"\?/],
    [
      "a value outside an enum",
      { sandbox: { mode: "requird" } },
      /sandbox\.mode: must be one of "on", "off", "required", not the string "requird"; did you mean "required"\?/,
    ],
    [
      "a default that is not listed",
      { gatekeepers: { a: { url: "http://a" } }, default_gatekeeper: "b" },
      /default_gatekeeper "b" is not one of gatekeepers \(a\)/,
    ],
    ["a gatekeeper without a url", { gatekeepers: { a: { token: TOKEN } } }, /gatekeepers\.a has no url \(set it there or in HDLP_GATEKEEPER_A_URL\)/],
    ["a url that is not http", { api: { url: "ftp://x" } }, /api\.url: must be an http:\/\/ or https:\/\/ URL, not the string "ftp:\/\/x"/],
    [
      "a default repository without an owner",
      { forgejo: { url: "http://f", default_repo: "native-repo" } },
      /forgejo\.default_repo: must be a repository written owner\/name, not the string "native-repo"/,
    ],
    ["a ceiling of 0", { ceilings: { timeout_ms: 0 } }, /ceilings\.timeout_ms: must be at least 1, not number 0/],
    ["a ceiling that is not a number", { ceilings: { max_output_bytes: "1MB" } }, /ceilings\.max_output_bytes: must be a whole number, not the string "1MB"/],
    ["a glob with a character no tool name has", { tools: { deny: ["rm -rf"] } }, /tools\.deny\.0: must be a tool name or a glob/],
    ["a relative sandbox path", { sandbox: { write: ["out"] } }, /sandbox\.write\.0: must be an absolute path, not the string "out"/],
    [
      "a secret with two sources",
      { secrets: { t: { V: { env: "A", file: "/b" } } } },
      /secrets\.t\.V: must be exactly one of \{"env": "NAME"\} or \{"file": "\/path"\}/,
    ],
    ["a secret with a relative file", { secrets: { t: { V: { file: "pw.txt" } } } }, /secrets\.t\.V\.file: must be an absolute path/],
    ["a secret named as no variable can be", { secrets: { t: { "DB-PASS": { env: "A" } } } }, /secrets\.t: the key "DB-PASS" is not a variable name/],
    [
      "a secret that would replace PATH",
      { secrets: { t: { PATH: { env: "MY_PATH" } } } },
      /secrets\.t\.PATH: every tool's environment has PATH; a secret needs a name of its own/,
    ],
    [
      "a secret read from a variable every tool gets",
      { secrets: { t: { PW: { env: "LC_ALL" } } } },
      /secrets\.t\.PW: the variable LC_ALL reaches every tool's environment/,
    ],
    ["a pre-approved name that is not a tool name", { mcp: { pre_approved: ["a b"] } }, /mcp\.pre_approved\.0: must be a tool name/],
    [
      "a Forgejo root without an owner",
      { registry: { root: "forgejo:native-repo" } },
      /registry\.root: the registry root `forgejo:native-repo` is not written forgejo:OWNER\/REPO\[@REF\]\[:PATH\]/,
    ],
  ])("%s is a ConfigError naming the file and the key", async (_, data, message) => {
    await writeConfig(data);
    expect(() => load()).toThrow(ConfigError);
    expect(() => load()).toThrow(message);
  });

  it("every problem of a file is reported at once", async () => {
    await writeConfig({ gatekeeper: {}, ceilings: { timeout_ms: -1 }, sandbox: { mode: "always" } });
    const error = (() => {
      try {
        load();
      } catch (caught) {
        return caught as Error;
      }
      throw new Error("loaded");
    })();
    expect(error.message.split("\n").slice(1)).toHaveLength(3);
  });

  describe("tokens too short to be masked are refused, and never quoted back", () => {
    it("in the file", async () => {
      await writeConfig({ api: { url: "http://x", token: "abc" } });
      expect(() => load()).toThrow(/api\.token: must be a token of at least 8 characters \(it has 3\)/);
      await writeConfig({ api: { url: "http://x", token: 12345678 } });
      expect(() => load()).toThrow("api.token: must be a string, not the value given");
    });

    it("in the environment, naming the variable", () => {
      let message = "";
      try {
        load({ HDLP_FORGEJO_URL: "http://f", HDLP_FORGEJO_TOKEN: "s3cr" });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("HDLP_FORGEJO_TOKEN (forgejo.token: must be a token of at least 8 characters (it has 4))");
      expect(message).not.toContain("s3cr");
    });
  });
});
