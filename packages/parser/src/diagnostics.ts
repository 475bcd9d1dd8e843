import type { Range } from "./syntax/ast.ts";

export type Severity = "error" | "warning" | "info";

/** A replacement of `range` by `newText`; an insertion has an empty range. */
export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/** A fix the linter can apply without asking: `hdlp lint --fix` and the editor's quick fixes. */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
}

/** What every rule, the parser's and the linter's, says of itself. */
export interface RuleMeta {
  /** Stable, kebab-case: users write it in `# hdlp-disable-next-line <id>`. */
  readonly id: string;
  readonly severity: Severity;
  /** One line for `docs/linter.md`, SARIF and editors. */
  readonly summary: string;
}

/** A rule as reports (SARIF) and editors describe it: its meta and the page of this repository that documents it. */
export interface RuleDescription extends RuleMeta {
  /** A docs/ page and anchor: `docs/linter.md#unknown-executor`. */
  readonly docs: string;
}

export interface Diagnostic {
  /** Stable id, kebab-case (`unknown-executor`); syntax errors are `syntax`. */
  readonly rule: string;
  readonly severity: Severity;
  /** English, one sentence, field names as written in the file. */
  readonly message: string;
  /** Dotted field path (`params_schema.cmd.type`), absent for whole-file defects. */
  readonly field?: string;
  /** As tight as the defect: the value, not the line. */
  readonly range: Range;
  readonly fix?: Fix;
}
