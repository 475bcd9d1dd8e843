/**
 * A document's meaning when it is clean: parse, lint, and the model when the
 * lint found no error. The one place that puts the linter and the model
 * together (ARCHITECTURE.md: lint/ and model/ never import each other).
 */
import type { Diagnostic } from "./diagnostics.ts";
import { type LintOptions, lintDocument } from "./lint/lint.ts";
import { buildModel } from "./model/build-model.ts";
import type { ToolModel } from "./model/tool-model.ts";
import type { ToolDocument } from "./syntax/document.ts";
import { parse, type ParseResult } from "./syntax/parse.ts";

const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === "error");

/** The typed meaning of a document, or undefined when its lint has errors. */
export function toToolModel(parsed: ToolDocument | ParseResult, options?: LintOptions): ToolModel | undefined {
  const { tool, diagnostics } = lintDocument(parsed, options);
  return hasErrors(diagnostics) ? undefined : buildModel(tool);
}

export interface LoadedTool {
  readonly document: ToolDocument;
  readonly diagnostics: Diagnostic[];
  /** Present when the file lints without errors (warnings allowed). */
  readonly model?: ToolModel;
}

/** What the runtime calls for each TOOL.hdlp: parse, lint, and the model when clean. */
export function loadTool(text: string, options?: LintOptions): LoadedTool {
  const parsed = parse(text);
  const { document } = parsed;
  const { tool, diagnostics } = lintDocument(parsed, options);
  return hasErrors(diagnostics) ? { document, diagnostics } : { document, diagnostics, model: buildModel(tool) };
}
