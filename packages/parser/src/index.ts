/**
 * @hdlp/parser — the .hdlp language core. Everything else imports from here.
 *
 * Contract (implemented by the modules below; this list is the API):
 *   parse(text)                 → { document: ToolDocument, diagnostics }   never throws
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
export * from "./catalogue/executors.ts";
