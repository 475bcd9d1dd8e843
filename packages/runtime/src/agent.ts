/**
 * The seed's tool agent in one object: a registry over a tools root, the
 * exact call (§1 mode 1) and intent matching (§1 mode 2). A host that wants
 * the registry kept current while it runs uses `watchTools` and `callTool`
 * directly; this is the one-scan-then-serve shape.
 */
import type { Envelope } from "./envelope.ts";
import { type CallOptions, callTool, type ToolCall } from "./call/call.ts";
import { createMatcher, type Matcher, type MatchOptions, type MatchResult } from "@hdlp/match";
import { type ScanOptions, ToolScanner } from "./registry/scanner.ts";
import type { ToolIndex } from "./registry/tool-index.ts";

export interface IntentRequest {
  readonly intent: string;
  readonly context?: Readonly<Record<string, unknown>>;
}

export interface ToolAgent {
  /** The registry as of the last scan. */
  readonly index: ToolIndex;
  /** Re-scans the root (cached: only changed files are read again). */
  scan(): ToolIndex;
  call(call: ToolCall, options?: CallOptions): Promise<Envelope>;
  match(request: IntentRequest, options?: Omit<MatchOptions, "context">): MatchResult;
}

export function createToolAgent(options: ScanOptions & { readonly call?: CallOptions }): ToolAgent {
  const scanner = new ToolScanner(options);
  let index = scanner.scan();
  let matcher: { readonly index: ToolIndex; readonly matcher: Matcher } | undefined;
  return {
    get index() {
      return index;
    },
    scan() {
      index = scanner.scan();
      return index;
    },
    call(call, callOptions) {
      return callTool(index, call, { ...options.call, ...callOptions });
    },
    match(request, matchOptions) {
      if (matcher?.index !== index) matcher = { index, matcher: createMatcher(index.tools.map((t) => t.model)) };
      return matcher.matcher.match(request.intent, { ...matchOptions, ...(request.context ? { context: request.context } : {}) });
    },
  };
}
