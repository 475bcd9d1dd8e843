/**
 * executor: git-forgejo — works through the Forgejo REST API,
 * `{url}/api/v1/…` with `Authorization: token <token>` (or Basic, from a user
 * and password in the URL: http/remote.ts). The method is one of the fixed set
 * in methods.ts; the repository is the `repo` param (`owner/name`) or the
 * config's default. The output is Forgejo's answer as it came, except a file
 * read by repo.contents, whose content is decoded to text. A list's paging
 * headers become the envelope's `total_count` and `has_more`. Forgejo's own
 * error message comes back in `error`, with the status.
 */
import { executorSpec } from "@hdlp/parser";
import type { ExecutionRequest, ExecutionResult, Executor, RuntimeConfig } from "../executor.ts";
import { InvalidCallError } from "../executor.ts";
import { CappedBytes, capUtf8 } from "../common/capped-bytes.ts";
import type { BodySink, HttpAnswer, HttpOutcome } from "../http/client.ts";
import { type Deadline, withDeadline } from "../http/deadline.ts";
import { describeHttp, failureResult, isSuccess, refuseTarget } from "../http/remote.ts";
import { JsonMembersReader, type ReadMembers } from "../http/json-members.ts";
import { maskResult } from "../http/secrets.ts";
import { pagingOf } from "../http/paging.ts";
import { ForgejoClient, type ForgejoRequest, jsonBody, REPO_NAME } from "./api.ts";
import { isBlob } from "./git-object.ts";
import { FORGEJO_METHODS, type ForgejoMethod, forgejoMethod } from "./methods.ts";

export const gitForgejoExecutor: Executor = {
  describe(request) {
    const call = planCall(request);
    const first = [
      ...call.before.map((req) => `${req.method} ${call.client.url(req)}${req.body ? ` ${jsonBody(req)}` : ""}`),
      ...(call.currentFile ? [`GET ${call.client.url(call.currentFile)} to read the file's current sha, sent as "sha"`] : []),
    ];
    const note = first.length ? `first ${first.join("; then ")}` : undefined;
    return describeHttp(
      { method: call.main.method, url: call.client.url(call.main), body: jsonBody(call.main), ...(note ? { note } : {}) },
      call.client.access,
    );
  },

  async execute(request) {
    const call = planCall(request);
    const result = await withDeadline(request.timeoutMs, request.signal, (deadline) => run(call, request.maxOutputBytes, deadline));
    return maskResult(result, call.client.access.secrets);
  },
};

/** Everything a call sends, built (and so checked) before anything is. */
interface ForgejoCall {
  readonly client: ForgejoClient;
  readonly method: ForgejoMethod;
  readonly params: ExecutionRequest["params"];
  /** `owner/name`, or "" for a method that works on no repository. */
  readonly repo: string;
  readonly before: readonly ForgejoRequest[];
  readonly currentFile?: ForgejoRequest;
  readonly main: ForgejoRequest;
}

function planCall(request: ExecutionRequest): ForgejoCall {
  const { tool, params, config } = request;
  refuseTarget(request, "git-forgejo");
  const method = forgejoMethod(tool.method);
  if (!method) throw new InvalidCallError(`git-forgejo has no method "${tool.method}"; it knows ${Object.keys(FORGEJO_METHODS).join(", ")}`);
  const where = config.configPath ?? "hdlp.config.json";
  if (!config.forgejo) throw new InvalidCallError(`Forgejo is not configured: set HDLP_FORGEJO_URL (and HDLP_FORGEJO_TOKEN), or forgejo.url in ${where}`);
  checkValues(tool.method, params);
  const repo = method.onRepo ? repoOf(tool.method, params, config, where) : "";
  const currentFile = method.currentFile?.(params, repo);
  return {
    client: new ForgejoClient(config.forgejo),
    method,
    params,
    repo,
    before: method.before?.(params, repo) ?? [],
    ...(currentFile ? { currentFile } : {}),
    main: method.request(params, repo),
  };
}

function repoOf(method: string, params: ExecutionRequest["params"], config: RuntimeConfig, where: string): string {
  const repo = typeof params["repo"] === "string" ? params["repo"] : config.forgejoDefaultRepo;
  if (repo === undefined)
    throw new InvalidCallError(`${method} needs a repository: pass repo (owner/name), or set forgejo.default_repo in ${where} or HDLP_FORGEJO_REPO`, "repo");
  if (!REPO_NAME.test(repo)) throw new InvalidCallError(`repo "${repo}" is not written owner/name`, "repo");
  return repo;
}

/** The values the catalogue closes (pull.merge's style, a state …): another value is refused, not sent for Forgejo to guess at. */
function checkValues(method: string, params: ExecutionRequest["params"]): void {
  const spec = executorSpec("git-forgejo")!.methods;
  const declared = spec.kind === "fixed" ? spec.list.find((m) => m.name === method) : undefined;
  for (const param of declared?.params ?? []) {
    const value = params[param.name];
    if (param.values === undefined || value === undefined || param.values.includes(String(value))) continue;
    throw new InvalidCallError(`${param.name} of ${method} must be one of ${param.values.join(", ")}, not ${JSON.stringify(value)}`, param.name);
  }
}

async function run(call: ForgejoCall, max: number, deadline: Deadline): Promise<ExecutionResult> {
  const send = (req: ForgejoRequest, sink: BodySink): Promise<HttpOutcome> => call.client.send(req, sink, deadline);

  for (const [done, req] of call.before.entries()) {
    const answer = await send(req, new CappedBytes(max));
    const failed = answer.kind === "failed" ? failureResult(answer) : isSuccess(answer) ? undefined : call.client.failure(req, answer);
    if (failed)
      return done === 0
        ? failed
        : {
            ...failed,
            error: `${failed.error} (after ${call.before
              .slice(0, done)
              .map((r) => `${r.method} ${call.client.url(r)}`)
              .join(", ")} had succeeded)`,
          };
  }

  let main = call.main;
  if (call.currentFile) {
    // The answer holds the whole file, base64: only its sha is kept while it streams.
    const members = new JsonMembersReader(SHA_MEMBER, SHA_MAX_LENGTH);
    const read = await send(call.currentFile, members);
    if (read.kind === "failed") return failureResult(read);
    if (!isSuccess(read)) return call.client.failure(call.currentFile, read);
    const sha = shaOf(members.result());
    if (sha === undefined)
      return { ok: false, output: "", error: `Forgejo's answer to GET ${call.client.url(call.currentFile)} holds no file sha: ${read.body}` };
    main = { ...main, body: { ...main.body, sha } };
  }

  const answer = await send(main, new CappedBytes(call.method.output === "contents" ? contentsLimit(max) : max));
  if (answer.kind === "failed") return failureResult(answer);
  if (!isSuccess(answer)) return call.client.failure(main, answer);
  if (call.method.output === "body")
    return { ok: true, output: answer.body, error: null, ...(answer.truncated ? { truncated: true } : {}), ...pagingOf(answer.headers) };
  return contents(call, main, answer, max, send);
}

/** A contents answer holds the file base64-encoded (4 bytes for 3) among some metadata. */
export function contentsLimit(maxOutputBytes: number): number {
  return Math.ceil(maxOutputBytes / 3) * 4 + 64 * 1024;
}

const SHA_MEMBER: ReadonlySet<string> = new Set(["sha"]);
/** A git object id: 40 hex digits (SHA-1), 64 with SHA-256. */
const SHA_MAX_LENGTH = 64;

function shaOf(read: ReadMembers): string | undefined {
  const sha = read.ok ? read.strings.get("sha") : undefined;
  return sha && !sha.dropped && sha.text ? sha.text : undefined;
}

/**
 * repo.contents: a folder's listing as it came; a file's content decoded to
 * text. Forgejo leaves the content out (`""`) of a file over its blob limit
 * (10 MiB by default), and a file far beyond the cap does not fit the answer
 * kept: both are read raw instead, at the commit that last changed them, and
 * checked against the file's sha when read whole.
 */
async function contents(
  call: ForgejoCall,
  request: ForgejoRequest,
  answer: HttpAnswer,
  max: number,
  send: (req: ForgejoRequest, sink: BodySink) => Promise<HttpOutcome>,
): Promise<ExecutionResult> {
  const url = call.client.url(request);
  const raw = (ref: unknown, sha: unknown) => readRaw(call, typeof ref === "string" ? ref : undefined, typeof sha === "string" ? sha : undefined, max, send);
  if (answer.truncated) return raw(call.params["ref"], undefined);
  let data: unknown;
  try {
    data = JSON.parse(answer.body);
  } catch {
    return { ok: false, output: "", error: `Forgejo's answer to GET ${url} is not JSON: ${answer.body}` };
  }
  if (Array.isArray(data)) return { ok: true, output: answer.body, error: null, ...pagingOf(answer.headers) };
  const file = data as Record<string, unknown>;
  if (file["type"] === "symlink")
    return { ok: false, output: answer.body, error: `GET ${url} is a symbolic link to ${JSON.stringify(file["target"])}; read that path instead` };
  if (file["type"] !== "file") return { ok: false, output: answer.body, error: `GET ${url} is a ${String(file["type"])}, not a file or a folder` };
  const content = file["content"];
  if (typeof content === "string" && (content !== "" || file["size"] === 0)) {
    const text = capUtf8(Buffer.from(content, "base64").toString("utf8"), max);
    return { ok: true, output: text.text, error: null, ...(text.truncated ? { truncated: true } : {}) };
  }
  if (content === "" || content === null) return raw(file["last_commit_sha"] ?? call.params["ref"], file["sha"]);
  return { ok: false, output: answer.body, error: `GET ${url} is a file without base64 content: ${answer.body}` };
}

async function readRaw(
  call: ForgejoCall,
  ref: string | undefined,
  sha: string | undefined,
  max: number,
  send: (req: ForgejoRequest, sink: BodySink) => Promise<HttpOutcome>,
): Promise<ExecutionResult> {
  const request = call.method.rawFile!(call.params, call.repo, ref);
  const body = new CappedBytes(max);
  const raw = await send(request, body);
  if (raw.kind === "failed") return failureResult(raw);
  if (!isSuccess(raw)) return call.client.failure(request, raw);
  if (sha !== undefined && !raw.truncated && !isBlob(body.bytes(), sha)) {
    return { ok: false, output: "", error: `GET ${call.client.url(request)} answered bytes that are not the file's blob ${sha}; it changed while it was read` };
  }
  return { ok: true, output: raw.body, error: null, ...(raw.truncated ? { truncated: true } : {}) };
}
