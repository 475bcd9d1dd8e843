/**
 * The params of a request, checked before a feature reads them: a client that
 * sends none, or the wrong shape, is answered InvalidParams (-32602) saying what
 * is wrong, never an internal error from deep inside a feature.
 */
import { ErrorCodes, ResponseError } from "vscode-languageserver";

/** The parts of params the features read, each checked as the LSP specification shapes it. */
export type ParamPart = "textDocument" | "position" | "range" | "positions" | "context" | "options";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** What is wrong with a position at `path`, if anything. */
function positionProblem(value: unknown, path: string): string | undefined {
  if (!isObject(value)) return `\`${path}\` must be a position, \`{ line, character }\`, not ${describe(value)}`;
  for (const key of ["line", "character"] as const) {
    const n = value[key];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) return `\`${path}.${key}\` must be a whole number, 0 or more`;
  }
  return undefined;
}

const PROBLEMS: Record<ParamPart, (value: unknown) => string | undefined> = {
  textDocument: (value) => (isObject(value) && typeof value.uri === "string" ? undefined : "`textDocument.uri` must be a string"),
  position: (value) => positionProblem(value, "position"),
  range: (value) =>
    isObject(value)
      ? (positionProblem(value.start, "range.start") ?? positionProblem(value.end, "range.end"))
      : `\`range\` must be \`{ start, end }\`, not ${describe(value)}`,
  positions: (value) =>
    Array.isArray(value)
      ? value.map((p, i) => positionProblem(p, `positions[${i}]`)).find((p) => p !== undefined)
      : `\`positions\` must be a list of positions, not ${describe(value)}`,
  context: (value) =>
    isObject(value) &&
    Array.isArray(value.diagnostics) &&
    (value.only === undefined || (Array.isArray(value.only) && value.only.every((kind) => typeof kind === "string")))
      ? undefined
      : "`context` must be `{ diagnostics: [...] }`, with `only` a list of kinds when given",
  options: (value) => (isObject(value) ? undefined : `\`options\` must be formatting options, \`{ tabSize, insertSpaces }\`, not ${describe(value)}`),
};

/** `params` as the request `method` needs them (`parts`), or a ResponseError(InvalidParams) saying what is wrong. */
export function checkParams<P>(method: string, params: unknown, parts: readonly ParamPart[]): P {
  const invalid = (problem: string) => new ResponseError(ErrorCodes.InvalidParams, `Invalid params for ${method}: ${problem}.`);
  if (!isObject(params)) throw invalid(`expected an object with ${parts.map((part) => `\`${part}\``).join(" and ")}, got ${describe(params)}`);
  for (const part of parts) {
    const problem = PROBLEMS[part](params[part]);
    if (problem) throw invalid(problem);
  }
  return params as P;
}
