/**
 * executor: git-forgejo — works through the Forgejo REST API,
 * `{url}/api/v1/…` with `Authorization: token <token>`. The method is one of
 * the fixed set in methods.ts; the repository is the `repo` param
 * (`owner/name`) or the config's default. The output is Forgejo's answer as it
 * came, except repo.contents, whose base64 file content is decoded to text.
 * Forgejo's own error message comes back in `error`, with the status.
 */
import type { Endpoint, ExecutionRequest, ExecutionResult, Executor } from "../executor.ts";
import { InvalidCallError } from "../executor.ts";
import { CappedBytes, capUtf8 } from "../common/capped-bytes.ts";
import { type BodySink, type HttpAnswer, type HttpOutcome, sendHttp } from "../http/client.ts";
import { type Deadline, withDeadline } from "../http/deadline.ts";
import { authHeaders, describeHttp, endpointSecrets, failureResult, isSuccess, refuseTarget, statusFailure } from "../http/remote.ts";
import { JsonMembersReader, type ReadMembers } from "../http/json-members.ts";
import { maskResult } from "../http/secrets.ts";
import { joinUrl } from "../http/url.ts";
import { FORGEJO_METHODS, type ForgejoMethod, type ForgejoRequest, forgejoMethod, REPO_NAME } from "./methods.ts";

export const gitForgejoExecutor: Executor = {
  describe(request) {
    const call = planCall(request);
    const main = call.method.request(request.params, call.repo);
    const before = call.method.currentFile?.(request.params, call.repo);
    const note = before ? `first GET ${apiUrl(call.endpoint, before)} to read the file's current sha, sent as "sha"` : undefined;
    return describeHttp({ method: main.method, url: apiUrl(call.endpoint, main), body: jsonBody(main), ...(note ? { note } : {}) }, "token", call.endpoint);
  },

  async execute(request) {
    const call = planCall(request);
    const result = await withDeadline(request.timeoutMs, request.signal, (deadline) => run(call, request, deadline));
    return maskResult(result, endpointSecrets(call.endpoint));
  },
};

interface ForgejoCall {
  readonly endpoint: Endpoint;
  readonly method: ForgejoMethod;
  /** `owner/name`, or "" for a method that works on no repository. */
  readonly repo: string;
}

function planCall(request: ExecutionRequest): ForgejoCall {
  const { tool, params, config } = request;
  refuseTarget(request, "git-forgejo");
  const method = forgejoMethod(tool.method);
  if (!method) throw new InvalidCallError(`git-forgejo has no method "${tool.method}"; it knows ${Object.keys(FORGEJO_METHODS).join(", ")}`);
  const where = config.configPath ?? "hdlp.config.json";
  if (!config.forgejo) throw new InvalidCallError(`Forgejo is not configured: set HDLP_FORGEJO_URL (and HDLP_FORGEJO_TOKEN), or forgejo.url in ${where}`);
  if (!method.onRepo) return { endpoint: config.forgejo, method, repo: "" };
  const repo = typeof params["repo"] === "string" ? params["repo"] : config.forgejoDefaultRepo;
  if (repo === undefined) throw new InvalidCallError(`${tool.method} needs a repository: pass repo (owner/name), or set forgejo.default_repo in ${where} or HDLP_FORGEJO_REPO`, "repo");
  if (!REPO_NAME.test(repo)) throw new InvalidCallError(`repo "${repo}" is not written owner/name`, "repo");
  return { endpoint: config.forgejo, method, repo };
}

function apiUrl(endpoint: Endpoint, request: ForgejoRequest): string {
  return joinUrl(endpoint.url, `/api/v1${request.path}`, request.query);
}

function jsonBody(request: ForgejoRequest): string | undefined {
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

async function run(call: ForgejoCall, request: ExecutionRequest, deadline: Deadline): Promise<ExecutionResult> {
  const send = (req: ForgejoRequest, sink: BodySink | number): Promise<HttpOutcome> =>
    sendHttp(
      {
        method: req.method,
        url: apiUrl(call.endpoint, req),
        headers: authHeaders("token", call.endpoint),
        body: jsonBody(req),
        sink: typeof sink === "number" ? new CappedBytes(sink) : sink,
      },
      deadline,
    );
  const max = request.maxOutputBytes;
  let main = call.method.request(request.params, call.repo);

  const currentFile = call.method.currentFile?.(request.params, call.repo);
  if (currentFile) {
    // The answer holds the whole file, base64: only its sha is kept while it streams.
    const members = new JsonMembersReader(SHA_MEMBER, SHA_MAX_LENGTH);
    const read = await send(currentFile, members);
    if (read.kind === "failed") return failureResult(read);
    if (!isSuccess(read)) return forgejoFailure(currentFile, call.endpoint, read);
    const sha = shaOf(members.result());
    if (sha === undefined) return { ok: false, output: "", error: `Forgejo's answer to GET ${apiUrl(call.endpoint, currentFile)} holds no file sha: ${read.body}` };
    main = { ...main, body: { ...main.body, sha } };
  }

  const answer = await send(main, call.method.output === "file-text" ? contentsLimit(max) : max);
  if (answer.kind === "failed") return failureResult(answer);
  if (!isSuccess(answer)) return forgejoFailure(main, call.endpoint, answer);
  if (call.method.output === "body") return { ok: true, output: answer.body, error: null, ...(answer.truncated ? { truncated: true } : {}) };
  const rawFile = call.method.rawFile?.(request.params, call.repo);
  if (!answer.truncated || !rawFile) return fileText(answer, main, call.endpoint, max);
  // The file is far beyond the cap, so its base64 answer was cut: read its first bytes raw instead.
  const raw = await send(rawFile, max);
  if (raw.kind === "failed") return failureResult(raw);
  if (!isSuccess(raw)) return forgejoFailure(rawFile, call.endpoint, raw);
  return { ok: true, output: raw.body, error: null, ...(raw.truncated ? { truncated: true } : {}) };
}

/** A contents answer holds the file base64-encoded (4 bytes for 3) among some metadata. */
export function contentsLimit(maxOutputBytes: number): number {
  return Math.ceil(maxOutputBytes / 3) * 4 + 64 * 1024;
}

/** `Forgejo (GET …) answered 404 Not Found: <Forgejo's message>`. */
function forgejoFailure(request: ForgejoRequest, endpoint: Endpoint, answer: HttpAnswer): ExecutionResult {
  let message = answer.body;
  try {
    const data = JSON.parse(answer.body) as { message?: unknown };
    if (typeof data.message === "string" && data.message) message = data.message;
  } catch {
    // Not JSON (a proxy's HTML page …): the body as it came says the most.
  }
  return statusFailure(`Forgejo (${request.method} ${apiUrl(endpoint, request)})`, answer, message);
}

const SHA_MEMBER: ReadonlySet<string> = new Set(["sha"]);
/** A git object id: 40 hex digits (SHA-1), 64 with SHA-256. */
const SHA_MAX_LENGTH = 64;

function shaOf(read: ReadMembers): string | undefined {
  const sha = read.ok ? read.strings.get("sha") : undefined;
  return sha && !sha.dropped && sha.text ? sha.text : undefined;
}

function fileText(answer: HttpAnswer, request: ForgejoRequest, endpoint: Endpoint, max: number): ExecutionResult {
  const url = apiUrl(endpoint, request);
  let data: unknown;
  try {
    data = JSON.parse(answer.body);
  } catch {
    return { ok: false, output: "", error: `Forgejo's answer to GET ${url} is not JSON: ${answer.body}` };
  }
  if (Array.isArray(data)) return { ok: false, output: answer.body, error: `GET ${url} is a directory (${data.length} entries); repo.contents reads a file` };
  const file = data as Record<string, unknown>;
  if (file["type"] !== "file" || typeof file["content"] !== "string") {
    return { ok: false, output: answer.body, error: `GET ${url} is a ${String(file["type"])}, not a file with base64 content` };
  }
  const text = capUtf8(Buffer.from(file["content"], "base64").toString("utf8"), max);
  return { ok: true, output: text.text, error: null, ...(text.truncated ? { truncated: true } : {}) };
}
