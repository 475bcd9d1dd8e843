/**
 * Whether a found / not-found boundary fitted over the signals the matcher
 * already computes (matcher.ts `FoundSignals`) separates servable requests
 * from unservable ones better than the hand-set thresholds, measured by
 * leaving one fresh round out: fit on every other round (and the own and dev
 * sets), count on the round left out, pool the counts over the rounds.
 *
 *   node --import tsx bench/intent/calibrate.ts [rounds]
 *
 * `rounds` names the fresh rounds to read by their letter (default `abcdefg`,
 * the rounds tuned on): a round kept for its figures only (H and I in the
 * ninth round) is never read, so no fit and no printed count sees it.
 *
 * The gates that do not depend on a threshold (a verb or a thing to make that
 * nothing knows, no tool sharing a word) stay in every variant; what is
 * compared is what replaces the score and coverage floors (and, in one
 * variant, the frame check). The ranking does not depend on the decision, so
 * each request is read once and every variant decides from its signals.
 * docs/matching.md ("A fitted found decision") records what this printed.
 */
import { DEFAULT_THRESHOLDS, type FoundSignals, scoreFloor, type Thresholds } from "../../packages/match/src/matcher.ts";
import { createMatcher, type Explanation, wilson } from "../../packages/match/src/index.ts";
import { labelledFiles, loadQueries, loadToolSet, sharedEval } from "./labelled-set.ts";

interface Observation {
  /** The fresh round (`fresh-2026-12-01-a`), or undefined for the own and dev sets (always fitted on, never left out). */
  readonly round?: string;
  readonly servable: boolean;
  readonly top1: boolean;
  readonly top3: boolean;
  /** Undefined when no tool shares a word with the request. */
  readonly signals?: FoundSignals;
  /** What the matcher answered (today's decision), to check that `today` below is it. */
  readonly found: boolean;
  /** The request's attainable score (matcher.ts `read`): the part from terms some tool holds, and the part from terms none does. */
  readonly attainable: { readonly known: number; readonly unknown: number };
}

function observe(): Observation[] {
  const shared = sharedEval();
  if (shared === undefined) throw new Error("the shared evaluation folder (shared/eval/intent or HDLP_SHARED_EVAL) is needed for the shared sets");
  const letters = new Set((process.argv[2] ?? "abcdefg").split(""));
  const observations: Observation[] = [];
  for (const file of labelledFiles(shared).files) {
    const round = file.fresh ? file.label.split("/")[0] : undefined;
    if (round !== undefined && !letters.has(round.slice(-1))) continue;
    const matcher = createMatcher(loadToolSet(file.tools));
    // What a term no tool holds weighs in the attainable score: the idf of a term in no tool (inverted-index.ts `idf`).
    const unknownIdf = Math.log(1 + (matcher.size + 0.5) / 0.5);
    for (const query of loadQueries(file.queries)) {
      const explained = matcher.explain(query.q, { top: 3 });
      const names = explained.candidates.filter((c) => c.rank !== undefined && c.rank <= 3).map((c) => c.name);
      observations.push({
        ...(round !== undefined && { round }),
        servable: query.expect.length > 0,
        top1: names[0] !== undefined && query.expect.includes(names[0]),
        top3: names.some((n) => query.expect.includes(n)),
        ...(explained.signals && { signals: explained.signals }),
        found: explained.found,
        attainable: attainableOf(explained.terms, unknownIdf),
      });
    }
  }
  return observations;
}

/** The attainable score split by whether some tool holds the term, each term once at its largest weight (as matcher.ts `read` sums it). */
function attainableOf(terms: Explanation["terms"], unknownIdf: number): Observation["attainable"] {
  const weights = new Map<string, { weight: number; idf: number }>();
  for (const t of terms) {
    if (t.origin === "context") continue;
    const seen = weights.get(t.key);
    if (seen === undefined || t.weight > seen.weight) weights.set(t.key, { weight: t.weight, idf: t.idf });
  }
  let known = 0;
  let unknown = 0;
  for (const { weight, idf } of weights.values()) {
    if (idf > 0) known += weight * idf;
    else unknown += weight * unknownIdf;
  }
  return { known, unknown };
}

/** Signals past the gates every variant keeps. */
const gated = (s: FoundSignals | undefined): s is FoundSignals => s !== undefined && s.unknownVerb === undefined && s.unknownThing === undefined;
const framed = (s: FoundSignals): boolean => s.operation && s.object;

function today(s: FoundSignals | undefined, t: Thresholds = DEFAULT_THRESHOLDS): boolean {
  if (!gated(s)) return false;
  const { floor } = scoreFloor(s, t);
  return s.coverage >= t.coverage && s.score >= floor && s.scoreBesidesWhen >= floor && framed(s);
}

/** Today's rule with its score and coverage floors searched on a grid for the fewest training errors (the floors for a value taken and for things alone as they are): what moving the axis-aligned lines alone buys. */
function refittedFloors(training: readonly Observation[]): Thresholds {
  let best = { thresholds: DEFAULT_THRESHOLDS, errors: Infinity };
  for (let score = 0.04; score <= 0.16 + 1e-9; score += 0.005) {
    for (let coverage = 0; coverage <= 0.6 + 1e-9; coverage += 0.05) {
      const thresholds = { ...DEFAULT_THRESHOLDS, score, coverage };
      const errors = training.filter((o) => today(o.signals, thresholds) !== o.servable).length;
      if (errors < best.errors) best = { thresholds, errors };
    }
  }
  return best.thresholds;
}

/** A candidate set of features, read from the signals. */
interface FeatureSet {
  readonly name: string;
  readonly features: readonly string[];
  readonly read: (s: FoundSignals) => number[];
  /** Whether the frame check stays a gate (else it is a feature). */
  readonly frameGate: boolean;
}

const logScore = (x: number) => Math.log(Math.max(x, 0) + 0.01);
const FEATURE_SETS: FeatureSet[] = [
  {
    name: "score + k·coverage (2-D line)",
    features: ["ln besides-date score", "coverage"],
    read: (s) => [logScore(s.scoreBesidesWhen), s.coverage],
    frameGate: true,
  },
  {
    name: "logistic, five signals, frame gate",
    features: ["ln besides-date score", "ln score", "coverage", "unknown units", "second/best"],
    read: (s) => [logScore(s.scoreBesidesWhen), logScore(s.score), s.coverage, Math.min(s.unknownUnits, 6), s.second],
    frameGate: true,
  },
  {
    name: "logistic, five signals + frame as features",
    features: ["ln besides-date score", "ln score", "coverage", "unknown units", "second/best", "operation", "object"],
    read: (s) => [logScore(s.scoreBesidesWhen), logScore(s.score), s.coverage, Math.min(s.unknownUnits, 6), s.second, s.operation ? 1 : 0, s.object ? 1 : 0],
    frameGate: false,
  },
];

interface Model {
  readonly weights: number[];
  readonly bias: number;
  readonly mean: number[];
  readonly scale: number[];
}

/** Logistic regression by Newton's method (IRLS) on standardised features, with a small ridge so that it converges when the classes separate. */
function fitLogistic(x: number[][], y: number[], ridge = 1e-2): Model {
  const k = x[0]!.length;
  const mean = Array.from({ length: k }, (_, j) => x.reduce((sum, row) => sum + row[j]!, 0) / x.length);
  const scale = Array.from({ length: k }, (_, j) => Math.sqrt(x.reduce((sum, row) => sum + (row[j]! - mean[j]!) ** 2, 0) / x.length) || 1);
  const z = x.map((row) => [1, ...row.map((v, j) => (v - mean[j]!) / scale[j]!)]);
  let beta = new Array<number>(k + 1).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = new Array<number>(k + 1).fill(0);
    const hessian = Array.from({ length: k + 1 }, () => new Array<number>(k + 1).fill(0));
    z.forEach((row, i) => {
      const p = 1 / (1 + Math.exp(-row.reduce((sum, v, j) => sum + v * beta[j]!, 0)));
      const w = p * (1 - p);
      for (let a = 0; a <= k; a++) {
        gradient[a]! += (y[i]! - p) * row[a]!;
        for (let b = 0; b <= k; b++) hessian[a]![b]! += w * row[a]! * row[b]!;
      }
    });
    for (let a = 1; a <= k; a++) {
      gradient[a]! -= ridge * beta[a]!;
      hessian[a]![a]! += ridge;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, j) => b + step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { bias: beta[0]!, weights: beta.slice(1), mean, scale };
}

/** Gaussian elimination with partial pivoting. */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = col + 1; row < n; row++) {
      const f = a[row]![col]! / a[col]![col]!;
      for (let c = col; c <= n; c++) a[row]![c]! -= f * a[col]![c]!;
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    let sum = a[row]![n]!;
    for (let c = row + 1; c < n; c++) sum -= a[row]![c]! * out[c]!;
    out[row] = sum / a[row]![row]!;
  }
  return out;
}

const logit = (m: Model, features: number[]): number => m.bias + features.reduce((sum, v, j) => sum + m.weights[j]! * ((v - m.mean[j]!) / m.scale[j]!), 0);

/** The requests a variant's boundary decides: past the gates it keeps. */
const decidedBy = (set: FeatureSet, s: FoundSignals | undefined): s is FoundSignals => gated(s) && (!set.frameGate || framed(s));

/**
 * Where on the fitted score a variant draws its line: at even odds (fewest
 * errors on the training requests), or where it finds no more of the
 * training's unservable requests than today's thresholds do (`none`), or
 * turns away no more of its servable ones (`servable`). The last two ask
 * whether the fitted boundary separates better, not only sits elsewhere on
 * the same trade.
 */
type Line = "even odds" | "today's none" | "today's servable";

function fitted(set: FeatureSet, training: readonly Observation[], line: Line): (s: FoundSignals | undefined) => boolean {
  const rows = training.filter((o) => decidedBy(set, o.signals));
  const model = fitLogistic(
    rows.map((o) => set.read(o.signals!)),
    rows.map((o) => (o.servable ? 1 : 0)),
  );
  const cut = line === "even odds" ? 0 : matchedCut(rows, model, set, training, line !== "today's none");
  return (s) => decidedBy(set, s) && logit(model, set.read(s)) >= cut;
}

/** The lowest cut that finds no more unservable training requests than today (class false), or the highest that turns away no more servable ones (class true). */
function matchedCut(rows: readonly Observation[], model: Model, set: FeatureSet, training: readonly Observation[], servable: boolean): number {
  const todayFound = training.filter((o) => o.servable === servable && today(o.signals)).length;
  const logits = rows
    .filter((o) => o.servable === servable)
    .map((o) => logit(model, set.read(o.signals!)))
    .sort((a, b) => b - a);
  if (servable) return todayFound === 0 ? Infinity : logits[Math.min(todayFound, logits.length) - 1]!;
  return todayFound >= logits.length ? -Infinity : logits[todayFound]! + 1e-9;
}

interface Tally {
  servable: number;
  unservable: number;
  top1: number;
  top3: number;
  none: number;
  /** Servable requests answered found:false, unservable ones answered found. */
  turnedAway: number;
  wronglyFound: number;
}

function tally(observations: readonly Observation[], found: (o: Observation) => boolean): Tally {
  const t: Tally = { servable: 0, unservable: 0, top1: 0, top3: 0, none: 0, turnedAway: 0, wronglyFound: 0 };
  for (const o of observations) {
    const f = found(o);
    if (o.servable) {
      t.servable++;
      if (f && o.top1) t.top1++;
      if (f && o.top3) t.top3++;
      if (!f) t.turnedAway++;
    } else {
      t.unservable++;
      if (!f) t.none++;
      else t.wronglyFound++;
    }
  }
  return t;
}

const percent = (hits: number, n: number) => {
  const { low, high } = wilson(hits, n);
  return `${((hits / n) * 100).toFixed(1)} [${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}]`;
};

function row(label: string, t: Tally): string {
  // Each class's error rate, averaged: a line that trades one class for the other at the sets' own mix (six servable to one) scores no better by it.
  const balanced = ((t.turnedAway / t.servable + t.wronglyFound / t.unservable) / 2) * 100;
  return `| ${label} | ${percent(t.top1, t.servable)} | ${percent(t.top3, t.servable)} | ${percent(t.none, t.unservable)} | ${t.turnedAway} + ${t.wronglyFound} = ${t.turnedAway + t.wronglyFound} | ${balanced.toFixed(1)}% |`;
}

/** Requests where one decision is right and the other wrong: the sign test's z of the difference (McNemar), the noise measure of a paired comparison. */
function mcnemar(observations: readonly Observation[], a: (o: Observation) => boolean, b: (o: Observation) => boolean): string {
  let onlyA = 0;
  let onlyB = 0;
  for (const o of observations) {
    const rightA = a(o) === o.servable;
    const rightB = b(o) === o.servable;
    if (rightA && !rightB) onlyA++;
    if (rightB && !rightA) onlyB++;
  }
  const z = onlyA + onlyB === 0 ? 0 : (onlyB - onlyA) / Math.sqrt(onlyA + onlyB);
  return `right only today ${onlyA}, right only fitted ${onlyB}, z ${z.toFixed(2)}`;
}

const observations = observe();
const mismatch = observations.filter((o) => today(o.signals) !== o.found).length;
if (mismatch > 0) throw new Error(`${mismatch} requests decided otherwise than the matcher does: today's rule here is not the matcher's`);
const rounds = [...new Set(observations.flatMap((o) => (o.round === undefined ? [] : [o.round])))].sort();
const leftOut = observations.filter((o) => o.round !== undefined);
console.log(
  `${observations.length} requests (${observations.filter((o) => o.servable).length} servable), ${rounds.length} rounds left out in turn: ${rounds.join(", ")}; fitted on the other rounds, the own set and the dev set`,
);
console.log();
console.log("| decision (left-out rounds pooled) | top-1 | top-3 | none | errors: servable found:false + unservable found | balanced error |");
console.log("|---|---|---|---|---|---|");
console.log(
  row(
    "today's thresholds",
    tally(leftOut, (o) => today(o.signals)),
  ),
);
const verdicts = new Map<Observation, boolean>();
/** The left-out rounds decided as `verdicts` holds them: their row, then the paired comparison with today's thresholds. */
function reportAgainstToday(label: string, note = ""): void {
  const decided = (o: Observation) => verdicts.get(o)!;
  console.log(row(label, tally(leftOut, decided)));
  console.log(`|   ${mcnemar(leftOut, (o) => today(o.signals), decided)}${note} | | | | | |`);
}
const floors: string[] = [];
for (const round of rounds) {
  const thresholds = refittedFloors(observations.filter((o) => o.round !== round));
  floors.push(`${round.slice(-1)}: ${thresholds.score.toFixed(3)} / ${thresholds.coverage.toFixed(2)}`);
  for (const o of observations) if (o.round === round) verdicts.set(o, today(o.signals, thresholds));
}
reportAgainstToday("today's rule, both floors refitted", `; score / coverage floors by round left out: ${floors.join(", ")}`);
for (const set of FEATURE_SETS) {
  for (const line of ["even odds", "today's none", "today's servable"] as const) {
    for (const round of rounds) {
      const decide = fitted(
        set,
        observations.filter((o) => o.round !== round),
        line,
      );
      for (const o of observations) if (o.round === round) verdicts.set(o, decide(o.signals));
    }
    reportAgainstToday(`${set.name}, line at ${line}`);
  }
}

// The words no tool knows, counted at a share `discount` of their weight in the attainable score (the score's scale: matcher.ts `read`), with
// the three score floors moved together (today's proportions) and chosen, for each round left out, where the other rounds find no more
// unservable requests than today's floors: whether the request's unknown words, as the score counts them, weigh the decision down more than
// they should (docs/matching.md, "Found or not, ninth round").
function discounted(o: Observation, discount: number): FoundSignals | undefined {
  const { known, unknown } = o.attainable;
  if (o.signals === undefined || known + unknown <= 0) return o.signals;
  const scale = (known + discount * unknown) / (known + unknown);
  return { ...o.signals, score: o.signals.score / scale, scoreBesidesWhen: o.signals.scoreBesidesWhen / scale };
}
const floorsAt = (score: number): Thresholds => ({ ...DEFAULT_THRESHOLDS, score, scoreTakingValue: score / 2, scoreOnThingsAlone: score * 1.5 });
for (const discount of [0.75, 0.5, 0.25, 0]) {
  const floorsChosen: string[] = [];
  for (const round of rounds) {
    const training = observations.filter((o) => o.round !== round);
    const unservableFound = training.filter((o) => !o.servable && today(o.signals)).length;
    let best = { score: DEFAULT_THRESHOLDS.score, turnedAway: Infinity };
    for (let score = 0.05; score <= 0.4 + 1e-9; score += 0.0025) {
      const decided = tally(training, (o) => today(discounted(o, discount), floorsAt(score)));
      if (decided.wronglyFound <= unservableFound && decided.turnedAway < best.turnedAway) best = { score, turnedAway: decided.turnedAway };
    }
    floorsChosen.push(`${round.slice(-1)}: ${best.score.toFixed(4)}`);
    for (const o of observations) if (o.round === round) verdicts.set(o, today(discounted(o, discount), floorsAt(best.score)));
  }
  reportAgainstToday(`unknown words at ${discount} of their weight, floors at today's none`, `; score floor by round left out: ${floorsChosen.join(", ")}`);
}

// The two boundaries' whole trade, on every request of the rounds: today's rule with its score floor moved, and the 2-D line fitted on every
// request (in-sample, its best case) cut where it finds as many unservable requests; a better separator turns fewer servable ones away at each.
console.log();
console.log("| score floor (coverage floor 0.35) | unservable found | servable found:false, today's rule | servable found:false, 2-D line fitted in-sample |");
console.log("|---|---|---|---|");
{
  const line = FEATURE_SETS[0]!;
  const rows = leftOut.filter((o) => decidedBy(line, o.signals));
  const model = fitLogistic(
    rows.map((o) => line.read(o.signals!)),
    rows.map((o) => (o.servable ? 1 : 0)),
  );
  const unservableLogits = rows
    .filter((o) => !o.servable)
    .map((o) => logit(model, line.read(o.signals!)))
    .sort((a, b) => b - a);
  for (const score of [0.06, 0.08, 0.1, 0.12, 0.14]) {
    const rule = tally(leftOut, (o) => today(o.signals, { ...DEFAULT_THRESHOLDS, score }));
    const cut = rule.wronglyFound === 0 ? Infinity : unservableLogits[rule.wronglyFound - 1]!;
    const fit = tally(leftOut, (o) => decidedBy(line, o.signals) && logit(model, line.read(o.signals)) >= cut);
    console.log(`| ${score.toFixed(2)} | ${rule.wronglyFound} (line: ${fit.wronglyFound}) | ${rule.turnedAway} | ${fit.turnedAway} |`);
  }
}

console.log();
console.log("fitted on every request (the coefficients a matcher would carry), standardised features:");
for (const set of FEATURE_SETS) {
  const rows = observations.filter((o) => decidedBy(set, o.signals));
  const model = fitLogistic(
    rows.map((o) => set.read(o.signals!)),
    rows.map((o) => (o.servable ? 1 : 0)),
  );
  const terms = set.features.map((f, j) => `${model.weights[j]!.toFixed(2)}·${f} (mean ${model.mean[j]!.toFixed(3)}, sd ${model.scale[j]!.toFixed(3)})`);
  console.log(`  ${set.name}: ${model.bias.toFixed(2)} + ${terms.join(" + ")}`);
}
