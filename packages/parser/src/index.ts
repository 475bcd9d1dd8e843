/**
 * @hdlp/parser — the .hdlp language core. Everything else imports from here.
 *
 * Contract (implemented by the modules below; this list is the API):
 *   parse(text)                 → { document: ToolDocument, diagnostics }   never throws; one diagnostic over MAX_TOOL_FILE_BYTES
 *   lint(document, options?)    → Diagnostic[]                              syntax + rules, sorted
 *   lintFiles(files)            → per-file diagnostics incl. cross-file rules
 *   format(text)                → canonical text (idempotent, keeps comments)
 *   toToolModel(document)       → ToolModel | undefined (undefined when lint has errors)
 *   loadTool(text)              → { document, diagnostics, model? }         parse + lint + model
 *   parseCommandTemplate / parseEndpointTemplate
 *   toJsonSchema()              → JSON Schema 2020-12 of TOOL.hdlp, from the catalogue
 */
export type * from "./syntax/ast.ts";
export type * from "./diagnostics.ts";
export type * from "./model/tool-model.ts";
export * from "./catalogue/fields.ts";
export * from "./catalogue/value-keys.ts";
export * from "./catalogue/executors.ts";
export * from "./catalogue/skeleton.ts";
export * from "./catalogue/layout.ts";

// Linter, model and templates (docs/linter.md).
export {
  lint,
  lintFiles,
  lintFile,
  lintOversize,
  summarizeFile,
  combineLints,
  LINT_RULES,
  RULE_DESCRIPTIONS,
  compareDiagnostics,
  type LintOptions,
  type LintInput,
  type LintedFile,
  type FileLint,
  type ExtraRules,
} from "./lint/lint.ts";
export { applyFixes, type FixResult } from "./lint/apply-fixes.ts";
export { didYouMean, editDistance } from "./lint/did-you-mean.ts";
export type { FileSummary } from "./lint/rule.ts";
export type { Suppression } from "./lint/suppression.ts";
export { toToolModel, loadTool, type LoadedTool } from "./load.ts";
export { parseCommandTemplate, commandPlaceholders, type CommandParse } from "./templates/command.ts";
export { parseEndpointTemplate, type EndpointParse } from "./templates/endpoint.ts";
export type { TemplateProblem, Locate } from "./templates/locate.ts";
export { toJsonSchema } from "./catalogue/json-schema.ts";
export { parse, type ParseResult } from "./syntax/parse.ts";
export { ToolDocument } from "./syntax/document.ts";
export * as Tokens from "./syntax/token-kinds.ts";
export type { HdlpToken } from "./syntax/tokens.ts";
export { LineIndex } from "./text/line-index.ts";
export { format, formatText, FormatError, MAX_WIDTH, type FormatResult } from "./format/format.ts";
export { displayWidth, isWide } from "./format/width.ts";
export { SYNTAX_RULES, MAX_NESTING, type SyntaxRule } from "./syntax/syntax-diagnostics.ts";
export { MAX_TOOL_FILE_BYTES } from "./syntax/size-limit.ts";
