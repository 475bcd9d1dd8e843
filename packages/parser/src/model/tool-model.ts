/**
 * The meaning of a TOOL.hdlp that lints clean: plain, typed data for the
 * runtime. Values are typed by the catalogue (`name: 2026` is the string
 * "2026"); constraints have the catalogue's defaults applied.
 */
import type { ExecutorName } from "../catalogue/executors.ts";
import type { ParamType } from "../catalogue/fields.ts";
import type { Range } from "../syntax/ast.ts";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** What a value is, as deep as the file declares it: an array's items, an object's fields. */
export interface ValueSchema {
  readonly type: ParamType;
  readonly description?: string;
  readonly enum?: readonly JsonValue[];
  /** With `type: array`: what it holds. */
  readonly items?: ValueSchema;
  /** With `type: object`: its fields, in declaration order; when declared, no others are accepted. */
  readonly properties?: readonly ParamModel[];
}

/** A param, or a field of an object (written the same way). */
export interface ParamModel extends ValueSchema {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly default?: JsonValue;
}

export interface ConstraintsModel {
  readonly timeout_ms: number;
  readonly max_output_bytes: number;
  readonly require_confirm: boolean;
}

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
  readonly verb: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  readonly placeholders: readonly Placeholder[];
}

export interface ToolModel {
  readonly name: string;
  readonly display: string;
  readonly intent: string;
  readonly method: string;
  readonly executor: ExecutorName;
  /** In declaration order. */
  readonly params: readonly ParamModel[];
  readonly constraints: ConstraintsModel;
  readonly command?: CommandTemplate;
  readonly endpoint?: EndpointTemplate;
  readonly author: string;
  readonly created: string;
  readonly why: string;
}
