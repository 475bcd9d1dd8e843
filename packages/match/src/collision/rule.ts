/**
 * The `intent-collision` lint rule's identity: what `hdlp lint` (which runs
 * it only with `--collisions`), SARIF and suppression comments need to know
 * of it, without loading the matcher. See collisions.ts.
 */
import type { RuleMeta } from "@hdlp/parser";

export const INTENT_COLLISION: RuleMeta = {
  id: "intent-collision",
  severity: "warning",
  summary: "Two tools the intent matcher ranks as near-equals for each other's own descriptions: an agent asking for one may get the other.",
};

/** The rules that live with the matcher, for `ExtraRules` (packages/parser/src/lint/lint.ts). */
export const MATCH_RULES: readonly RuleMeta[] = [INTENT_COLLISION];
