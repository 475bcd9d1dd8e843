/** `hdlp fmt [paths…] --check | --write`: the canonical layout. */
import { formatText, lintOversize } from "@hdlp/parser";
import { type Command, EXIT, UsageError } from "../command.ts";
import { noFilesError, readSources, writeSource } from "../files.ts";
import { defaultPaths } from "../default-paths.ts";
import { parseOptions } from "../options.ts";
import { readStdin, STDIN_HELP, STDIN_OPTIONS, stdinName } from "../stdin.ts";

const HELP = `Usage: hdlp fmt [paths…] (--check | --write)
       hdlp fmt --stdin --stdin-filename PATH [--check]

Format TOOL.hdlp files in the canonical style (the seed's example): fields in
catalogue order, two-space indentation, each param on one line as
\`{ type, required, description }\` when it fits in 100 columns, comments kept.
A file with syntax errors is never touched: fmt says why and moves on.

Each path is a file, or a folder searched to the bottom for *.hdlp (TOOL.hdlp
among them), skipping .git, node_modules and what .gitignore files ignore; a
quoted glob ('tools/**/TOOL.hdlp') is expanded. A file named is always formatted.
Default: the tools root, found as \`hdlp list\` finds it (--root, $HDLP_TOOLS_DIR,
the configuration's registry.root, else the nearest tools/ from here up).
With one file and neither option, prints the formatted text.
With --stdin, prints the text on standard input formatted.

Options:
  --check     List the files that are not formatted; change nothing
  --write     Rewrite the files that are not formatted
  --root ROOT With no path: the tools root (a folder)
  --config FILE  The operator's configuration, where the default root is found
${STDIN_HELP}
  -h, --help  Show this help

Exit codes:
  0  every file formatted (already, or now with --write)
  1  --check found files to format, or a file could not be formatted
  2  bad usage, or a path that cannot be read
`;

export const command: Command = {
  name: "fmt",
  summary: "Format TOOL.hdlp files in the canonical style",
  help: HELP,
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      check: { type: "boolean" },
      write: { type: "boolean" },
      root: { type: "string" },
      config: { type: "string" },
      ...STDIN_OPTIONS,
    });
    if (values.check && values.write) throw new UsageError("choose --check or --write, not both.");
    const stdin = stdinName(values, positionals);
    if (stdin !== undefined && values.write) throw new UsageError("--write rewrites files, and --stdin has none: the formatted text is printed.");
    const paths = positionals.length ? positionals : stdin === undefined ? await defaultPaths(values) : [];
    const sources = stdin === undefined ? await readSources(paths) : [(await readStdin(stdin)).source];
    if (sources.length === 0) throw noFilesError(paths);
    const mode = values.check ? "check" : values.write ? "write" : "print";
    if (mode === "print" && sources.length !== 1)
      throw new UsageError(`${sources.length} files found: add --check to list those to format, or --write to format them.`);

    let failed = false;
    for (const source of sources) {
      if (!("text" in source)) {
        // Too large to read (MAX_TOOL_FILE_BYTES): said as the linter says it.
        process.stderr.write(`${source.path}: cannot format: ${lintOversize(source.path, source.bytes).diagnostics[0]!.message}\n`);
        failed = true;
        continue;
      }
      const result = formatText(source.text);
      if (!result.ok) {
        process.stderr.write(`${source.path}: cannot format: ${result.reason}.\n`);
        failed = true;
        continue;
      }
      if (mode === "print") process.stdout.write(result.text);
      else if (result.text !== source.text) {
        if (mode === "check") {
          process.stdout.write(`${source.path}\n`);
          failed = true;
        } else {
          writeSource({ path: source.path, text: result.text });
          process.stdout.write(`formatted ${source.path}\n`);
        }
      }
    }
    return failed ? EXIT.failed : EXIT.ok;
  },
};
