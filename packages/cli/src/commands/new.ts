/** `hdlp new NAME`: a new tool from the catalogue's skeleton, lint clean as it stands. */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { EXECUTOR_NAMES, localDay, TOOL_FILE_NAME, toolNameProblem, toolSkeleton } from "@hdlp/parser";
import { type Command, EXIT, UsageError } from "../command.ts";
import { oneOf, parseOptions } from "../options.ts";
import { findToolsRoot } from "../tools-root.ts";

const HELP = `Usage: hdlp new NAME [--executor ${EXECUTOR_NAMES.join("|")}] [--root DIR]

Write tools/NAME/TOOL.hdlp from the catalogue's skeleton: every required field
in canonical order, with the executor's method, template and one param, so it
lints clean as it stands. Change the values, then \`hdlp lint\`.

Options:
  --executor E   How the tool runs (default: gatekeeper)
  --root DIR     The tools root (default: $HDLP_TOOLS_DIR, else the tools/ found
                 walking up from here, beside hdlp.config.json or on its own, else ./tools)

Exit codes: 0 written; 1 the file exists already (left unchanged); 2 bad usage.

Example:
  hdlp new git-log --executor shell
`;

export const command: Command = {
  name: "new",
  summary: "Write a new tool, tools/NAME/TOOL.hdlp, from the catalogue's skeleton",
  help: HELP,
  async run(args) {
    const { values, positionals } = parseOptions(args, { executor: { type: "string" }, root: { type: "string" } });
    if (positionals.length !== 1) throw new UsageError("takes one tool name, `hdlp new NAME`.");
    const name = positionals[0]!;
    const problem = toolNameProblem(name);
    if (problem) throw new UsageError(problem);
    const executor = oneOf("executor", values.executor, EXECUTOR_NAMES, "gatekeeper");
    const file = join(findToolsRoot({ root: values.root }).path, name, TOOL_FILE_NAME);
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, toolSkeleton({ name, created: localDay(), executor }), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") {
        process.stderr.write(`hdlp new: ${relative(process.cwd(), file) || file} exists already; it is left unchanged.\n`);
        return EXIT.failed;
      }
      throw new UsageError(`cannot write \`${file}\`: ${(error as Error).message}`);
    }
    process.stdout.write(`${relative(process.cwd(), file) || file}\n`);
    return EXIT.ok;
  },
};
