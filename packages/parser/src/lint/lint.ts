/**
 * The engine: the parser's syntax diagnostics, then every rule over the
 * document's facts, suppressions applied, sorted by position.
 */
import type { Diagnostic, RuleDescription } from "../diagnostics.ts";
import type { Entry } from "../syntax/ast.ts";
import type { ToolDocument } from "../syntax/document.ts";
import { parse, type ParseResult } from "../syntax/parse.ts";
import { fileTooLarge } from "../syntax/size-limit.ts";
import { SYNTAX_RULE_DESCRIPTIONS } from "../syntax/syntax-diagnostics.ts";
import { collectFacts, type LintOptions, type ToolFacts } from "../semantic/tool-facts.ts";
import type { FileSummary, Finding, RuleMeta } from "./rule.ts";
import { scalarOf } from "../semantic/values.ts";
import { FILE_SET_RULES, RULES } from "./rules/index.ts";
import { sourceOf } from "../semantic/document-source.ts";
import { applySuppressions, readSuppressions, type Suppression, UNUSED_SUPPRESSION } from "./suppression.ts";

export type { LintOptions } from "../semantic/tool-facts.ts";

/** Every rule the linter knows (syntax rules are the parser's and are documented in the spec). */
export const LINT_RULES: readonly RuleMeta[] = [...RULES, ...FILE_SET_RULES, UNUSED_SUPPRESSION].map(({ id, severity, summary }) => ({
  id,
  severity,
  summary,
}));

/** Every rule a lint reports, the parser's first, each with the docs/ page that documents it (for SARIF and editors). */
export const RULE_DESCRIPTIONS: readonly RuleDescription[] = [
  ...SYNTAX_RULE_DESCRIPTIONS,
  ...LINT_RULES.map((rule) => ({ ...rule, docs: `docs/linter.md#${rule.id}` })),
];

const RULE_IDS: ReadonlySet<string> = new Set(LINT_RULES.map((r) => r.id));

function toDiagnostic(rule: RuleMeta, finding: Finding): Diagnostic {
  return {
    rule: rule.id,
    severity: rule.severity,
    message: finding.message,
    ...(finding.field !== undefined && { field: finding.field }),
    range: finding.range,
    ...(finding.fix && { fix: finding.fix }),
  };
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}

const FILE_RULES = RULES.filter((rule) => rule.check);
const PARAM_RULES = RULES.filter((rule) => rule.checkParam);

/** Single-file rules, before suppressions. */
function runRules(tool: ToolFacts): Diagnostic[] {
  const found: Diagnostic[] = [...tool.source.syntax];
  // A file too large to read (syntax/size-limit.ts) has that one thing to say: nothing else was read.
  if (found.some((d) => d.rule === "file-too-large")) return found;
  let current: RuleMeta = RULES[0]!;
  // One reporter for every rule (not a closure per rule per file: 10,000 files are 300,000 closures).
  const report = (finding: Finding) => void found.push(toDiagnostic(current, finding));
  for (const rule of FILE_RULES) {
    current = rule;
    rule.check!(tool, report);
  }
  for (const param of tool.valueSpecs) {
    for (const rule of PARAM_RULES) {
      current = rule;
      rule.checkParam!(param, tool, report);
    }
  }
  return found;
}

/** The rules a suppression may name, and those of them that did not run this time (see ExtraRules). */
interface KnownRules {
  readonly known: ReadonlySet<string>;
  readonly unjudged: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();
const CORE_RULES: KnownRules = { known: RULE_IDS, unjudged: NONE };

/** Made once for a whole set of files, not for each. */
function knownRules(extra: ExtraRules | undefined): KnownRules {
  if (extra === undefined) return CORE_RULES;
  const extraIds = extra.rules.map((r) => r.id);
  return { known: new Set([...RULE_IDS, ...extraIds]), unjudged: extra.findings !== undefined ? NONE : new Set(extraIds) };
}

function finish(suppressions: readonly Suppression[], diagnostics: Diagnostic[], { known, unjudged }: KnownRules): Diagnostic[] {
  // Stable sort: findings at the same place keep the order their rule reported them in.
  return applySuppressions(suppressions, diagnostics, known, unjudged).sort(compareDiagnostics);
}

/**
 * Rules that live outside the core, over what only another package knows
 * (the matcher's `intent-collision`, in @hdlp/match): their findings join
 * each file's own before the suppressions apply, so one comment silences
 * either, and their ids are rules to a suppression. Without `findings` they
 * did not run this time: a suppression naming them is then neither unknown
 * nor idle.
 */
export interface ExtraRules {
  readonly rules: readonly RuleMeta[];
  /** Their findings, by file path. */
  readonly findings?: ReadonlyMap<string, readonly Diagnostic[]>;
}

/**
 * Lint one document. Pass `parse`'s whole result to reuse its syntax
 * diagnostics; given only the document, the linter parses its text again
 * to find them.
 */
export function lint(parsed: ToolDocument | ParseResult, options: LintOptions = {}): Diagnostic[] {
  return lintDocument(parsed, options).diagnostics;
}

/** `lint`, also handing back the facts it worked out (the model is built from them). */
export function lintDocument(parsed: ToolDocument | ParseResult, options: LintOptions = {}): { tool: ToolFacts; diagnostics: Diagnostic[] } {
  const tool = collectFacts(toSource(parsed), options);
  return { tool, diagnostics: finish(readSuppressions(tool.source), runRules(tool), CORE_RULES) };
}

function toSource(parsed: ToolDocument | ParseResult) {
  return "document" in parsed ? sourceOf(parsed.document, parsed.diagnostics) : sourceOf(parsed);
}

export interface LintedFile {
  readonly path: string;
  readonly diagnostics: Diagnostic[];
}

/** A file to lint: its text, or what `parse` made of it (the whole result spares a second parse). */
export type LintInput = { readonly path: string; readonly text: string } | { readonly path: string; readonly document: ToolDocument | ParseResult };

/**
 * One file's own findings, before the rules across files and suppressions:
 * plain data, so a caller keeps each file's lint apart (the language server,
 * for every tool of a workspace) and `combineLints` finishes them together.
 * The tree is dropped as soon as the file is done.
 */
export interface FileLint {
  readonly path: string;
  /** Syntax and single-file rules, suppressions not yet applied. */
  readonly diagnostics: Diagnostic[];
  /** What the rules across files need. */
  readonly summary: FileSummary;
  readonly suppressions: readonly Suppression[];
}

export function lintFile(file: LintInput, options: Omit<LintOptions, "path"> = {}): FileLint {
  const tool = collectFacts(toSource(parsedOf(file)), { ...options, path: file.path });
  return {
    path: file.path,
    diagnostics: runRules(tool),
    summary: summaryOf(file.path, tool.fields.get("name")),
    suppressions: readSuppressions(tool.source),
  };
}

/**
 * A file over MAX_TOOL_FILE_BYTES, known by its path and size and never read
 * (`hdlp lint` checks the size first): its one finding, as `parse` would give it
 * for the text (syntax/size-limit.ts).
 */
export function lintOversize(path: string, bytes: number): FileLint {
  return { path, diagnostics: [fileTooLarge(bytes)], summary: { path }, suppressions: [] };
}

/**
 * A file only the rules across files look at (the language server's tools
 * that are not open): its summary, and none of its own findings, which
 * nobody would see. A parse, without the single-file rules.
 */
export function summarizeFile(file: LintInput): FileLint {
  const parsed = parsedOf(file);
  const document = "document" in parsed ? parsed.document : parsed;
  return { path: file.path, diagnostics: [], summary: summaryOf(file.path, document.field("name")), suppressions: [] };
}

function parsedOf(file: LintInput): ToolDocument | ParseResult {
  return "document" in file ? file.document : parse(file.text);
}

function summaryOf(path: string, nameEntry: Entry | undefined): FileSummary {
  const name = scalarOf(nameEntry?.value);
  return name ? { path, name: { value: name.value, range: name.range } } : { path };
}

/** The rules across files (and `extra`'s findings), then each file's suppressions, then sorting. */
export function combineLints(files: readonly FileLint[], extra?: ExtraRules): LintedFile[] {
  const found = files.map((file) => [...file.diagnostics, ...(extra?.findings?.get(file.path) ?? [])]);
  const summaries = files.map((file) => file.summary);
  for (const rule of FILE_SET_RULES) rule.check(summaries, (index, finding) => void found[index]!.push(toDiagnostic(rule, finding)));
  const rules = knownRules(extra);
  return files.map((file, index) => ({ path: file.path, diagnostics: finish(file.suppressions, found[index]!, rules) }));
}

/** Lint files together: each on its own, plus the rules across them (duplicate names, folder names) and `extra`'s. */
export function lintFiles(files: readonly LintInput[], options: Omit<LintOptions, "path"> = {}, extra?: ExtraRules): LintedFile[] {
  return combineLints(
    files.map((file) => lintFile(file, options)),
    extra,
  );
}
