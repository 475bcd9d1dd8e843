/**
 * The `intent-collision` lint rule's identity: what `hdlp lint` (which runs
 * it only with `--collisions`), SARIF and suppression comments need to know
 * of it, without loading the matcher. See collisions.ts.
 */
import type { RuleDescription } from "@hdlp/parser";

export const INTENT_COLLISION: RuleDescription = {
  id: "intent-collision",
  severity: "warning",
  summary: "Two tools the intent matcher ranks as near-equals for each other's own descriptions: an agent asking for one may get the other.",
  docs: "docs/linter.md#intent-collision",
};

/** The rules that live with the matcher, for `ExtraRules` (packages/parser/src/lint/lint.ts) and reports. */
export const MATCH_RULES: readonly RuleDescription[] = [INTENT_COLLISION];
