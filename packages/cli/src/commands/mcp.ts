/**
 * `hdlp mcp`: the agents' door. Every registered TOOL.hdlp becomes an MCP
 * tool, over stdio (the default) or streamable HTTP (docs/mcp.md).
 */
import { statSync } from "node:fs";
import {
  checkBind,
  EXPOSE_MODES,
  HdlpMcp,
  HttpOptionsError,
  type RegistryToWatch,
  serveOverHttp,
  serveOverStdio,
  stopOn,
  toolFilter,
  watchedToolSource,
} from "@hdlp/mcp";
import { openAuditLog } from "@hdlp/runtime";
import { type Command, UsageError } from "../command.ts";
import { oneOf, parseOptions } from "../options.ts";
import { cliVersion } from "../version.ts";
import { defaultAuditPath } from "./call.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, type RegistryChoice, registryChoice, type RegistryValues, repositoryOptions } from "./registry-options.ts";

const log = (line: string) => void process.stderr.write(`hdlp mcp: ${line}\n`);

export const command: Command = {
  name: "mcp",
  summary: "Serve the registered tools to agents over the Model Context Protocol",
  help: `Usage: hdlp mcp [--root ROOT] [--expose all|search|auto] [--http [HOST:]PORT] [--audit FILE] [--tools GLOB]...

Serves every registered TOOL.hdlp as an MCP tool: over stdio by default
(stdout carries MCP messages only; this log goes to stderr), or streamable
HTTP at /mcp with --http. Only registered tools run, params are checked by the
runtime, require_confirm asks the user (or refuses when the client cannot
ask), output comes back raw. See docs/mcp.md for client configurations.

Options:
${REGISTRY_HELP}
  --expose MODE     all: list every tool; search: list two meta-tools, match_tools and
                    call_tool; auto (default): all up to 50 tools, search above
  --http [HOST:]PORT  Serve streamable HTTP at http://HOST:PORT/mcp (HOST: 127.0.0.1).
                    Any other address needs HDLP_MCP_TOKEN: clients then send
                    Authorization: Bearer <token>
  --tools GLOB      Serve only the tools matching GLOB (* and ?); repeat for more. Narrows
                    the operator's allow and deny lists, never widens them
  --audit FILE      Audit log (default: $HDLP_AUDIT_LOG, else $XDG_STATE_HOME/hdlp/audit.jsonl):
                    one JSON line per call, with the client's name and the transport

With no root given and no ./tools, a server over stdio serves the tools folder
of the client's first MCP root that has one.

Stops on stdin's end (stdio), SIGTERM or SIGINT: every call in flight is
cancelled and its process group killed at once.

Examples:
  hdlp mcp --root tools
  hdlp mcp --root tools --http 8765
  HDLP_MCP_TOKEN=… hdlp mcp --root tools --http 0.0.0.0:8765 --expose search
`,
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      ...REGISTRY_OPTIONS,
      expose: { type: "string" },
      http: { type: "string" },
      tools: { type: "string", multiple: true },
      audit: { type: "string" },
    });
    if (positionals.length) throw new UsageError(`takes no arguments, got \`${positionals[0]}\`.`);
    const expose = oneOf("expose", values.expose, EXPOSE_MODES, "auto");
    const http = values.http === undefined ? undefined : hostAndPort(values.http);
    const token = process.env["HDLP_MCP_TOKEN"] || undefined;
    if (http) refuseBind(http.host, token);
    const choice = registryChoice(values);
    const registry = registryToWatch(choice, values);
    if (!registry && http)
      throw new UsageError(
        "no tools root: pass --root DIR or set HDLP_TOOLS_DIR (an HTTP server, shared by its clients, cannot take its root from one of them).",
      );
    const config = choice.config();
    const auditPath = values.audit ?? defaultAuditPath(process.env);

    const source = await watchedToolSource({
      registry,
      ...(choice.cacheDir === undefined ? {} : { cacheDir: choice.cacheDir }),
      filter: toolFilter({ ...(config.tools ? { policy: config.tools } : {}), ...(values.tools ? { narrow: values.tools } : {}) }),
      log,
    });
    if (!registry) log("no tools root yet (no --root, no HDLP_TOOLS_DIR, no ./tools): waiting for the client's roots");
    const mcp = new HdlpMcp({
      source,
      version: cliVersion(),
      transport: http ? "http" : "stdio",
      expose,
      preApproved: config.mcp?.preApproved ?? [],
      call: {
        config,
        audit: openAuditLog(auditPath, { config }),
        onAuditError: (error) => log(`warning: could not write the audit log ${auditPath}: ${error.message}`),
      },
      log,
    });

    if (!http) {
      const stdio = serveOverStdio(mcp, source, log);
      stopOn(
        { stdin: true },
        async () => {
          await mcp.shutdown();
          await stdio.close();
        },
        log,
      );
      return new Promise<number>(() => {});
    }
    let endpoint: Awaited<ReturnType<typeof serveOverHttp>>;
    try {
      endpoint = await serveOverHttp(mcp, { ...http, ...(token ? { token } : {}), log });
    } catch (error) {
      // Nothing may keep the process alive after a failed start (the registry's watchers would).
      await mcp.shutdown();
      throw error;
    }
    log(`listening on ${endpoint.url}`);
    stopOn(
      { stdin: false },
      async () => {
        await mcp.shutdown();
        await endpoint.close();
      },
      log,
    );
    return new Promise<number>(() => {});
  },
};

function refuseBind(host: string, token: string | undefined): void {
  try {
    checkBind(host, token);
  } catch (error) {
    if (error instanceof HttpOptionsError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * What to watch: the root the CLI chose (a folder, or a Forgejo repository),
 * or nothing when no root was named and there is no ./tools (stdio then asks
 * the client for its roots).
 */
function registryToWatch(choice: RegistryChoice, values: RegistryValues): RegistryToWatch | undefined {
  if (choice.source.kind === "forgejo") return repositoryOptions(choice);
  const root = choice.source.path;
  // A root the operator chose (the option, the variable, or a configuration found, whose registry.root it is) must exist.
  const named = values.root !== undefined || Boolean(process.env["HDLP_TOOLS_DIR"]) || choice.config().configPath !== undefined;
  if (!isFolder(root)) {
    if (named) throw new UsageError(`the tools root \`${root}\` is not a folder (use --root DIR or HDLP_TOOLS_DIR).`);
    return undefined;
  }
  return { root, ...(choice.cacheDir === undefined ? {} : { cacheDir: choice.cacheDir }) };
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/** `8765`, `0.0.0.0:8765`, `[::1]:8765`. */
function hostAndPort(text: string): { host: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(text);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535) throw new UsageError(`--http takes [HOST:]PORT (8765, 127.0.0.1:8765, [::1]:8765), not \`${text}\`.`);
  return { host: match[1]?.replace(/^\[|\]$/g, "") ?? "127.0.0.1", port };
}
