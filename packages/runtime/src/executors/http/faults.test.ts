/**
 * The faults every HTTP executor survives, each against a real local server
 * that misbehaves in that one way: the same matrix for gatekeeper, hlpd-api
 * (JSON-RPC and REST) and git-forgejo.
 */
import { afterEach, describe, expect, it } from "vitest";
import { callOf, configAt, endpointTemplate, toolModel } from "../../../test/fakes/tools.ts";
import { ERROR_500_BODY, type Fault, type FaultOptions, GARBAGE_BODY, refusedUrl, startFaultServer } from "../../../test/fakes/faults.ts";
import { type RunningServer, startServer } from "../../../test/fakes/server.ts";
import type { ExecutionResult, Executor } from "../executor.ts";
import { gatekeeperExecutor } from "../gatekeeper/gatekeeper.ts";
import { gitForgejoExecutor } from "../git-forgejo/git-forgejo.ts";
import { hlpdApiExecutor } from "../hlpd-api/hlpd-api.ts";

interface Subject {
  readonly name: string;
  readonly executor: Executor;
  readonly tool: ReturnType<typeof toolModel>;
  readonly params: Record<string, unknown>;
  /** What a 200 whose body is not JSON means for this executor. */
  readonly garbage: "fails" | "raw output";
  /** Makes an endless or trickling body an answer of this executor's shape. */
  readonly answerPrefix?: string;
}

const SUBJECTS: readonly Subject[] = [
  {
    name: "gatekeeper",
    executor: gatekeeperExecutor,
    tool: toolModel({ executor: "gatekeeper", method: "exec", params: [{ name: "cmd", required: true }] }),
    params: { cmd: "echo hi" },
    garbage: "fails",
    answerPrefix: '{"exit_code": 0, "stdout": "',
  },
  {
    name: "hlpd-api JSON-RPC",
    executor: hlpdApiExecutor,
    tool: toolModel({ executor: "hlpd-api", method: "cache.get", params: [{ name: "key", required: true }] }),
    params: { key: "k" },
    garbage: "fails",
  },
  {
    name: "hlpd-api REST",
    executor: hlpdApiExecutor,
    tool: toolModel({
      executor: "hlpd-api",
      method: "module.get",
      endpoint: endpointTemplate("GET", "/modules/{id}"),
      params: [{ name: "id", required: true }],
    }),
    params: { id: "7" },
    garbage: "raw output",
  },
  {
    name: "git-forgejo",
    executor: gitForgejoExecutor,
    tool: toolModel({ executor: "git-forgejo", method: "issue.create", params: [{ name: "title", required: true }] }),
    params: { title: "disk full" },
    garbage: "raw output",
  },
];

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function against(fault: Fault, options: FaultOptions = {}): Promise<RunningServer> {
  const server = await startFaultServer(fault, options);
  servers.push(server);
  return server;
}

async function run(subject: Subject, url: string, limits: { timeoutMs?: number; maxOutputBytes?: number } = {}): Promise<ExecutionResult> {
  return subject.executor.execute(callOf(subject.tool, subject.params, configAt(url), limits));
}

describe.each(SUBJECTS)("$name survives", (subject) => {
  it("connection refused: the error names the URL and the cause", async () => {
    const url = await refusedUrl();
    const result = await run(subject, url);
    expect(result.ok).toBe(false);
    expect(result.error).toContain(url);
    expect(result.error).toContain("ECONNREFUSED");
  });

  it("a server that never answers: stopped at the tool's timeout, not undici's", async () => {
    const server = await against("hang");
    const result = await run(subject, server.url, { timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, timed_out: true });
    expect(result.error).toContain("timed out after 300 ms");
    expect(result.error).toContain(server.url);
  });

  it("a body that never ends: counted while it streams, cut at max_output_bytes, memory bounded", async () => {
    const server = await against("endless", subject.answerPrefix ? { prefix: subject.answerPrefix } : {});
    const result = await run(subject, server.url, { maxOutputBytes: 1000, timeoutMs: 1500 });
    expect(result.output).toBe("y".repeat(1000));
    expect(result.truncated).toBe(true);
    if (subject.answerPrefix) {
      // stdout is cut, but the answer (and its exit code) never ends: read, and dropped, until the timeout.
      expect(result).toMatchObject({ ok: false, timed_out: true });
    }
  });

  it("a 500 with a body: ok:false with the status and the body", async () => {
    const server = await against("error-500");
    const result = await run(subject, server.url);
    expect(result.ok).toBe(false);
    expect(result.error).toContain("500 Internal Server Error");
    expect(result.error).toContain(ERROR_500_BODY);
  });

  it("a body that does not parse", async () => {
    const server = await against("garbage");
    const result = await run(subject, server.url);
    if (subject.garbage === "fails") {
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/not .*JSON/);
    } else {
      expect(result).toMatchObject({ ok: true, output: GARBAGE_BODY });
    }
  });

  it("a redirect to another host: not followed, and the error says so", async () => {
    const other = await startServer((_, res) => void res.end("{}"));
    servers.push(other);
    const server = await against("redirect", { location: `${other.url}/steal` });
    const result = await run(subject, server.url);
    expect(result.ok).toBe(false);
    expect(result.error).toContain("302");
    expect(result.error).toContain(`${other.url}/steal`);
    expect(result.error).toContain("not followed");
    expect(other.requests).toHaveLength(0);
  });

  it("a slow trickle: the timeout covers the whole call, and what arrived is kept", async () => {
    const server = await against("trickle", subject.answerPrefix ? { prefix: subject.answerPrefix } : {});
    const result = await run(subject, server.url, { timeoutMs: 400 });
    expect(result).toMatchObject({ ok: false, timed_out: true });
    expect(result.error).toMatch(/timed out after 400 ms while reading the answer \(\d+ bytes received\)/);
    expect(result.output).toMatch(/^y+$/);
  });

  it("a connection closed mid-call: reported with its cause, never retried", async () => {
    const server = await against("reset");
    const result = await run(subject, server.url);
    expect(result.ok).toBe(false);
    expect(result.error).toContain(server.url);
    expect(server.requests).toHaveLength(1);
  });
});
