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


export interface ParamModel {
  readonly name: string;
  readonly type: ParamType;
  readonly required: boolean;
  readonly description: string;
  readonly default?: JsonValue;
  readonly enum?: readonly JsonValue[];
}

export interface ConstraintsModel {
  readonly timeout_ms: number;
  readonly max_output_bytes: number;
  readonly require_confirm: boolean;
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
