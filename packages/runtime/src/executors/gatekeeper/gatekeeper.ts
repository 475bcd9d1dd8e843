/**
 * executor: gatekeeper — the seed's translator. One request per call:
 *
 *   POST {url}/exec   Authorization: Bearer <token>
 *   {"method": …, "params": {…}, "timeout_ms": N, "max_output_bytes": N}
 *   → 2xx {"stdout": "…", "stderr": "…", "exit_code": 0}
 *
 * `exec` without a `command` template sends the tool's params as they are
 * (`cmd`, `cwd`: the seed's shell-exec works unchanged). With a template, the
 * argv is expanded exactly as the shell executor expands it and sent as `cmd`
 * (with the `cwd` param, when given, as `cwd`),
 * each argument shell-quoted, so a value stays one literal word on the far
 * side. Any other method (`grep`, `systemctl.restart` …) passes its validated
 * params through.
 */
import { EXEC_RESERVED_PARAMS } from "@hdlp/parser";
import { shellInvocation } from "../shell/argv.ts";
import { type Endpoint, type ExecutionRequest, type ExecutionResult, type Executor, InvalidCallError } from "../executor.ts";
import { capUtf8 } from "../common/capped-bytes.ts";
import { type HttpAnswer, sendHttp } from "../http/client.ts";
import { withDeadline } from "../http/deadline.ts";
import { describeHttp, type EndpointAccess, endpointAccess, failureResult, isSuccess, statusFailure } from "../http/remote.ts";
import { maskResult } from "../http/secrets.ts";
import { JsonMembersReader, type KeptString, type ReadMembers } from "../http/json-members.ts";
import { joinUrl } from "../http/url.ts";
import { shellCommandLine } from "../common/shell-quote.ts";

export const gatekeeperExecutor: Executor = {
  describe(request) {
    const call = planCall(request);
    return describeHttp({ method: "POST", url: call.url, body: call.body }, call.access);
  },

  async execute(request) {
    const call = planCall(request);
    const answer = new JsonMembersReader(ANSWER_MEMBERS, request.maxOutputBytes);
    const outcome = await withDeadline(request.timeoutMs, request.signal, (deadline) =>
      sendHttp({ method: "POST", url: call.url, headers: call.access.headers, body: call.body, sink: answer }, deadline),
    );
    const result =
      outcome.kind === "failed" ? cutOff(failureResult(outcome), answer, request.maxOutputBytes) : readAnswer(outcome, answer, call, request.maxOutputBytes);
    return maskResult(result, call.access.secrets);
  },
};

interface GatekeeperCall {
  readonly endpoint: Endpoint;
  readonly access: EndpointAccess;
  readonly url: string;
  readonly body: string;
}

function planCall(request: ExecutionRequest): GatekeeperCall {
  const endpoint = resolveGatekeeper(request);
  const access = endpointAccess(endpoint, "Bearer");
  const body = JSON.stringify({
    method: request.tool.method,
    params: wireParams(request),
    timeout_ms: request.timeoutMs,
    max_output_bytes: request.maxOutputBytes,
  });
  return { endpoint, access, url: joinUrl(access.base, "/exec"), body };
}

/** The gatekeeper named by the call's target, else the config's default. */
export function resolveGatekeeper(request: Pick<ExecutionRequest, "config" | "target">): Endpoint {
  const { gatekeepers, defaultGatekeeper, configPath } = request.config;
  const where = configPath ? ` in ${configPath}` : "";
  if (gatekeepers.length === 0) {
    throw new InvalidCallError(
      `no gatekeeper is configured: set HDLP_GATEKEEPER_URL (and HDLP_GATEKEEPER_TOKEN), or list gatekeepers${where || " in hdlp.config.json"}`,
    );
  }
  const name = request.target ?? defaultGatekeeper ?? gatekeepers[0]!.name;
  const found = gatekeepers.find((g) => g.name === name);
  if (!found) throw new InvalidCallError(`no gatekeeper named "${name}"${where}; configured: ${gatekeepers.map((g) => g.name).join(", ")}`);
  return found;
}

function wireParams(request: ExecutionRequest): Readonly<Record<string, unknown>> {
  const { tool, params } = request;
  if (!tool.command) return params;
  if (tool.method !== "exec")
    throw new InvalidCallError(`\`${tool.name}\` has a command template, which only method exec can send (its method is ${tool.method})`);
  // The wire names are exec's reserved params (`cmd`, `cwd`), as a tool without a template sends them.
  const { commandLine, workingDirectory } = EXEC_RESERVED_PARAMS;
  const { argv, cwd } = shellInvocation(tool, params);
  return cwd === undefined ? { [commandLine]: shellCommandLine(argv) } : { [commandLine]: shellCommandLine(argv), [workingDirectory]: cwd };
}

const ANSWER_MEMBERS: ReadonlySet<string> = new Set(["stdout", "stderr", "exit_code"]);

/** Timed out or cut off mid-answer: the stdout that had arrived is the output, as a local process's would be. */
function cutOff(result: ExecutionResult, reader: JsonMembersReader, maxOutputBytes: number): ExecutionResult {
  // The failure's body and truncated flag are about the raw answer; what counts here is stdout.
  const { truncated: _raw, ...failure } = result;
  const stdout = reader.partial("stdout");
  if (!stdout) return { ...failure, output: "" };
  const kept = capUtf8(stdout.text, maxOutputBytes);
  return { ...failure, output: kept.text, ...(kept.truncated || stdout.dropped ? { truncated: true } : {}) };
}

function readAnswer(answer: HttpAnswer, reader: JsonMembersReader, call: GatekeeperCall, maxOutputBytes: number): ExecutionResult {
  const who = `gatekeeper ${call.endpoint.name} (POST ${call.url})`;
  // A non-2xx body is shown as it came (its first 64 KiB); the reader stopped early if it was not JSON.
  if (!isSuccess(answer)) return statusFailure(who, answer);
  const parsed = parseAnswer(reader.result());
  if (typeof parsed === "string") {
    return {
      ok: false,
      output: "",
      error: `${who} answered ${answer.status} with a body that is not {"stdout", "stderr", "exit_code"} JSON (${parsed}): ${answer.body}`,
    };
  }
  // Cut like the shell executor cuts a local process: stdout and stderr each at the cap.
  const stdout = capUtf8(parsed.stdout.text, maxOutputBytes);
  const stderr = capUtf8(parsed.stderr.text, maxOutputBytes);
  const truncated = stdout.truncated || stderr.truncated || parsed.stdout.dropped || parsed.stderr.dropped ? { truncated: true } : {};
  if (parsed.exit_code !== 0) {
    return { ok: false, output: stdout.text, error: stderr.text || `exited with code ${parsed.exit_code}`, exit_code: parsed.exit_code, ...truncated };
  }
  return { ok: true, output: stdout.text, error: null, exit_code: 0, ...truncated, ...(stderr.text ? { stderr: stderr.text } : {}) };
}

interface GatekeeperAnswer {
  readonly stdout: KeptString;
  readonly stderr: KeptString;
  readonly exit_code: number;
}

/** The three members with their types, or what is wrong. */
function parseAnswer(read: ReadMembers): GatekeeperAnswer | string {
  if (!read.ok) return read.reason;
  const stdout = read.strings.get("stdout");
  const stderr = read.strings.get("stderr") ?? { text: "", dropped: false };
  const exitCode = read.scalars.get("exit_code");
  if (!stdout) return "no string stdout";
  if (typeof exitCode !== "number" || !Number.isInteger(exitCode)) return "no integer exit_code";
  if (read.scalars.has("stderr")) return "stderr is not a string";
  return { stdout, stderr, exit_code: exitCode };
}
