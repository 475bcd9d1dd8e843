/**
 * `# hdlp-disable-next-line <rule>[, <rule>…]`: silence the named rules' (or,
 * with no name, every rule's) warnings on the line after the comment. A
 * suppression that silences nothing, or names no rule, is itself reported, so
 * stale ones do not pile up. Only warnings can be silenced: an error means the runtime cannot
 * use the tool (it registers no tool with an error), and a comment does not
 * change that; syntax errors least of all, the file must first be readable.
 */
import type { Diagnostic, TextEdit } from "../diagnostics.ts";
import type { Range } from "../syntax/ast.ts";
import { didYouMean } from "./did-you-mean.ts";
import { removeLine } from "./edits.ts";
import type { RuleMeta } from "./rule.ts";
import type { DocumentSource } from "../semantic/document-source.ts";

const DIRECTIVE = /^\s*hdlp-disable-next-line\b(.*)$/;

export const UNUSED_SUPPRESSION: RuleMeta = {
  id: "unused-suppression",
  severity: "warning",
  summary: "A `# hdlp-disable-next-line` comment that silences nothing, or names no rule.",
};

/** A suppression comment, as plain data (kept with the file's other findings, without its tree). */
export interface Suppression {
  /** The comment's range: where an unused suppression is reported. */
  readonly range: Range;
  /** The 0-based line it applies to. */
  readonly line: number;
  /** Rule ids; empty means every rule. */
  readonly rules: readonly string[];
  /** The edit that deletes the comment's line. */
  readonly removal: TextEdit;
}

/** The file's `# hdlp-disable-next-line` comments. */
export function readSuppressions(source: DocumentSource): Suppression[] {
  const found: Suppression[] = [];
  for (const comment of source.comments) {
    if (comment.trailing) continue;
    const match = DIRECTIVE.exec(comment.text);
    if (!match) continue;
    const rules = match[1]!.split(/[\s,]+/).filter(Boolean);
    found.push({ range: comment.range, line: comment.range.start.line + 1, rules, removal: removeLine(source, comment.range.start.offset) });
  }
  return found;
}

/**
 * Drop the warnings the suppressions silence; add a warning for each
 * suppression that silenced nothing, or aimed only at errors. Rules in
 * `unjudged` are known but did not run (see ExtraRules in lint.ts): a
 * suppression is not blamed for not silencing them.
 */
export function applySuppressions(
  suppressions: readonly Suppression[],
  diagnostics: Diagnostic[],
  knownRules: ReadonlySet<string>,
  unjudged: ReadonlySet<string> = new Set(),
): Diagnostic[] {
  if (suppressions.length === 0) return diagnostics;
  const used = new Map<Suppression, Set<string>>(suppressions.map((s) => [s, new Set()]));
  const refused = new Map<Suppression, Set<string>>(suppressions.map((s) => [s, new Set()]));
  const byLine = new Map<number, Suppression[]>();
  for (const s of suppressions) {
    const onLine = byLine.get(s.line);
    if (onLine) onLine.push(s);
    else byLine.set(s.line, [s]);
  }
  // The rules each names, as sets: a line of many findings under a comment naming many rules stays linear.
  const named = new Map<Suppression, ReadonlySet<string>>(suppressions.map((s) => [s, new Set(s.rules)]));
  const kept = diagnostics.filter((d) => {
    if (!knownRules.has(d.rule)) return true; // the parser's: a syntax error
    for (const s of byLine.get(d.range.start.line) ?? []) {
      if (s.rules.length > 0 && !named.get(s)!.has(d.rule)) continue;
      if (d.severity === "error") {
        refused.get(s)!.add(d.rule);
        continue;
      }
      used.get(s)!.add(d.rule);
      return false;
    }
    return true;
  });

  for (const s of suppressions) {
    const silenced = used.get(s)!;
    for (const rule of s.rules.filter((r) => !knownRules.has(r))) {
      const suggestion = didYouMean(rule, knownRules);
      kept.push(suppressionWarning(s, `\`${rule}\` is not a rule${suggestion ? `; did you mean \`${suggestion}\`?` : "."}`, false));
    }
    const idle =
      s.rules.length === 0
        ? silenced.size === 0 && unjudged.size === 0
          ? ["*"]
          : []
        : s.rules.filter((r) => knownRules.has(r) && !silenced.has(r) && !unjudged.has(r));
    if (idle.length > 0) {
      const wholly = s.rules.length === 0 || idle.length === s.rules.length;
      const errors = [...refused.get(s)!].filter((r) => idle[0] === "*" || idle.includes(r));
      const message =
        errors.length > 0
          ? `Errors cannot be silenced (${listRules(errors)} on line ${s.line + 1}): the runtime registers no tool with an error; fix it instead.`
          : `This suppression silences nothing on line ${s.line + 1} (${listRules(idle)}); remove it.`;
      kept.push(suppressionWarning(s, message, wholly));
    }
  }
  return kept;
}

/** `\`a\`, \`b\``, or `anything` for a suppression without rule names. */
function listRules(rules: readonly string[]): string {
  return rules[0] === "*" ? "anything" : rules.map((r) => `\`${r}\``).join(", ");
}

function suppressionWarning(s: Suppression, message: string, removable: boolean): Diagnostic {
  return {
    rule: UNUSED_SUPPRESSION.id,
    severity: UNUSED_SUPPRESSION.severity,
    message,
    range: s.range,
    ...(removable && { fix: { title: "Remove the suppression", edits: [s.removal] } }),
  };
}
