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
import { type Diagnostic, parse, type ParseResult, type Range, type ToolModel, toToolModel } from "@hdlp/parser";
import { defaultLexicon, type Lexicon } from "../lexicon.ts";
import { type MatcherOptions, matcherOver } from "../matcher.ts";
import { memoizedAnalyser, ParamsReading, paramsReadAlike, type ToolText, toolText } from "../tool-text.ts";
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

/**
 * A tool of a file that lints without errors (a registered tool), or
 * undefined. Given what `parse` made of the text, it is not parsed again.
 */
export function collisionTool(path: string, source: string | ParseResult): CollisionTool | undefined {
  const parsed = typeof source === "string" ? parse(source) : source;
  const model = toToolModel(parsed);
  if (model === undefined) return undefined;
  const { document } = parsed;
  const entry = document.field("intent");
  const range = entry?.value?.range ?? entry?.range ?? document.root.range;
  return { path, model, range };
}

/** A tool file, by the path its warnings are keyed by. */
export interface CollisionFile {
  readonly path: string;
  readonly text: string;
  /** What `parse` made of `text`, when the caller has it. */
  readonly parsed?: ParseResult;
}

export interface CollisionOptions {
  /** Report only for the tools at these paths (the language server's open tool), each still checked against all. */
  readonly only?: ReadonlySet<string>;
  readonly matcher?: MatcherOptions;
}

/** The `intent-collision` warnings, by file path: one on each tool of each near-equal pair. */
export function intentCollisions(tools: readonly CollisionTool[], options: CollisionOptions = {}): Map<string, Diagnostic[]> {
  return new CollisionChecker(options.matcher).check(tools, options.only);
}

/** Runs steps to their end, with nothing in between. */
function toEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Params read per step of `CollisionChecker.steps`. */
const PARAMS_PER_STEP = 500;

/** What the matcher read of one tool, for which model; `text` once its params are read. */
interface Reading {
  readonly model: ToolModel;
  readonly params: ParamsReading;
  text?: ToolText;
}

/**
 * `intentCollisions` over a set of tools that changes a little at a time
 * (the language server's tools folder as one tool is edited, `hdlp lint
 * --fix`'s rounds): a file's tool is made again only when its text changes;
 * each tool is read for the matcher once, and read again only when its model
 * changes, then its params only when they read differently, so an edit to a
 * tool's intent costs the reading of its four fields, not of its thousands
 * of params. The index is made anew for each check from the readings: its
 * term statistics span every tool, so one changed tool moves every score.
 */
export class CollisionChecker {
  readonly #options: MatcherOptions & { readonly lexicon: Lexicon };
  /** By path: the tools of the last check, and what is read of any tool since. */
  #readings = new Map<string, Reading>();
  /** By path: the files of the last check, each with its registered tool (undefined when it has errors). */
  #files = new Map<string, { text: string; tool: CollisionTool | undefined }>();

  constructor(options: MatcherOptions = {}) {
    this.#options = { ...options, lexicon: options.lexicon ?? defaultLexicon() };
  }

  /** The warnings, by file path; with `only`, for the tools at those paths alone, each still checked against all. */
  check(tools: readonly CollisionTool[], only?: ReadonlySet<string>): Map<string, Diagnostic[]> {
    return toEnd(this.steps(tools, only));
  }

  /** `check` over tool files: a file's tool is made (parsed, linted, modelled) again only when its text changes. */
  checkFiles(files: readonly CollisionFile[], only?: ReadonlySet<string>): Map<string, Diagnostic[]> {
    return toEnd(this.fileSteps(files, only));
  }

  /** `checkFiles` as steps: each tool made, then `steps`. */
  *fileSteps(files: readonly CollisionFile[], only?: ReadonlySet<string>): Generator<void, Map<string, Diagnostic[]>, void> {
    if (files.length < 2 || (only !== undefined && !files.some((file) => only.has(file.path)))) return new Map();
    const tools: CollisionTool[] = [];
    for (const { path, text, parsed } of files) {
      let made = this.#files.get(path);
      if (made?.text !== text) {
        this.#files.set(path, (made = { text, tool: collisionTool(path, parsed ?? text) }));
        yield;
      }
      if (made.tool !== undefined) tools.push(made.tool);
    }
    const paths = new Set(files.map((file) => file.path));
    for (const path of this.#files.keys()) if (!paths.has(path)) this.#files.delete(path);
    return yield* this.steps(tools, only);
  }

  /**
   * `check` as steps of bounded work (a tool's model compared with the last
   * one's, or a slice of its params read): the language server runs other
   * work between steps, and drops a check that a newer edit made stale. What
   * a dropped check has read is kept, and the next goes on from there.
   */
  *steps(tools: readonly CollisionTool[], only?: ReadonlySet<string>): Generator<void, Map<string, Diagnostic[]>, void> {
    const found = new Map<string, Diagnostic[]>();
    // A collision takes two tools, one of them asked about.
    if (tools.length < 2 || (only !== undefined && !tools.some((tool) => only.has(tool.path)))) return found;
    const texts: ToolText[] = [];
    for (const tool of tools) texts.push(yield* this.#read(tool));
    const paths = new Set(tools.map((tool) => tool.path));
    for (const path of this.#readings.keys()) if (!paths.has(path)) this.#readings.delete(path);
    const matcher = matcherOver(
      tools.map((tool) => tool.model),
      texts,
      this.#options,
    );
    yield;
    const reported = new Set<string>();
    tools.forEach((tool, a) => {
      if (only !== undefined && !only.has(tool.path)) return;
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
          if ((only !== undefined && !only.has(self.path)) || reported.has(key)) continue;
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

  /** A tool's reading: the last one while its model is the same; its params' (read so far) while they read the same. */
  *#read({ path, model }: CollisionTool): Generator<void, ToolText, void> {
    const { lexicon } = this.#options;
    let reading = this.#readings.get(path);
    if (reading?.model !== model) {
      const params =
        reading !== undefined && paramsReadAlike(reading.params.params, model.params)
          ? reading.params
          : new ParamsReading(model.params, memoizedAnalyser(lexicon), lexicon);
      reading = { model, params };
      this.#readings.set(path, reading);
      yield;
    }
    while (!reading.params.done) {
      reading.params.read(PARAMS_PER_STEP);
      yield;
    }
    reading.text ??= toolText(model, memoizedAnalyser(lexicon), lexicon, reading.params.text());
    return reading.text;
  }
}
