/**
 * The meaning of a TOOL.hdlp that lints clean: plain, typed data for the
 * runtime. Values are typed by the catalogue (`name: 2026` is the string
 * "2026"); constraints have the catalogue's defaults applied.
 */
import type { ExecutorName } from "../catalogue/executors.ts";
import type { ParamType } from "../catalogue/fields.ts";
import type { JsonValue } from "../semantic/values.ts";
import type { CommandTemplate, EndpointTemplate } from "../templates/template.ts";

export type { JsonValue } from "../semantic/values.ts";
export type * from "../templates/template.ts";

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
  /** What a shell tool needs from its sandbox: the network, and paths to write (absolute; none when absent). */
  readonly network: boolean;
  readonly write: readonly string[];
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
