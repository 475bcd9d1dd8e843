/**
 * `hdlp match "<intent>"`: the seed's intent mode — the one to three tools
 * that best serve a request, or found:false with the suggestion to write one.
 */
import { createMatcher, type MatchResult } from "@hdlp/match";
import { type Command, EXIT, UsageError } from "../command.ts";
import { parseOptions } from "../options.ts";
import { EXIT_NOT_FOUND } from "./call.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, scanFromOptions } from "./registry-options.ts";

export const command: Command = {
  name: "match",
  summary: "Find the tools that serve an intent (中文 or English)",
  help: `Usage: hdlp match "<intent>" [--top N] [--context JSON] [--json]

Ranks the registered tools against a request written in Chinese, English or
both ("查一下 nginx 的 error log") and prints the best one to three, or says
that no tool serves it.

Options:
  --top N           How many candidates, 1 to 3 (default 3)
  --context JSON    The caller's situation as a JSON object (weak hints that reorder close candidates)
${REGISTRY_HELP}
  --json            Print {found, candidates: [{name, display, intent, score, matched}], suggestion?}

Exit codes: 0 found, 3 no tool serves the intent, 2 bad usage.

Example:
  hdlp match "查看最近的提交记录"
`,
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      ...REGISTRY_OPTIONS,
      top: { type: "string" },
      context: { type: "string" },
      json: { type: "boolean" },
    });
    if (positionals.length !== 1 || positionals[0]!.trim() === "") throw new UsageError('give the intent as one argument: hdlp match "<intent>".');
    const top = values.top === undefined ? 3 : Number(values.top);
    if (!Number.isInteger(top) || top < 1 || top > 3) throw new UsageError(`--top must be 1, 2 or 3, not \`${values.top}\`.`);
    const context = values.context === undefined ? undefined : parseContext(values.context);
    const index = scanFromOptions(values);
    const result = createMatcher(index.tools.map((t) => t.model)).match(positionals[0]!, { top, ...(context ? { context } : {}) });
    process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : matchText(result));
    return result.found ? EXIT.ok : EXIT_NOT_FOUND;
  },
};

function parseContext(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--context is not valid JSON: ${(error as Error).message}.`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new UsageError("--context must be a JSON object.");
  return value as Record<string, unknown>;
}

function matchText(result: MatchResult): string {
  if (!result.found) return `No registered tool serves this intent. ${result.suggestion ?? ""}\n`;
  const lines = result.candidates.map((c, i) => {
    const head = `${i + 1}. ${c.name}  ${c.display}  (score ${c.score.toFixed(2)})`;
    const matched = c.matched.length ? `\n   matched: ${c.matched.join(", ")}` : "";
    return `${head}\n   ${c.intent}${matched}`;
  });
  return `${lines.join("\n")}\n`;
}
