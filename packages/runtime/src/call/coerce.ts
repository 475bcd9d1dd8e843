/**
 * `hdlp call tool count=5 force=true tags=a,b`: every value on a command line
 * is a string, so each is read by the type its param declares before the
 * params are validated. A value that cannot be read as that type is left as
 * the string it was, and validation names the param and what it expected.
 *
 *   integer, number  `5`, `-2`, `0.5`          (decimal notation only)
 *   boolean          `true` `false` `yes` `no` `1` `0`
 *   array            `["a b","c"]` (JSON) or `a,b,c` (a comma list, each item read by the
 *                    param's `items` type, strings when it declares none; `` is [])
 *   object           JSON: `{"k":1}`
 *   string           as written
 *
 * Params the tool does not declare stay strings (and are rejected as unknown).
 */
import type { ParamModel, ParamType, ValueSchema } from "@hdlp/parser";

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const TRUE = new Set(["true", "yes", "1"]);
const FALSE = new Set(["false", "no", "0"]);

export function coerceCliParams(params: readonly ParamModel[], raw: Readonly<Record<string, string>>): Record<string, unknown> {
  const declared = new Map(params.map((p) => [p.name, p]));
  const coerced: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(raw)) {
    const param = declared.get(name);
    coerced[name] = param === undefined ? text : coerceValue(param.type, text, param.items);
  }
  return coerced;
}

/** `items`: what an array holds, to read each item of a comma list by. */
export function coerceValue(type: ParamType, text: string, items?: ValueSchema): unknown {
  switch (type) {
    case "string":
      return text;
    case "integer":
      return INTEGER.test(text) ? Number(text) : text;
    case "number":
      return NUMBER.test(text) ? Number(text) : text;
    case "boolean": {
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : text;
    }
    case "array":
      if (text.trimStart().startsWith("[")) return parseJson(text);
      if (text === "") return [];
      return items ? text.split(",").map((item) => coerceValue(items.type, item, items.items)) : text.split(",");
    case "object":
      return parseJson(text);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
