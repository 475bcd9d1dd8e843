/**
 * Values typed by the field they belong to, never guessed from their look.
 *
 * The linter asks "is this a boolean?" with the same functions the model uses
 * to read the boolean, so the two can never disagree: what lints clean is
 * exactly what the model can read.
 */
import { DATE_PATTERN, type ParamType } from "../catalogue/fields.ts";
import type { Scalar, Value } from "../syntax/ast.ts";

/** A param's `default` or `enum` item as the model holds it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function scalarOf(node: Value | null | undefined): Scalar | undefined {
  return node?.kind === "scalar" ? node : undefined;
}

const NOT_SPACE = /\S/;

/**
 * Written with no value: nothing after the colon, or a string of only spaces
 * (`executor:`, `why: ""`). A required field or key that is blank is as good as
 * missing.
 */
export function isBlank(node: Value | null | undefined): boolean {
  if (node === null) return true;
  if (node?.kind !== "scalar") return false;
  // Every field of every file is asked: most values start with a printable ASCII character or a CJK one,
  // which no space is; only the rest need the search for a non-space (not `trim()`, which copies).
  const first = node.value.charCodeAt(0);
  if ((first > 32 && first < 127) || (first > 0x3000 && first !== 0xfeff)) return false;
  return !NOT_SPACE.test(node.value);
}

/** Any scalar reads as a string: `name: 2026` is "2026". */
export function readString(node: Value | null | undefined): string | undefined {
  return scalarOf(node)?.value;
}

/** Only the plain words `true` and `false`: `yes`, `True` and `"true"` are not booleans. */
export function readBoolean(node: Value | null | undefined): boolean | undefined {
  const scalar = scalarOf(node);
  if (scalar?.style !== "plain") return undefined;
  return scalar.value === "true" ? true : scalar.value === "false" ? false : undefined;
}

/** A plain decimal integer within JavaScript's safe range. */
export function readInteger(node: Value | null | undefined): number | undefined {
  const scalar = scalarOf(node);
  if (scalar?.style !== "plain" || !/^[-+]?\d+$/.test(scalar.value)) return undefined;
  const value = Number(scalar.value);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A plain decimal number: `3`, `-0.5`, `1e3`. */
export function readNumber(node: Value | null | undefined): number | undefined {
  const scalar = scalarOf(node);
  if (scalar?.style !== "plain" || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(scalar.value)) return undefined;
  return Number(scalar.value);
}

/** `YYYY-MM-DD` naming a day that exists (2026-02-30 does not). */
export function readDate(node: Value | null | undefined): string | undefined {
  const text = readString(node);
  return text !== undefined && isCalendarDate(text) ? text : undefined;
}

export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Gregorian: February has 29 days in years divisible by 4, except centuries not divisible by 400. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * A param's `default` or `enum` item, typed by the param's `type`. Inside an
 * array or object value nothing declares a type, so scalars there stay strings.
 */
export function readParamValue(node: Value | null | undefined, type: ParamType): JsonValue | undefined {
  switch (type) {
    case "string":
      return readString(node);
    case "integer":
      return readInteger(node);
    case "number":
      return readNumber(node);
    case "boolean":
      return readBoolean(node);
    case "array":
      return node?.kind === "list" ? readUntyped(node) : undefined;
    case "object":
      return node?.kind === "map" ? readUntyped(node) : undefined;
  }
}

function readUntyped(node: Value): JsonValue | undefined {
  switch (node.kind) {
    case "scalar":
      return node.value;
    case "list": {
      const items = node.items.map(readUntyped);
      return items.every((item) => item !== undefined) ? (items as JsonValue[]) : undefined;
    }
    case "map": {
      const result: { [key: string]: JsonValue } = {};
      for (const entry of node.entries) {
        const value = entry.value ? readUntyped(entry.value) : null;
        if (value === undefined) return undefined;
        result[entry.key.text] = value;
      }
      return result;
    }
    case "error":
      return undefined;
  }
}
