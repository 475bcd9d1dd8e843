/**
 * `hdlp call <tool> [key=value …]`: the seed's exact call, from a shell.
 * Without --json the tool's output goes to stdout and its error to stderr,
 * raw, as the program wrote them; with --json the envelope is printed whole.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import type { ParamModel } from "@hdlp/parser";
import {
  callTool,
  type ConfirmRequest,
  coerceCliParams,
  describeCall,
  type Envelope,
  isPrepared,
  openAuditLog,
  prepareCall,
  type ToolIndex,
  toolAccess,
} from "@hdlp/runtime";
import { type Command, EXIT, UsageError } from "../command.ts";
import { parseOptions } from "../options.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, scanFromOptions } from "./registry-options.ts";

/** `call`: no tool of that name; `match`: no tool serves the intent. */
export const EXIT_NOT_FOUND = 3;
/** Stopped by SIGINT or SIGTERM, as a shell reports it (128 + SIGINT). */
const EXIT_INTERRUPTED = 130;

export const command: Command = {
  name: "call",
  summary: "Run a registered tool with params and print its raw result",
  help: `Usage: hdlp call <tool> [key=value ...] [--params JSON] [--yes] [--timeout MS] [--dry-run] [--json]

Runs a registered tool. Params are given as key=value (read by each param's
declared type: count=5 is the integer 5; flags true/false/yes/no/1/0; lists as
JSON ["a b","c"] or a comma list a,b,c; objects as JSON) and/or as one JSON
object with --params (taken as typed). A param may be given only once.

Options:
  --params JSON     Params as a JSON object
  -y, --yes         Confirm a require_confirm tool without asking (needed when not on a terminal)
  --timeout MS      Timeout for this call, overriding the tool's constraints.timeout_ms
                    (within the operator's ceiling: asking for more runs with the ceiling)
  --dry-run         Print exactly what would run (argv, or HTTP request with secrets masked); run nothing
  --target NAME     Which configured endpoint to use where several are (gatekeepers)
  --audit FILE      Audit log, one JSON line per call (default: $HDLP_AUDIT_LOG, else
                    $XDG_STATE_HOME/hdlp/audit.jsonl, else ~/.local/state/hdlp/audit.jsonl)
${REGISTRY_HELP}
  --json            Print the result envelope as JSON

Output: without --json, the tool's output is written to stdout and its error
(the whole stderr) to stderr, unchanged.

Exit codes: 0 the tool succeeded; 1 it failed, timed out, was not confirmed, is not
allowed by the operator's policy or a secret of it cannot be read;
2 bad usage or params that do not fit the tool; 3 no tool of that name;
130 interrupted (SIGINT or SIGTERM: the tool's process group is stopped first).

Examples:
  hdlp call shell-exec cmd='echo hello'
  hdlp call git-ops count=5 --json
  hdlp call file-write path=/tmp/x content='hi' --yes
`,
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      ...REGISTRY_OPTIONS,
      params: { type: "string" },
      yes: { type: "boolean", short: "y" },
      timeout: { type: "string" },
      "dry-run": { type: "boolean" },
      target: { type: "string" },
      audit: { type: "string" },
      json: { type: "boolean" },
    });
    const [toolName, ...pairs] = positionals;
    if (!toolName) throw new UsageError("name the tool to call: hdlp call <tool> [key=value ...].");
    const timeoutMs = values.timeout === undefined ? undefined : positiveInteger("timeout", values.timeout);
    const { index, choice } = await scanFromOptions(values);
    const config = choice.config();
    // A tool the operator does not allow lends no types to its params: a coercion error would tell that it exists.
    const declared = toolAccess(config.tools).allows(toolName) ? (index.get(toolName)?.model.params ?? []) : [];
    const params = callParams(declared, pairs, values.params);
    const options = {
      config,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(values.target === undefined ? {} : { target: values.target }),
    };

    if (values["dry-run"]) return dryRun(index, toolName, params, options, values.json === true);

    const auditPath = values.audit ?? defaultAuditPath(process.env);
    // Ctrl-C or a kill stops the tool's whole process group (detached, so the terminal's signal never reaches it).
    const cancel = new AbortController();
    const onSignal = () => cancel.abort();
    process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
    const envelope = await callTool(
      index,
      { tool: toolName, params },
      {
        ...options,
        signal: cancel.signal,
        ...(values.yes ? { confirm: () => true } : onTerminal() ? { confirm: (request: ConfirmRequest) => askOnTerminal(request, cancel) } : {}),
        audit: openAuditLog(auditPath, { config }),
        origin: { transport: "cli" },
        onAuditError: (error) => process.stderr.write(`hdlp: warning: could not write the audit log ${auditPath}: ${error.message}\n`),
        onWarning: (message) => process.stderr.write(`hdlp: warning: ${message}\n`),
      },
    );
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    printEnvelope(envelope, values.json === true);
    return cancel.signal.aborted ? EXIT_INTERRUPTED : exitCode(envelope);
  },
};

function positiveInteger(name: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) === 0) throw new UsageError(`--${name} must be a whole number of milliseconds above 0, not \`${text}\`.`);
  return Number(text);
}

/** key=value pairs (coerced by the declared types) and --params JSON, merged; a param given twice is a usage error. */
function callParams(declared: readonly ParamModel[], pairs: readonly string[], json: string | undefined): Record<string, unknown> {
  const raw: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`\`${pair}\` is not a param: write key=value.`);
    const key = pair.slice(0, eq);
    if (key in raw) throw new UsageError(`the param \`${key}\` is given twice.`);
    raw[key] = pair.slice(eq + 1);
  }
  const params = coerceCliParams(declared, raw);
  if (json === undefined) return params;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`--params is not valid JSON: ${(error as Error).message}.`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new UsageError("--params must be a JSON object.");
  for (const key of Object.keys(parsed)) if (key in params) throw new UsageError(`the param \`${key}\` is given twice (key=value and --params).`);
  return { ...params, ...(parsed as Record<string, unknown>) };
}

function dryRun(index: ToolIndex, tool: string, params: Record<string, unknown>, options: Parameters<typeof prepareCall>[2], json: boolean): number {
  const prepared = prepareCall(index, { tool, params }, options);
  if (!isPrepared(prepared)) {
    printEnvelope(prepared.envelope, json);
    return exitCode(prepared.envelope);
  }
  const described = describeCall(prepared);
  if (!described.ok) {
    // The refusal a real call would return, so --json prints JSON whatever happens.
    printEnvelope(described.envelope, json);
    return exitCode(described.envelope);
  }
  if (json) {
    const { tool: model, request } = prepared;
    const plan = {
      tool: model.name,
      method: model.method,
      executor: model.executor,
      params: request.params,
      timeout_ms: request.timeoutMs,
      max_output_bytes: request.maxOutputBytes,
      require_confirm: model.constraints.require_confirm,
      ...(prepared.ceilingsApplied ? { ceilings_applied: prepared.ceilingsApplied } : {}),
      ...(request.secrets ? { secrets: Object.keys(request.secrets) } : {}),
      dry_run: described.dryRun,
    };
    process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`);
  } else process.stdout.write(described.text);
  return EXIT.ok;
}

/** Someone can answer a question: stdin and stderr are a terminal. Elsewhere a require_confirm tool needs --yes. */
function onTerminal(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}

/** Shows exactly what will run and asks; Ctrl-C at the prompt cancels the call. */
async function askOnTerminal(request: ConfirmRequest, cancel: AbortController): Promise<boolean> {
  process.stderr.write(`\`${request.tool.name}\` requires confirmation. It will run:\n\n${request.text}\n`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  rl.on("SIGINT", () => cancel.abort());
  try {
    const answer = await rl.question("Run it? [y/N] ", { signal: cancel.signal });
    return /^(y|yes|是)$/i.test(answer.trim());
  } catch {
    return false; // cancelled at the prompt
  } finally {
    rl.close();
  }
}

function printEnvelope(envelope: Envelope, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(envelope)}\n`);
    return;
  }
  process.stdout.write(envelope.output);
  if (envelope.stderr) process.stderr.write(envelope.stderr);
  if (envelope.error !== null) process.stderr.write(envelope.error.endsWith("\n") || envelope.error === "" ? envelope.error : `${envelope.error}\n`);
  if (envelope.found === false && envelope.suggestion) process.stderr.write(`${envelope.suggestion}\n`);
  if (envelope.truncated) process.stderr.write("hdlp: the output was cut at the tool's max_output_bytes\n");
  for (const [limit, applied] of Object.entries(envelope.ceilings_applied ?? {})) {
    const by = applied.asked_by === "caller" ? "--timeout" : "the tool's constraints";
    process.stderr.write(`hdlp: ${limit} ${applied.asked} (asked by ${by}) is above the operator's ceiling; the call ran with ${applied.ceiling}\n`);
  }
  if (envelope.refused === "not-confirmed" && !onTerminal()) process.stderr.write("hdlp: not on a terminal, so no one can confirm: pass --yes to run it\n");
}

function exitCode(envelope: Envelope): number {
  if (envelope.ok) return EXIT.ok;
  if (envelope.found === false) return EXIT_NOT_FOUND;
  if (envelope.refused === "invalid-params") return EXIT.usage;
  return EXIT.failed;
}

export function defaultAuditPath(env: NodeJS.ProcessEnv): string {
  if (env["HDLP_AUDIT_LOG"]) return env["HDLP_AUDIT_LOG"];
  return join(env["XDG_STATE_HOME"] || join(homedir(), ".local", "state"), "hdlp", "audit.jsonl");
}
