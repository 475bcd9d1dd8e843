/**
 * The MCP server over the runtime: `tools/list` and `tools/call` answered by
 * hand on the SDK's low-level `Server`, so that the runtime, not the SDK,
 * checks every argument and writes every answer (an invalid call comes back
 * with the runtime's message and its envelope; docs/mcp.md says why).
 *
 * One `HdlpMcp` serves a process: it holds the registry, the calls in flight
 * and the key that signs confirmation questions, and makes a `Server`
 * instance per connection (stdio, an HTTP session of 2025-11-25) or per
 * request (HTTP, 2026-07-28), all sharing them.
 */
import { createMatcher, type Matcher } from "@hdlp/match";
import type { ToolModel } from "@hdlp/parser";
import { type CallOptions, callTool, describeCall, type Envelope, isPrepared, killRunningGroups, prepareCall, type ToolCall } from "@hdlp/runtime";
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type Implementation,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { confirmationFor, questionCodec } from "./confirmation.ts";
import { CALL_TOOL, callArguments, MATCH_TOOLS, matchArguments, matchResultText, metaToolDefinitions } from "./meta-tools.ts";
import { confirmationMessage, type ToolDefinition, toolDefinition } from "./tool-definition.ts";
import type { ToolSource, VisibleTools } from "./tool-source.ts";

/** `all`: every tool listed; `search`: the two meta-tools; `auto`: all up to AUTO_SEARCH_ABOVE tools, search above. */
export type Expose = "all" | "search" | "auto";
export const EXPOSE_MODES: readonly Expose[] = ["all", "search", "auto"];
export const AUTO_SEARCH_ABOVE = 50;

/** Tools per `tools/list` page. */
export const PAGE_SIZE = 500;

/** Progress, when the client asked for it, is sent this often while a call runs. */
export const PROGRESS_INTERVAL_MS = 1000;

/** On shutdown, how long the calls just cancelled get to write their envelopes and audit lines. */
const SETTLE_ON_SHUTDOWN_MS = 1000;

/** How a client reaches the server, as the audit line names it. */
export type TransportName = "stdio" | "http";

export interface HdlpMcpOptions {
  readonly source: ToolSource;
  /** serverInfo.version: hdlp's. */
  readonly version: string;
  readonly transport: TransportName;
  readonly expose?: Expose;
  /** The operator's `mcp.pre_approved`: tools that run without asking although they require confirmation. */
  readonly preApproved?: readonly string[];
  /** What every call gets: the runtime config, the audit log, the executors. */
  readonly call?: Pick<CallOptions, "config" | "audit" | "onAuditError" | "executors">;
  /** One line for the operator (stderr). */
  readonly log?: (line: string) => void;
}

export class HdlpMcp {
  readonly #options: HdlpMcpOptions;
  readonly #preApproved: ReadonlySet<string>;
  readonly #codec = questionCodec();
  readonly #shutdown = new AbortController();
  /** Calls in flight, by connection and request id, each with its own abort. */
  readonly #calls = new Map<string, { readonly abort: AbortController; readonly done: Promise<unknown> }>();
  /** Instances on a long-lived connection: they are told when the list changes. */
  readonly #connections = new Set<Server>();
  readonly #changeListeners = new Set<() => void>();
  readonly #definitions = new WeakMap<ToolModel, ToolDefinition>();
  readonly #matchers = new WeakMap<VisibleTools, Matcher>();

  constructor(options: HdlpMcpOptions) {
    this.#options = options;
    this.#preApproved = new Set(options.preApproved ?? []);
    options.source.onChange(() => this.#toolsChanged());
  }

  get transport(): TransportName {
    return this.#options.transport;
  }

  /**
   * A server instance. `longLived` (stdio, a 2025-11-25 HTTP session): it is
   * sent `notifications/tools/list_changed` when the tools change; a
   * per-request instance is not (its client hears of changes on its
   * `subscriptions/listen` stream, through `onToolsChanged`).
   */
  server(options: { readonly longLived: boolean }): Server {
    const server = new Server(
      { name: "hdlp", title: "hdlp: the tools of this repository", version: this.#options.version },
      { capabilities: { tools: { listChanged: true } }, instructions: this.#instructions(), requestState: { verify: this.#codec.verify } },
    );
    server.setRequestHandler("tools/list", (request) => this.#list(request.params?.cursor));
    server.setRequestHandler("tools/call", (request, ctx) =>
      this.#call(server, request.params.name, request.params.arguments ?? {}, request.params._meta?.progressToken, ctx),
    );
    if (options.longLived) {
      this.#connections.add(server);
      server.onclose = () => this.#connections.delete(server);
    }
    return server;
  }

  /** Called after each change of the tools an agent sees. */
  onToolsChanged(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Aborts the calls one HTTP request carried, when its connection closed before the answer. */
  cancel(connection: string | undefined, ids: readonly (string | number)[]): void {
    for (const id of ids) this.#calls.get(callKey(connection, id))?.abort.abort(new Error("the client's connection closed"));
  }

  /**
   * Stops every call in flight at once (its process group is SIGKILLed, no
   * grace), waits a moment for their envelopes and audit lines, and stops
   * watching the registry.
   */
  async shutdown(): Promise<void> {
    this.#shutdown.abort(new Error("the server is shutting down"));
    killRunningGroups();
    const settled = Promise.allSettled([...this.#calls.values()].map((call) => call.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_ON_SHUTDOWN_MS)))]);
    clearTimeout(timer);
    this.#options.source.close();
  }

  #expose(visible: VisibleTools): "all" | "search" {
    const mode = this.#options.expose ?? "auto";
    return mode === "auto" ? (visible.tools.length > AUTO_SEARCH_ABOVE ? "search" : "all") : mode;
  }

  #instructions(): string {
    const visible = this.#options.source.current();
    const where = visible.root === undefined ? "the repository the client names" : visible.root;
    const lines = [
      `hdlp serves the tools declared in TOOL.hdlp files under ${where}. Each runs exactly as its file says, and returns its raw output ` +
        "(or its whole error) with the envelope {ok, tool, method, output, error, duration_ms, …} as structured content. " +
        "Tools that require confirmation ask the user before anything runs.",
    ];
    if (this.#expose(visible) === "search") {
      lines.push(
        `There are ${visible.tools.length} tools, too many to list: call ${MATCH_TOOLS} with what you want done (中文 or English), then ${CALL_TOOL} with a name it returns.`,
      );
    }
    return lines.join("\n");
  }

  #toolsChanged(): void {
    for (const server of this.#connections) {
      server.sendToolListChanged().catch((error: Error) => this.#log(`could not send tools/list_changed: ${error.message}`));
    }
    for (const listener of this.#changeListeners) listener();
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }

  #definition(model: ToolModel): ToolDefinition {
    let definition = this.#definitions.get(model);
    if (!definition) {
      definition = toolDefinition(model);
      this.#definitions.set(model, definition);
    }
    return definition;
  }

  /** A page of tools, in name order; the cursor is the last name of the page before. */
  #list(cursor: string | undefined): { tools: ToolDefinition[]; nextCursor?: string } {
    const visible = this.#options.source.current();
    if (this.#expose(visible) === "search") return { tools: metaToolDefinitions(visible.tools.length) };
    const after = cursor === undefined ? undefined : nameAfter(cursor);
    const tools = visible.tools;
    let start = 0;
    if (after !== undefined) {
      // Names are sorted: the first name past the cursor's, found by halving.
      let high = tools.length;
      while (start < high) {
        const middle = (start + high) >>> 1;
        if (tools[middle]!.name <= after) start = middle + 1;
        else high = middle;
      }
    }
    const page = tools.slice(start, start + PAGE_SIZE);
    const more = start + PAGE_SIZE < tools.length;
    return { tools: page.map((tool) => this.#definition(tool.model)), ...(more ? { nextCursor: cursorAfter(page.at(-1)!.name) } : {}) };
  }

  async #call(
    server: Server,
    name: string,
    args: Record<string, unknown>,
    progressToken: string | number | undefined,
    ctx: ServerContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    const visible = this.#options.source.current();
    if (this.#expose(visible) === "search") {
      if (name === MATCH_TOOLS) return this.#match(visible, args);
      if (name === CALL_TOOL) {
        const call = callArguments(args);
        if (typeof call === "string") return refusal(`${CALL_TOOL}: ${call}`);
        return this.#run(server, visible, { tool: call.name, params: call.arguments }, progressToken, ctx);
      }
    }
    return this.#run(server, visible, { tool: name, params: args }, progressToken, ctx);
  }

  #match(visible: VisibleTools, args: Record<string, unknown>): CallToolResult {
    const request = matchArguments(args);
    if (typeof request === "string") return refusal(`${MATCH_TOOLS}: ${request}`);
    let matcher = this.#matchers.get(visible);
    if (!matcher) {
      matcher = createMatcher(visible.tools.map((tool) => tool.model));
      this.#matchers.set(visible, matcher);
    }
    const result = matcher.match(request.intent, {
      ...(request.top === undefined ? {} : { top: request.top }),
      ...(request.context ? { context: request.context } : {}),
    });
    return { content: [{ type: "text", text: matchResultText(result) }], structuredContent: result as unknown as Record<string, unknown> };
  }

  /** One call through the runtime, tracked so that a cancellation, a closed connection or a shutdown stops it. */
  async #run(
    server: Server,
    visible: VisibleTools,
    call: ToolCall,
    progressToken: string | number | undefined,
    ctx: ServerContext,
  ): Promise<CallToolResult | InputRequiredResult> {
    const key = callKey(ctx.sessionId, ctx.mcpReq.id);
    const abort = new AbortController();
    const running = this.#settle(server, visible, call, progressToken, ctx, AbortSignal.any([ctx.mcpReq.signal, this.#shutdown.signal, abort.signal]));
    this.#calls.set(key, { abort, done: running });
    try {
      return await running;
    } finally {
      if (this.#calls.get(key)?.done === running) this.#calls.delete(key);
    }
  }

  async #settle(
    server: Server,
    visible: VisibleTools,
    call: ToolCall,
    progressToken: string | number | undefined,
    ctx: ServerContext,
    signal: AbortSignal,
  ): Promise<CallToolResult | InputRequiredResult> {
    const client = clientOf(server, ctx);
    const options: CallOptions = {
      ...this.#options.call,
      signal,
      origin: { ...(client.name === undefined ? {} : { client: client.name }), transport: this.#options.transport },
    };
    const prepared = prepareCall(visible, call, options);
    let confirm: CallOptions["confirm"];
    let preview: string | undefined;
    if (isPrepared(prepared) && prepared.tool.constraints.require_confirm) {
      const described = describeCall(prepared);
      if (this.#preApproved.has(prepared.tool.name)) confirm = () => true;
      else if (described.ok) {
        const confirmation = await confirmationFor({
          toolName: prepared.tool.name,
          text: described.text,
          message: confirmationMessage(prepared.tool, described.text),
          ctx,
          canElicit: canElicit(client.capabilities),
          codec: this.#codec,
        });
        if (confirmation.kind === "ask") return confirmation.result;
        if (confirmation.kind === "answered") confirm = confirmation.confirm;
        else preview = described.text;
      }
    }
    const progress = progressToken === undefined ? undefined : reportProgress(progressToken, ctx);
    let envelope: Envelope;
    try {
      envelope = await callTool(visible, call, { ...options, ...(confirm ? { confirm } : {}), ...(progress ? { onOutput: progress.output } : {}) });
    } finally {
      progress?.stop();
    }
    if (envelope.found === false) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, envelope.error ?? `no tool named \`${call.tool}\``, {
        found: false,
        suggestion: envelope.suggestion,
        ...(envelope.did_you_mean ? { did_you_mean: envelope.did_you_mean } : {}),
      });
    }
    return resultOf(envelope, preview);
  }
}

/** The text an agent reads: the raw output when ok, the raw error when not (and, for a refusal it could not be asked about, what would have run). */
export function resultOf(envelope: Envelope, preview?: string): CallToolResult {
  const text = envelope.ok
    ? envelope.output
    : `${envelope.error ?? ""}${preview === undefined ? "" : `\n\nThis client cannot ask the user (it declared no elicitation), so nothing ran. The call would run:\n\n${preview}`}`;
  return { content: [{ type: "text", text }], structuredContent: envelope as unknown as Record<string, unknown>, isError: !envelope.ok };
}

function refusal(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

function callKey(connection: string | undefined, id: string | number): string {
  return `${connection ?? ""}\0${typeof id}:${id}`;
}

function cursorAfter(name: string): string {
  return Buffer.from(name, "utf8").toString("base64url");
}

function nameAfter(cursor: string): string {
  const name = Buffer.from(cursor, "base64url").toString("utf8");
  if (cursorAfter(name) !== cursor)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `invalid cursor \`${cursor}\`: pass back a nextCursor this server gave`);
  return name;
}

/** Who is calling: the 2026-07-28 envelope of this request, else what the client said at initialize. */
function clientOf(server: Server, ctx: ServerContext): { readonly name?: string; readonly capabilities?: ClientCapabilities } {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = (envelope?.[CLIENT_INFO_META_KEY] as Implementation | undefined) ?? server.getClientVersion();
  const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.getClientCapabilities();
  return { ...(info?.name === undefined ? {} : { name: info.name }), ...(capabilities === undefined ? {} : { capabilities }) };
}

/** Form elicitation: declared as `elicitation.form`, or as an empty `elicitation` (2025-06-18 clients, which know only forms). */
function canElicit(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  return elicitation !== undefined && (elicitation["form"] !== undefined || Object.keys(elicitation).length === 0);
}

/** `notifications/progress` while the call runs: the elapsed milliseconds (always rising), and the output so far in the message. */
function reportProgress(token: string | number, ctx: ServerContext): { output: (bytes: number) => void; stop: () => void } {
  const started = performance.now();
  let bytes = 0;
  const timer = setInterval(() => {
    const elapsed = Math.round(performance.now() - started);
    ctx.mcpReq
      .notify({
        method: "notifications/progress",
        params: { progressToken: token, progress: elapsed, message: `running for ${Math.round(elapsed / 1000)} s; ${bytes} bytes of output so far` },
      })
      .catch(() => clearInterval(timer));
  }, PROGRESS_INTERVAL_MS);
  return { output: (n) => (bytes += n), stop: () => clearInterval(timer) };
}
