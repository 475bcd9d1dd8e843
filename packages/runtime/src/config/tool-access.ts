/**
 * Which registered tools may run (docs/config.md, `tools`): the operator's
 * allow and deny lists of names and globs, narrowed further by a front end
 * that serves fewer (`hdlp mcp --tools GLOB`).
 *
 * A tool the policy does not allow is out of sight for an agent: `list`,
 * `match`, MCP's tools/list and every did-you-mean leave it out. A call by
 * its name is refused without running anything, and the refusal does not say
 * whether such a tool is registered (docs/config.md, "What a denied tool looks like").
 */
import { DEFAULT_TOOL_POLICY, type ToolPolicy } from "./policy.ts";

export interface ToolAccess {
  allows(name: string): boolean;
}

/** `policy` (deny wins; an empty allow list allows all), and when `only` is given, only the names it matches. */
export function toolAccess(policy: ToolPolicy = DEFAULT_TOOL_POLICY, only?: readonly string[]): ToolAccess {
  const allow = policy.allow.length ? globsMatcher(policy.allow) : () => true;
  const deny = globsMatcher(policy.deny);
  const narrowed = only ? globsMatcher(only) : () => true;
  return { allows: (name) => allow(name) && !deny(name) && narrowed(name) };
}

/** The tools an agent may see. */
export function visibleTools<T extends { readonly name: string }>(tools: readonly T[], access: ToolAccess): T[] {
  return tools.filter((tool) => access.allows(tool.name));
}

/** `*` is any run of characters, `?` one; everything else is itself; a name matches whole. */
function globsMatcher(globs: readonly string[]): (name: string) => boolean {
  if (globs.length === 0) return () => false;
  const alternatives = globs.map((glob) =>
    glob
      .replace(/[.+^${}()|[\]\\-]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, "."),
  );
  const pattern = new RegExp(`^(?:${alternatives.join("|")})$`);
  return (name) => pattern.test(name);
}
