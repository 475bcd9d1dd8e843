/**
 * docs/config.md held to the code: its table of keys is the schema's leaves
 * with their defaults, its configuration examples load as it says, and the
 * envelope it shows for a denied tool is the one the pipeline returns.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool } from "../src/call/call.ts";
import { loadRuntimeConfig } from "../src/config/runtime-config.ts";
import { CONFIG_SCHEMA, type Schema } from "../src/config/schema.ts";
import { indexOf, modelOf } from "./tool-fixtures.ts";

const DOC = new URL("../../../docs/config.md", import.meta.url);

/** Every leaf key of the schema, `*` where any name goes, with its default. */
function schemaLeaves(schema: Schema, prefix = ""): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  const properties = schema["properties"] as Record<string, Schema> | undefined;
  const any = schema["additionalProperties"];
  if (!properties && (typeof any !== "object" || any === null)) {
    leaves.set(prefix, schema["default"]);
    return leaves;
  }
  for (const [name, child] of Object.entries(properties ?? {}))
    for (const [key, value] of schemaLeaves(child, prefix ? `${prefix}.${name}` : name)) leaves.set(key, value);
  if (typeof any === "object" && any !== null) for (const [key, value] of schemaLeaves(any as Schema, `${prefix}.*`)) leaves.set(key, value);
  return leaves;
}

/** `| \`gatekeepers.<name>.url\` | type | default | … |` rows of the "Every key" table, `<…>` as `*`. */
function documentedKeys(markdown: string): Map<string, string> {
  const section = markdown.slice(markdown.indexOf("## Every key"), markdown.indexOf("\n## ", markdown.indexOf("## Every key") + 1));
  const rows = new Map<string, string>();
  for (const [, key, defaultCell] of section.matchAll(/^\| `([^`]+)` \| [^|]+ \| ([^|]+) \|/gm)) rows.set(key!.replace(/<[^>]+>/g, "*"), defaultCell!.trim());
  return rows;
}

describe("docs/config.md", () => {
  let markdown: string;
  let dir: string;
  beforeAll(async () => {
    markdown = await readFile(DOC, "utf8");
    dir = await mkdtemp(join(tmpdir(), "hdlp-config-doc-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("documents every key of the schema, and no other, with the schema's default", () => {
    const leaves = schemaLeaves(CONFIG_SCHEMA);
    const documented = documentedKeys(markdown);
    expect([...documented.keys()].sort()).toEqual([...leaves.keys()].sort());
    for (const [key, value] of leaves) {
      if (value === undefined) expect(documented.get(key), key).toMatch(/^—|^the first listed$/);
      else expect(documented.get(key), key).toContain(`\`${JSON.stringify(value)}\``);
    }
  });

  it("the worked example loads as the page says", async () => {
    const example = /`\/etc\/hdlp\/hdlp\.config\.json`:\n\n```json\n([\s\S]*?)```/.exec(markdown)![1]!;
    const path = join(dir, "hdlp.config.json");
    await writeFile(path, example);
    const config = loadRuntimeConfig({ configPath: path, env: { HDLP_FORGEJO_TOKEN: "forgejo-token-0123" } });
    expect(config.registry).toEqual({ kind: "forgejo", repo: "zhuyuan/native-repo", ref: "v1.4.0", path: "tools" });
    expect(config.forgejo).toEqual({ name: "forgejo", url: "https://git.example", token: "forgejo-token-0123" });
    expect(config.sandbox).toEqual({ mode: "required", network: false, read: ["/srv/data"], write: ["/srv/agent-out"] });
    expect(config.ceilings).toEqual({ timeout_ms: 120000, max_output_bytes: 1048576 });
    expect(config.mcp).toEqual({ preApproved: ["issue-open"] });
  });

  it("the secrets example loads", async () => {
    const example = /environment to where its value comes from:\n\n```json\n([\s\S]*?)```/.exec(markdown)![1]!;
    const path = join(dir, "secrets.json");
    await writeFile(path, example);
    expect(loadRuntimeConfig({ configPath: path, env: {} }).secrets).toEqual({
      "db-query": { PGPASSWORD: { env: "DB_QUERY_PASSWORD" }, PGSSLKEY: { file: "/run/secrets/pg-client.key" } },
    });
  });

  it("the envelope of a denied tool is the pipeline's", async () => {
    const shown = JSON.parse(/\*\*What a denied tool looks like\.\*\*[\s\S]*?```json\n([\s\S]*?)```/.exec(markdown)![1]!);
    const envelope = await callTool(
      indexOf(modelOf({ name: "db-drop", command: "true" })),
      { tool: "db-drop" },
      { config: { gatekeepers: [], tools: { allow: [], deny: ["db-drop"] } } },
    );
    expect({ ...envelope, duration_ms: 0 }).toEqual(shown);
  });

  it("the MCP client configuration is JSON that starts the published package's `hdlp mcp`", async () => {
    const { version } = JSON.parse(await readFile(new URL("../../cli/package.json", import.meta.url), "utf8"));
    const blocks = [...markdown.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((block) => block.includes('"mcpServers"'));
    expect(blocks).toHaveLength(1);
    const server = JSON.parse(blocks[0]!).mcpServers.hdlp;
    expect(server.command).toBe("npx");
    expect(server.args).toEqual(["-y", `hdlp@${version}`, "mcp"]);
  });
});
