/**
 * Templates as the parser splits them once (`command:` argv templates,
 * `endpoint:` REST calls): plain data for the linter, the model and the
 * executors.
 */
import type { HttpVerb } from "../catalogue/executors.ts";
import type { Range } from "../syntax/ast.ts";

/** A `{param}` inside a command or endpoint template. */
export interface Placeholder {
  readonly kind: "placeholder";
  readonly param: string;
  /** Range within the TOOL.hdlp text, for diagnostics. */
  readonly range: Range;
}

export interface Literal {
  readonly kind: "literal";
  readonly text: string;
}

/** One argv element: literal text and placeholders, joined without separators. */
export interface TemplateArg {
  readonly kind: "arg";
  readonly parts: readonly (Literal | Placeholder)[];
  readonly range: Range;
}

/** `[--since {since}]`: kept only when every param inside it is present. */
export interface TemplateGroup {
  readonly kind: "group";
  readonly args: readonly TemplateArg[];
  readonly range: Range;
}

/** `command: git log --oneline -n {count}`, split into arguments when the file is parsed. */
export interface CommandTemplate {
  readonly source: string;
  readonly items: readonly (TemplateArg | TemplateGroup)[];
}

/** `endpoint: GET /modules/{id}`. */
export interface EndpointTemplate {
  readonly verb: HttpVerb;
  readonly path: string;
  readonly placeholders: readonly Placeholder[];
}
