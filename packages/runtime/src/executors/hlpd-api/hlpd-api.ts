/**
 * executor: hlpd-api — calls the HLDP API directly. The method is the API's
 * own (`cache.get`, `module.search` …), sent as JSON-RPC 2.0:
 *
 *   POST {url}   Authorization: Bearer <token>
 *   {"jsonrpc": "2.0", "id": N, "method": …, "params": {…}}
 *
 * or, when the tool declares `endpoint: GET /modules/{id}`, as that REST call.
 * The output is the response body, raw, up to max_output_bytes.
 */
import type { DryRun, ExecutionRequest, ExecutionResult, Executor } from "../executor.ts";
import { InvalidCallError } from "../executor.ts";
import { CappedBytes } from "../common/capped-bytes.ts";
import type { HttpVerb } from "@hdlp/parser";
import { type HttpAnswer, sendHttp } from "../http/client.ts";
import { withDeadline } from "../http/deadline.ts";
import { describeHttp, type EndpointAccess, endpointAccess, failureResult, isSuccess, refuseTarget, statusFailure } from "../http/remote.ts";
import { maskResult } from "../http/secrets.ts";
import { readRpcResponse, rpcErrorText, rpcRequestBody } from "./json-rpc.ts";
import { restCall } from "./rest-endpoint.ts";

let lastRpcId = 0;

export const hlpdApiExecutor: Executor = {
  describe(request): DryRun {
    const call = planCall(request, lastRpcId + 1);
    return describeHttp(call, call.access);
  },

  async execute(request) {
    const call = planCall(request, ++lastRpcId);
    const outcome = await withDeadline(request.timeoutMs, request.signal, (deadline) =>
      sendHttp({ method: call.method, url: call.url, headers: call.access.headers, body: call.body, sink: new CappedBytes(request.maxOutputBytes) }, deadline),
    );
    const result = outcome.kind === "failed" ? failureResult(outcome) : call.rpcId === undefined ? readRest(outcome, call) : readRpc(outcome, call, call.rpcId);
    return maskResult(result, call.access.secrets);
  },
};

interface ApiCall {
  readonly access: EndpointAccess;
  readonly method: HttpVerb;
  readonly url: string;
  readonly body?: string;
  /** Set for JSON-RPC; absent for a REST endpoint. */
  readonly rpcId?: number;
}

function planCall(request: ExecutionRequest, rpcId: number): ApiCall {
  const endpoint = request.config.api;
  refuseTarget(request, "hlpd-api");
  if (!endpoint) {
    const where = request.config.configPath ?? "hdlp.config.json";
    throw new InvalidCallError(`the HLDP API is not configured: set HDLP_API_URL (and HDLP_API_TOKEN), or api.url in ${where}`);
  }
  const { tool, params } = request;
  const access = endpointAccess(endpoint, "Bearer");
  if (tool.endpoint) return { access, ...restCall(access.base, tool.endpoint, params) };
  return { access, method: "POST", url: new URL(access.base).href, body: rpcRequestBody(rpcId, tool.method, params), rpcId };
}

const who = (call: ApiCall) => `hlpd-api (${call.method} ${call.url})`;

function readRest(answer: HttpAnswer, call: ApiCall): ExecutionResult {
  if (!isSuccess(answer)) return statusFailure(who(call), answer);
  return { ok: true, output: answer.body, error: null, ...(answer.truncated ? { truncated: true } : {}) };
}

function readRpc(answer: HttpAnswer, call: ApiCall, id: number): ExecutionResult {
  const truncated = answer.truncated ? { truncated: true } : {};
  if (!isSuccess(answer)) {
    const reading = readRpcResponse(answer.body, id);
    return statusFailure(who(call), answer, reading.kind === "error" ? rpcErrorText(reading) : answer.body);
  }
  // A body cut at max_output_bytes cannot be checked as a whole: the status is all we know.
  if (answer.truncated) return { ok: true, output: answer.body, error: null, ...truncated };
  const reading = readRpcResponse(answer.body, id);
  if (reading.kind === "error") return { ok: false, output: answer.body, error: rpcErrorText(reading) };
  if (reading.kind === "invalid")
    return { ok: false, output: answer.body, error: `${who(call)} answered ${answer.status} but not with a JSON-RPC 2.0 response: ${reading.reason}` };
  return { ok: true, output: answer.body, error: null };
}
