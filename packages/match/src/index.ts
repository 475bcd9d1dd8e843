/**
 * @hdlp/match — intent matching (the seed's §1 mode 2, §2 step 3): analysis
 * (Chinese segmentation, English stemming, identifiers), the lexicon, an
 * inverted index with field weights and the found/not-found threshold. Pure
 * functions of tool models and text: no I/O, so the runtime, the CLI, the
 * language server and the browser playground share it.
 */
export {
  createMatcher,
  DEFAULT_THRESHOLDS,
  DEFAULT_WEIGHTING,
  scoreFloor,
  type FoundSignals,
  type Matcher,
  type MatcherOptions,
  type MatchOptions,
  type MatchResult,
  type MatchCandidate,
  type Thresholds,
  type Resemblance,
  type ExplainOptions,
  type Explanation,
  type ExplainedCandidate,
  type ExplainedTerm,
} from "./matcher.ts";
export { NOT_FOUND_SUGGESTION } from "./not-found.ts";
export { evaluate, wilson, type LabelledQuery, type LabelledSet, type Evaluation, type Miss, type Signal } from "./evaluate.ts";
export {
  CollisionChecker,
  collisionTool,
  intentCollisions,
  NEAR_EQUAL,
  type CollisionFile,
  type CollisionTool,
  type CollisionOptions,
} from "./collision/collisions.ts";
export { INTENT_COLLISION, MATCH_RULES } from "./collision/rule.ts";
