/** `hdlp init [DIR]`: a project's start, a first tool, the operator's configuration and CI, each printed as written. */
import { lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { localDay, TOOL_FILE_NAME, toolSkeleton } from "@hdlp/parser";
import { type Command, EXIT, UsageError } from "../command.ts";
import { describeFailure } from "../failure.ts";
import { parseOptions } from "../options.ts";
import { cliVersion } from "../version.ts";
import { schemaText } from "./schema.ts";

/** The first tool: one that runs here, with no server to configure (`hdlp call hello text=hi`). */
const STARTER = { name: "hello", executor: "shell" } as const;
const CONFIG_FILE = "hdlp.config.json";
const CONFIG_SCHEMA_FILE = "hdlp.config.schema.json";
const WORKFLOW_FILE = join(".github", "workflows", "hdlp.yml");
/** The files pre-commit passes to the hooks, as the repository's .pre-commit-hooks.yaml selects them. */
const HOOK_FILES = String.raw`(^|/)TOOL\.hdlp$|\.hdlp$`;

/** The published package's command, at this version: CI runs what was tried here. */
function npx(args: string): string {
  return `npx -y hdlp@${cliVersion()} ${args}`;
}

function workflow(): string {
  return `# hdlp: lint every tool on each push and pull request; problems are annotated on the diff.
name: hdlp
on:
  push:
  pull_request:
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: ${npx("lint tools --format github --max-warnings 0")}
`;
}

/** For .pre-commit-config.yaml: the published package, run by pre-commit's node support on the files staged. */
function preCommitSnippet(): string {
  const hook = (id: string, entry: string) => `      - id: ${id}
        name: ${entry}
        entry: ${entry}
        language: node
        additional_dependencies: ["hdlp@${cliVersion()}"]
        files: '${HOOK_FILES}'
`;
  return `repos:
  - repo: local
    hooks:
${hook("hdlp-lint", "hdlp lint")}${hook("hdlp-fmt", "hdlp fmt --check")}`;
}

const HELP = `Usage: hdlp init [DIR]

Start a project in DIR (default: the working folder), writing:
  tools/${STARTER.name}/TOOL.hdlp        a first tool (${STARTER.executor}), from the catalogue's skeleton
  ${CONFIG_FILE}           the operator's configuration, checked against
  ${CONFIG_SCHEMA_FILE}    its JSON Schema (what hdlp schema --config prints)
  .github/workflows/hdlp.yml  a GitHub Actions workflow: hdlp lint on push and pull request
then prints a pre-commit configuration that lints and checks the format.
A file that exists already is never overwritten: init names it and writes nothing.

Exit codes: 0 written; 2 bad usage, or a file exists already.
`;

export const command: Command = {
  name: "init",
  summary: "Start a project: tools/, hdlp.config.json, a CI workflow and a pre-commit hook",
  help: HELP,
  async run(args) {
    const { positionals } = parseOptions(args, {});
    if (positionals.length > 1) throw new UsageError(`takes one folder, got ${positionals.length}.`);
    const dir = positionals[0] ?? ".";
    const files: ReadonlyArray<readonly [string, string]> = [
      [join("tools", STARTER.name, TOOL_FILE_NAME), toolSkeleton({ name: STARTER.name, created: localDay(), executor: STARTER.executor })],
      [CONFIG_SCHEMA_FILE, await schemaText(true)],
      [CONFIG_FILE, `${JSON.stringify({ $schema: `./${CONFIG_SCHEMA_FILE}` }, null, 2)}\n`],
      [WORKFLOW_FILE, workflow()],
    ];
    const shown = (file: string) => relative(process.cwd(), join(dir, file)) || file;
    const taken = files.filter(([file]) => lstatSync(join(dir, file), { throwIfNoEntry: false }) !== undefined).map(([file]) => `\`${shown(file)}\``);
    if (taken.length)
      throw new UsageError(`${taken.join(", ")} ${taken.length === 1 ? "exists" : "exist"} already: nothing was written (init never overwrites a file).`);
    for (const [file, text] of files) {
      const path = join(dir, file);
      try {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text, { flag: "wx" });
      } catch (error) {
        throw new UsageError(`cannot write \`${shown(file)}\`: ${describeFailure(error)}.`);
      }
      process.stdout.write(`wrote ${shown(file)}\n`);
    }
    process.stdout.write(`\nTo lint and check the format before each commit, add to .pre-commit-config.yaml:\n\n${preCommitSnippet()}`);
    return EXIT.ok;
  },
};
