/**
 * `hdlp`: the command table and the dispatcher. Each command lives in
 * `commands/<name>.ts` and is imported only when it runs, so `hdlp lint` never
 * loads the runtime's HTTP and process machinery.
 */
import { type Command, EXIT, UnreadableError, UsageError } from "./command.ts";
import { cliVersion as version } from "./version.ts";

interface Entry {
  readonly summary: string;
  readonly load: () => Promise<{ command: Command }>;
}

/** The commands, in the order `hdlp --help` lists them. Adding one is one line. */
const COMMANDS: Record<string, Entry> = {
  lint: { summary: "Check TOOL.hdlp files and report every problem", load: () => import("./commands/lint.ts") },
  fmt: { summary: "Format TOOL.hdlp files in the canonical style", load: () => import("./commands/fmt.ts") },
  schema: { summary: "Print the JSON Schema of TOOL.hdlp or, with --config, of hdlp.config.json", load: () => import("./commands/schema.ts") },
  init: { summary: "Start a project: tools/, hdlp.config.json, a CI workflow and a pre-commit hook", load: () => import("./commands/init.ts") },
  new: { summary: "Write a new tool, tools/NAME/TOOL.hdlp, from the catalogue's skeleton", load: () => import("./commands/new.ts") },
  list: { summary: "List the tools under the tools root, valid and invalid", load: () => import("./commands/list.ts") },
  match: { summary: "Find the tools that serve an intent (中文 or English)", load: () => import("./commands/match.ts") },
  call: { summary: "Run a registered tool with params and print its raw result", load: () => import("./commands/call.ts") },
  mcp: { summary: "Serve the registered tools to agents over the Model Context Protocol", load: () => import("./commands/mcp.ts") },
  export: { summary: "Print the tools as MCP, OpenAI or Anthropic tool definitions", load: () => import("./commands/export.ts") },
  config: { summary: "Check the operator's configuration: values and their sources, sandbox, servers", load: () => import("./commands/config.ts") },
  doctor: { summary: "Same as `hdlp config check`", load: () => import("./commands/config.ts").then(({ doctor }) => ({ command: doctor })) },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, entry]) => `  ${name.padEnd(width)}  ${entry.summary}`);
  return `hdlp ${version()}: the toolchain for TOOL.hdlp, the files that declare the tools an AI agent may run.

Usage: hdlp <command> [options]

Commands:
${lines.join("\n")}

Options:
  -h, --help     Show help (also: hdlp <command> --help)
  -v, --version  Show the version

Exit codes: 0 success; 1 problems found, or the tool failed or was not confirmed;
2 bad usage, an unreadable path, or params that do not fit the tool; 3 no such tool
(call) or no tool serves the intent (match); 130 interrupted (call).
`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "-h" || name === "--help" || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    if (topic === undefined) {
      process.stdout.write(help());
      return name === undefined ? EXIT.usage : EXIT.ok;
    }
    return main([topic, "--help"]);
  }
  if (name === "-v" || name === "--version") {
    process.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    process.stderr.write(`hdlp: unknown command \`${name}\`. Run \`hdlp --help\` for the list.\n`);
    return EXIT.usage;
  }
  const { command } = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      const hint = error instanceof UnreadableError ? "" : `Run \`hdlp ${name} --help\` for usage.\n`;
      process.stderr.write(`hdlp ${name}: ${error.message}\n${hint}`);
      return EXIT.usage;
    }
    throw error;
  }
}

// `hdlp lint | head`: a reader that stops early is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
