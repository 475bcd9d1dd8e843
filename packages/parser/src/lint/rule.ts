/**
 * A lint rule: one file in `rules/`, one id, one default severity, one job.
 * Rules read the precomputed `ToolFacts` and report findings; the engine adds
 * the id and severity, applies suppressions and sorts.
 */
import type { Fix, RuleMeta } from "../diagnostics.ts";
import type { Range } from "../syntax/ast.ts";
import type { ParamFacts, ToolFacts } from "../semantic/tool-facts.ts";

export type { RuleMeta };

export interface Finding {
  readonly message: string;
  readonly range: Range;
  readonly field?: string;
  readonly fix?: Fix;
}

export type Report = (finding: Finding) => void;

interface FileCheck {
  check(tool: ToolFacts, report: Report): void;
}

interface ParamCheck {
  /**
   * Once for each param of `params_schema`, in order. The engine walks the
   * params once for every rule, as actionlint's visitors walk a workflow: the
   * check is a small function called per param, which V8 optimises while a file
   * with thousands of params is still being linted (a loop of its own in each
   * rule would run cold to its end).
   */
  checkParam(param: ParamFacts, tool: ToolFacts, report: Report): void;
}

/** A rule checks the file once (`check`), each param (`checkParam`), or both. */
export type Rule = RuleMeta & ((FileCheck & Partial<ParamCheck>) | (Partial<FileCheck> & ParamCheck));

/**
 * What a rule across files knows of each file: plain data, kept small, so
 * linting 10,000 files holds no trees (nor texts), and a worker thread can send it.
 */
export interface FileSummary {
  readonly path: string;
  /** The `name` value, when it is a scalar, and where it is. */
  readonly name?: { readonly value: string; readonly range: Range };
}

/** A rule over a set of files (`hdlp lint` on a folder). */
export interface FileSetRule extends RuleMeta {
  check(files: readonly FileSummary[], report: (file: number, finding: Finding) => void): void;
}
