/**
 * `hdlp match "<intent>"`: the seed's intent mode — the one to three tools
 * that best serve a request, or found:false with the suggestion to write one.
 */
import { createMatcher, type MatchResult } from "@hdlp/match";
import { type Command, EXIT, UsageError } from "../command.ts";
import { explanationText } from "../explain-text.ts";
import { parseOptions } from "../options.ts";
import { EXIT_NOT_FOUND } from "./call.ts";
import { toolAccess, visibleTools } from "@hdlp/runtime";
import { REGISTRY_HELP, REGISTRY_OPTIONS, scanFromOptions } from "./registry-options.ts";

export const command: Command = {
  name: "match",
  summary: "Find the tools that serve an intent (中文 or English)",
  help: `Usage: hdlp match "<intent>" [--top N] [--context JSON] [--explain [--tool NAME …]] [--json]

Ranks the registered tools against a request written in Chinese, English or
both ("查一下 nginx 的 error log") and prints the best one to three, or says
that no tool serves it.

Options:
  --top N           How many candidates, 1 to 3 (default 3)
  --context JSON    The caller's situation as a JSON object (weak hints that reorder close candidates)
  --explain         Say why each candidate scored, term by term: the request's values and
                    operations, what a tool must do, every term's weight and rarity, and what
                    each term added to each tool, from which of its fields
  --tool NAME       With --explain, also explain this tool (repeatable): why was it not chosen?
${REGISTRY_HELP}
  --json            Print {found, candidates: [{name, display, intent, score, matched}], suggestion?}
                    (with --explain, the explanation as JSON)

Exit codes: 0 found, 3 no tool serves the intent, 2 bad usage.

Examples:
  hdlp match "查看最近的提交记录"
  hdlp match "看下 3306 被谁占了" --explain --tool process-list
`,
  async run(args) {
    const { values, positionals } = parseOptions(args, {
      ...REGISTRY_OPTIONS,
      top: { type: "string" },
      context: { type: "string" },
      explain: { type: "boolean" },
      tool: { type: "string", multiple: true },
      json: { type: "boolean" },
    });
    if (positionals.length !== 1 || positionals[0]!.trim() === "") throw new UsageError('give the intent as one argument: hdlp match "<intent>".');
    const top = values.top === undefined ? 3 : Number(values.top);
    if (!Number.isInteger(top) || top < 1 || top > 3) throw new UsageError(`--top must be 1, 2 or 3, not \`${values.top}\`.`);
    const context = values.context === undefined ? undefined : parseContext(values.context);
    if (values.tool !== undefined && !values.explain) throw new UsageError("--tool names a tool to explain: give --explain with it.");
    const { index, choice } = await scanFromOptions(values);
    // Only the tools the operator allows are candidates: a denied tool is never suggested, nor explained.
    const candidates = visibleTools(index.tools, toolAccess(choice.config().tools));
    const matcher = createMatcher(candidates.map((t) => t.model));
    const options = { top, ...(context ? { context } : {}) };
    if (values.explain) {
      const unknown = (values.tool ?? []).filter((name) => !candidates.some((t) => t.model.name === name));
      if (unknown.length > 0) throw new UsageError(`no registered tool is named ${unknown.map((n) => `\`${n}\``).join(", ")}; \`hdlp list\` shows them.`);
      const explanation = matcher.explain(positionals[0]!, { ...options, tools: values.tool ?? [] });
      process.stdout.write(values.json ? `${JSON.stringify(explanation, null, 2)}\n` : explanationText(explanation));
      return explanation.found ? EXIT.ok : EXIT_NOT_FOUND;
    }
    const result = matcher.match(positionals[0]!, options);
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
