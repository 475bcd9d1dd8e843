/**
 * Which registered tools one server may show and run: the operator's
 * allow and deny lists (`tools` in hdlp.config.json; deny wins, an empty
 * allow list allows all), narrowed further by `hdlp mcp --tools GLOB`. A tool
 * outside the filter does not exist for the agent: it is not listed, and a
 * call to it is answered as a call to an unknown tool.
 */
import type { ToolPolicy } from "@hdlp/runtime";

export interface ToolFilterOptions {
  /** The operator's allow and deny lists of names and globs. */
  readonly policy?: ToolPolicy;
  /** `--tools`: names or globs; when given, only tools matching one of them. */
  readonly narrow?: readonly string[];
}

export type ToolFilter = (name: string) => boolean;

/** `*` any run of characters, `?` any one; everything else literal. */
export function globPattern(glob: string): RegExp {
  const source = [...glob].map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[\\^$.+()[\]{}|]/g, "\\$&"))).join("");
  return new RegExp(`^${source}$`);
}

function anyOf(globs: readonly string[] | undefined): ((name: string) => boolean) | undefined {
  if (!globs || globs.length === 0) return undefined;
  const patterns = globs.map(globPattern);
  return (name) => patterns.some((pattern) => pattern.test(name));
}

export function toolFilter(options: ToolFilterOptions = {}): ToolFilter {
  const allowed = anyOf(options.policy?.allow);
  const denied = anyOf(options.policy?.deny);
  const narrowed = anyOf(options.narrow);
  return (name) => !denied?.(name) && (allowed?.(name) ?? true) && (narrowed?.(name) ?? true);
}
