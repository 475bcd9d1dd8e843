/** `hdlp lint [paths…]`: the CI gate. */
import { MATCH_RULES } from "@hdlp/match/rule";
import { applyFixes, type ExtraRules, type LintedFile } from "@hdlp/parser";
import { type Command, EXIT, UsageError } from "../command.ts";
import { noFilesError, readSources, type SourceFile, type TextFile, writeSource } from "../files.ts";
import { lintSources } from "../lint-sources.ts";
import { nonNegativeInteger, oneOf, parseOptions } from "../options.ts";
import { githubReport } from "../report/github.ts";
import { jsonReport } from "../report/json.ts";
import type { FileReport } from "../report/report.ts";
import { sarifReport } from "../report/sarif.ts";
import { stylishReport } from "../report/stylish.ts";
import { totals } from "../report/report.ts";
import { defaultPaths } from "../default-paths.ts";
import { readStdin, STDIN_HELP, STDIN_OPTIONS, stdinName } from "../stdin.ts";
import { cliVersion } from "../version.ts";

/** As @hdlp/runtime's registry/root.ts writes it; not imported from there, so a lint of folders never loads the runtime. */
const FORGEJO_ROOT_PREFIX = "forgejo:";

const FORMATS = ["stylish", "json", "sarif", "github"] as const;
type Format = (typeof FORMATS)[number];

/** Rounds of fix-then-lint: a fix can reveal another (a renamed field, then its value). */
const FIX_ROUNDS = 10;

const HELP = `Usage: hdlp lint [paths…] [options]

Check TOOL.hdlp files: syntax, the ten required fields, executors and their
methods, params, constraints, command and endpoint templates, and across files
duplicate tool names and folders named differently from their tool; with
--collisions, also tools the intent matcher cannot tell apart.

Each path is a file, or a folder searched to the bottom for *.hdlp (TOOL.hdlp
among them), skipping .git, node_modules and what .gitignore files ignore; a
quoted glob ('tools/**/TOOL.hdlp') is expanded. A file named is always linted.
A path may also be a Forgejo repository's tools, forgejo:OWNER/REPO[@REF][:PATH]:
its */TOOL.hdlp files at the ref's head, found as the registry finds them
(Forgejo's URL and token from the config, as for \`hdlp list\`).
Default: the tools root, found as \`hdlp list\` finds it: --root, else
$HDLP_TOOLS_DIR, else the configuration's registry.root (the tools/ beside
hdlp.config.json), else the nearest tools/ from here up.

Options:
  --format <name>     stylish (default: code frame with caret, colour on a terminal),
                      json, sarif (SARIF 2.1.0), github (workflow annotations)
  --fix               Apply the safe fixes and write the files back, then report what is left
  --collisions        Also run intent-collision: two tools the intent matcher ranks as
                      near-equals for each other's descriptions (reads every file's intent)
  --max-warnings <n>  Fail (exit 1) when there are more than n warnings
  --root ROOT         With no path: the tools root (a folder, or forgejo:OWNER/REPO[@REF][:PATH])
  --config FILE       The operator's configuration, for a repository's Forgejo and the default root
                      (default: $HDLP_CONFIG, else the nearest hdlp.config.json from here up; see docs/config.md)
${STDIN_HELP}
                      With --fix, the fixed text is printed, and the report goes to stderr
  -h, --help          Show this help

Exit codes:
  0  no errors, and warnings within --max-warnings
  1  errors found, or more warnings than --max-warnings
  2  bad usage, or a path that cannot be read (a repository whose Forgejo cannot be read included)

Silence a rule's warnings on one line with a comment on the line before it
(errors cannot be silenced: the runtime registers no tool with an error):
  # hdlp-disable-next-line unknown-field

Examples:
  hdlp lint
  hdlp lint tools/shell-exec/TOOL.hdlp --format json
  hdlp lint tools --format github --max-warnings 0
  hdlp lint 'tools/**/TOOL.hdlp'
  hdlp lint --stdin --stdin-filename tools/git-log/TOOL.hdlp --fix < draft.hdlp
`;

function colorWanted(out: NodeJS.WriteStream): boolean {
  if (process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== "0") return true;
  return out.isTTY === true;
}

/** The matcher's rules (intent-collision), as the core's lint takes them, for the files of one root. */
type MatcherRules = (files: readonly SourceFile[]) => ExtraRules;

/**
 * The matcher's rules for one root's files, linted together (and again by
 * --fix's rounds): with --collisions, intent-collision over their registered
 * tools, the index built once per lint of the root and each file's tool and
 * the matcher's reading of it kept for the next round (only the files a fix
 * changed are read again); without, known by name only, so that a
 * suppression naming one is neither unknown nor idle.
 */
async function matcherRules(collisions: boolean): Promise<MatcherRules> {
  if (!collisions) return () => ({ rules: MATCH_RULES });
  // Only now the matcher itself: a plain lint never loads its vocabulary.
  const { CollisionChecker } = await import("@hdlp/match");
  const checker = new CollisionChecker();
  return (files) => ({ rules: MATCH_RULES, findings: checker.checkFiles(files.filter((file): file is TextFile => "text" in file)) });
}

function render(format: Format, files: readonly FileReport[], out: NodeJS.WriteStream): string {
  switch (format) {
    case "stylish":
      return stylishReport(files, { color: colorWanted(out) });
    case "json":
      return jsonReport(files);
    case "sarif":
      return sarifReport(files, cliVersion(), MATCH_RULES);
    case "github":
      return githubReport(files);
  }
}

/** Apply fixes until none applies, re-linting the whole set each round (fixes can change cross-file results). */
function fixAll(sources: SourceFile[], results: LintedFile[], rules: MatcherRules): { sources: SourceFile[]; results: LintedFile[]; changed: Set<number> } {
  const changed = new Set<number>();
  for (let round = 0; round < FIX_ROUNDS; round++) {
    let appliedAny = false;
    sources = sources.map((source, index) => {
      if (!("text" in source)) return source; // too large to read: nothing to fix
      const { text, applied } = applyFixes(source.text, results[index]!.diagnostics);
      if (applied === 0 || text === source.text) return source;
      appliedAny = true;
      changed.add(index);
      return { path: source.path, text };
    });
    if (!appliedAny) break;
    results = lintSources(sources, rules(sources));
  }
  return { sources, results, changed };
}

interface Linted {
  sources: SourceFile[];
  results: LintedFile[];
  /** The matcher's rules of the files a fix may change (folders, standard input). */
  rules: MatcherRules;
  /** With --stdin, the text's bytes as they came. */
  bytes?: Buffer;
}

/** The files under the paths given (default: the tools root), and a repository's (`forgejo:`), linted. */
async function lintPaths(
  positionals: readonly string[],
  values: { fix?: boolean | undefined; collisions?: boolean | undefined; config?: string | undefined; root?: string | undefined },
): Promise<Linted> {
  const paths = positionals.length ? positionals : await defaultPaths(values);
  const repositories = paths.filter((path) => path.startsWith(FORGEJO_ROOT_PREFIX));
  const folders = paths.filter((path) => !repositories.includes(path));
  if (values.fix && repositories.length)
    throw new UsageError(`--fix writes files back, and ${repositories.join(", ")} is in a repository: lint a checkout of it to fix it.`);
  let sources: SourceFile[] = await readSources(folders);
  const rules = await matcherRules(values.collisions === true);
  let results = lintSources(sources, rules(sources));
  for (const root of repositories) {
    // Only here is the runtime loaded: a lint of folders never needs its HTTP machinery.
    const { lintRepository } = await import("./lint-repository.ts");
    const linted = await lintRepository(root, values.config, await matcherRules(values.collisions === true));
    results = [...results, ...linted.results];
    sources = [...sources, ...linted.results.map((r) => ({ path: r.path, text: linted.texts.get(r.path) ?? "" }))];
  }
  if (results.length === 0) throw noFilesError(paths);
  return { sources, results, rules };
}

/** The text on standard input, linted as the file `name`. */
async function lintStdin(name: string, collisions: boolean): Promise<Linted> {
  const { source, bytes } = await readStdin(name);
  const sources = [source];
  const rules = await matcherRules(collisions);
  return { sources, results: lintSources(sources, rules(sources)), rules, bytes };
}

export const command: Command = {
  name: "lint",
  summary: "Check TOOL.hdlp files and report every problem",
  help: HELP,
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      format: { type: "string" },
      fix: { type: "boolean" },
      collisions: { type: "boolean" },
      "max-warnings": { type: "string" },
      config: { type: "string" },
      root: { type: "string" },
      ...STDIN_OPTIONS,
    });
    const format = oneOf("format", values.format, FORMATS, "stylish");
    const maxWarnings = nonNegativeInteger("max-warnings", values["max-warnings"]);

    const stdin = stdinName(values, positionals);
    let { sources, results, rules, bytes } = stdin === undefined ? await lintPaths(positionals, values) : await lintStdin(stdin, values.collisions === true);
    // With --stdin --fix, the fixed text is the output and the report goes beside it, on stderr.
    const out = stdin !== undefined && values.fix ? process.stderr : process.stdout;
    if (values.fix) {
      const fixed = fixAll(sources, results, rules);
      ({ sources, results } = fixed);
      if (stdin === undefined) for (const index of fixed.changed) writeSource(sources[index] as TextFile);
      else process.stdout.write(fixed.changed.size ? (sources[0] as TextFile).text : bytes!);
    }

    const reports: FileReport[] = results.map((result, index) => {
      const source = sources[index]!;
      return { path: result.path, text: "text" in source ? source.text : "", diagnostics: result.diagnostics };
    });
    out.write(render(format, reports, out));
    const { errors, warnings } = totals(reports);
    if (errors > 0) return EXIT.failed;
    if (maxWarnings !== undefined && warnings > maxWarnings) {
      if (format === "stylish") out.write(`${warnings} warnings, more than --max-warnings ${maxWarnings}.\n`);
      return EXIT.failed;
    }
    return EXIT.ok;
  },
};
