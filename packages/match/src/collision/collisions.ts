/**
 * `intent-collision`: two registered tools that the matcher ranks as
 * near-equals for each other's own descriptions, so that an agent asking for
 * one may get the other. Each tool's display and intent are read as a
 * request, by sense (`Matcher.resembling`: its operations, objects, aspects
 * and slots, not its wording); the two collide when each scores the other at
 * `NEAR_EQUAL` or more of its own score. Both get the warning, on their
 * `intent`, naming the other and the senses they share: the fix is a sharper
 * intent (docs/linter.md, docs/matching.md).
 */
import { type Diagnostic, loadTool, type Range, type ToolModel } from "@hdlp/parser";
import { createMatcher, type MatcherOptions } from "../matcher.ts";
import { INTENT_COLLISION } from "./rule.ts";

/**
 * Each must score the other at this share of its own score or more. Measured
 * (docs/matching.md): in the 109 tools of the labelled sets, written to be
 * told apart, no pair reaches 0.65 both ways; two tools saying the same thing
 * in other words or languages reach 0.95.
 */
export const NEAR_EQUAL = 0.8;

/** How many of the best others a tool's description is checked against (the near-equals are among them). */
const NEIGHBOURS = 3;

/** A registered tool, and where a warning about it goes. */
export interface CollisionTool {
  readonly path: string;
  readonly model: ToolModel;
  /** The `intent` value's range (the warning's place). */
  readonly range: Range;
}

/** A tool of a file that lints without errors (a registered tool), or undefined. */
export function collisionTool(path: string, text: string): CollisionTool | undefined {
  const { document, model } = loadTool(text);
  if (model === undefined) return undefined;
  const entry = document.field("intent");
  const range = entry?.value?.range ?? entry?.range ?? document.root.range;
  return { path, model, range };
}

export interface CollisionOptions {
  /** Report only for the tools at these paths (the language server's open tool), each still checked against all. */
  readonly only?: ReadonlySet<string>;
  readonly matcher?: MatcherOptions;
}

/** The `intent-collision` warnings, by file path: one on each tool of each near-equal pair. */
export function intentCollisions(tools: readonly CollisionTool[], options: CollisionOptions = {}): Map<string, Diagnostic[]> {
  const matcher = createMatcher(
    tools.map((t) => t.model),
    options.matcher,
  );
  const found = new Map<string, Diagnostic[]>();
  const reported = new Set<string>();
  tools.forEach((tool, a) => {
    if (options.only !== undefined && !options.only.has(tool.path)) return;
    for (const near of matcher.resembling(a, NEIGHBOURS)) {
      // Two tools of one name are duplicate-name's (an error: neither registers), not this rule's.
      if (near.share < NEAR_EQUAL || tools[near.tool]!.model.name === tool.model.name) continue;
      const back = matcher.resembling(near.tool, 0, [a])[0];
      if (back === undefined || back.share < NEAR_EQUAL) continue;
      const other = tools[near.tool]!;
      const shared = [...new Set([...near.shared, ...back.shared])].slice(0, 6);
      const share = Math.round(Math.min(near.share, back.share) * 100);
      for (const [self, them] of [
        [tool, other],
        [other, tool],
      ] as const) {
        const key = `${self.path}\u0000${them.path}`;
        if ((options.only !== undefined && !options.only.has(self.path)) || reported.has(key)) continue;
        reported.add(key);
        const message =
          `\`${self.model.name}\` and \`${them.model.name}\` are near-equals to the intent matcher: read from each one's own display and intent, it scores the other at ${share}% of itself or more` +
          `${shared.length > 0 ? ` (both: ${shared.join(", ")})` : ""}, so an agent asking for one may get the other. ` +
          `Sharpen this intent to say what only \`${self.model.name}\` does (the other is ${them.path}).`;
        found.set(self.path, [
          ...(found.get(self.path) ?? []),
          { rule: INTENT_COLLISION.id, severity: INTENT_COLLISION.severity, field: "intent", range: self.range, message },
        ]);
      }
    }
  });
  return found;
}
