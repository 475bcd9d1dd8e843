/**
 * The remote executors through the library's call pipeline (callTool): the
 * same envelope, timeout override, refusal and audit log as a shell tool.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, openAuditLog, type ToolLookup } from "../src/index.ts";
import type { ToolModel } from "@hdlp/parser";
import { startFaultServer } from "./fakes/faults.ts";
import type { RunningServer } from "./fakes/server.ts";
import { configAt, endpointTemplate, TEST_TOKEN, toolModel } from "./fakes/tools.ts";

const TOOLS: readonly ToolModel[] = [
  toolModel({ name: "gk", executor: "gatekeeper", method: "exec", params: [{ name: "cmd", type: "string", required: true }] }),
  toolModel({ name: "rpc", executor: "hlpd-api", method: "cache.get", params: [{ name: "key", type: "string", required: true }] }),
  toolModel({
    name: "rest",
    executor: "hlpd-api",
    method: "module.get",
    endpoint: endpointTemplate("GET", "/modules/{id}"),
    params: [{ name: "id", type: "string", required: true }],
  }),
  toolModel({ name: "forge", executor: "git-forgejo", method: "repo.get", params: [{ name: "repo", type: "string", required: false }] }),
];
const PARAMS: Record<string, Record<string, unknown>> = { gk: { cmd: "sleep 100" }, rpc: { key: "k" }, rest: { id: "1" }, forge: {} };

const lookup: ToolLookup = {
  tools: TOOLS.map((model) => ({ name: model.name, path: `/tools/${model.name}/TOOL.hdlp`, model, diagnostics: [], hash: "" })),
  get(name) {
    return this.tools.find((t) => t.name === name);
  },
};

describe("remote executors through callTool", () => {
  let dir: string;
  let hang: RunningServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "hdlp-remote-pipeline-"));
    hang = await startFaultServer("hang");
  });
  afterAll(async () => {
    await hang.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(TOOLS.map((t) => t.name))(
    "%s: the caller's timeout stops a server that never answers; the audit lines say timed-out, without the token",
    async (name) => {
      const config = configAt(hang.url);
      const auditPath = join(dir, `${name}.jsonl`);
      const envelope = await callTool(lookup, { tool: name, params: PARAMS[name]! }, { config, timeoutMs: 250, audit: openAuditLog(auditPath, { config }) });
      expect(envelope).toMatchObject({ ok: false, tool: name, found: true, timed_out: true, output: "" });
      expect(envelope.error).toContain("timed out after 250 ms");
      const [start, end] = (await readFile(auditPath, "utf8"))
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(start).toMatchObject({ event: "start", tool: name });
      expect(end).toMatchObject({ event: "end", call: start!["call"], tool: name, ok: false, outcome: "timed-out" });
      expect(JSON.stringify([envelope, start, end])).not.toContain(TEST_TOKEN);
    },
  );

  it("a remote tool without a configured server is refused, nothing sent, with what to set", async () => {
    const envelope = await callTool(lookup, { tool: "rpc", params: { key: "k" } }, { config: { gatekeepers: [] } });
    expect(envelope).toMatchObject({ ok: false, refused: "invalid-params" });
    expect(envelope.error).toContain("HDLP_API_URL");
  });
});
