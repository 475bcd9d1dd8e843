/**
 * From a validated call to the argv the shell executor runs.
 *
 * A tool with a `command` template gets each `{param}` substituted inside its
 * own argument: no shell ever sees a value, so `;`, `$(…)`, quotes and
 * newlines are just characters of one argument. A tool without a template
 * runs its `cmd` param through `/bin/sh -c`: that tool declares free text
 * and is the only kind that can. Either kind runs in the directory its `cwd`
 * param names, when given (the catalogue's reserved params of `exec`).
 */
import { type CommandTemplate, type ReservedParams, reservedParams, type TemplateArg, type ToolModel } from "@hdlp/parser";
import { InvalidCallError, RefusedCallError } from "../executor.ts";

export const SHELL = "/bin/sh";

export interface ShellInvocation {
  readonly argv: readonly string[];
  readonly cwd?: string;
}

export function shellInvocation(tool: ToolModel, params: Readonly<Record<string, unknown>>): ShellInvocation {
  if (tool.command) requireLiteralProgram(tool.name, tool.command);
  const argv = tool.command ? expandCommand(tool.command, params) : freeTextCommand(tool, params);
  if (argv.length === 0 || argv[0] === "") throw new InvalidCallError(`the command of \`${tool.name}\` expands to no program to run`);
  for (const arg of argv) {
    if (arg.includes("\0")) throw new InvalidCallError("a param value contains a NUL byte, which no program argument can hold");
  }
  const cwd = params[execParams(tool).workingDirectory];
  return typeof cwd === "string" ? { argv, cwd } : { argv };
}

/** `cmd` and `cwd`: which params mean the command line and the working directory is the catalogue's to say. */
function execParams(tool: ToolModel): ReservedParams {
  const reserved = reservedParams(tool.executor, tool.method);
  if (!reserved) throw new InvalidCallError(`\`${tool.name}\` has method ${tool.method}, and ${tool.executor} runs a command only with method exec`);
  return reserved;
}

/**
 * Which program runs is the file's to say, never a param's: the first word of
 * a template must be literal text outside any optional group. The linter says
 * so too; this holds for a model that never went through it.
 */
function requireLiteralProgram(name: string, template: CommandTemplate): void {
  const first = template.items[0];
  if (first?.kind === "arg" && first.parts.every((part) => part.kind === "literal")) return;
  const word = first?.kind === "group" ? "an optional group" : "a `{placeholder}`";
  throw new RefusedCallError(
    `the program of \`${name}\` (the first word of \`command: ${template.source}\`) holds ${word}, so a param would choose what runs; ` +
      "a tool's program must be written in its file",
    "invalid-tool",
  );
}

function freeTextCommand(tool: ToolModel, params: Readonly<Record<string, unknown>>): string[] {
  const name = execParams(tool).commandLine;
  const cmd = params[name];
  if (typeof cmd !== "string") {
    throw new InvalidCallError(`\`${tool.name}\` has no \`command\` template, so it needs a string \`${name}\` param to run through ${SHELL} -c`);
  }
  return [SHELL, "-c", cmd];
}

/**
 * Expands a template: groups whose params are absent (or false, or an empty
 * list) are dropped whole; an array param repeats its argument once per item.
 */
export function expandCommand(template: CommandTemplate, params: Readonly<Record<string, unknown>>): string[] {
  const argv: string[] = [];
  // After a literal `--` the program reads every argument as an operand, so a leading `-` is harmless there.
  let endOfOptions = false;
  const emit = (arg: TemplateArg, inGroup: boolean) => {
    for (const expanded of expandArg(arg, params, inGroup, endOfOptions)) argv.push(expanded);
    if (arg.parts.length === 1 && arg.parts[0]!.kind === "literal" && arg.parts[0]!.text === "--") endOfOptions = true;
  };
  for (const item of template.items) {
    if (item.kind === "arg") emit(item, false);
    else if (groupIsOn(item.args, params)) for (const arg of item.args) emit(arg, true);
  }
  return argv;
}

function groupIsOn(args: readonly TemplateArg[], params: Readonly<Record<string, unknown>>): boolean {
  return args.every((arg) =>
    arg.parts.every((part) => {
      if (part.kind === "literal") return true;
      const value = params[part.param];
      return value !== undefined && value !== null && value !== false && !(Array.isArray(value) && value.length === 0);
    }),
  );
}

function expandArg(arg: TemplateArg, params: Readonly<Record<string, unknown>>, inGroup: boolean, endOfOptions: boolean): string[] {
  const arrays = arg.parts.filter((part) => part.kind === "placeholder" && Array.isArray(params[part.param]));
  if (arrays.length > 1) throw new InvalidCallError("one argument of the command holds two list params; it cannot be spread into one argument per item");
  // Inside a group a boolean is the group's switch: it renders as nothing, and an argument of switches alone disappears.
  const switchesOnly = inGroup && arg.parts.every((part) => part.kind === "placeholder" && typeof params[part.param] === "boolean");
  if (switchesOnly) return [];
  const items = arrays.length === 1 ? (params[(arrays[0] as { param: string }).param] as unknown[]) : [undefined];
  return items.map((item) => {
    let text = "";
    for (const part of arg.parts) {
      if (part.kind === "literal") {
        text += part.text;
        continue;
      }
      const raw = params[part.param];
      const value = Array.isArray(raw) ? item : raw;
      if (inGroup && typeof value === "boolean") continue;
      const rendered = renderValue(value);
      if (text === "" && rendered.startsWith("-") && !endOfOptions) {
        throw new InvalidCallError(
          `param \`${part.param}\` is ${JSON.stringify(rendered)}, which starts with "-" and would be read as an option; ` +
            'values may start with "-" only after a literal `--` in the command, or glued to an option (`--since={since}`)',
          part.param,
        );
      }
      text += rendered;
    }
    return text;
  });
}

function renderValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
