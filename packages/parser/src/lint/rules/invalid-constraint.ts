import { CONSTRAINT_KEYS, type KeySpec } from "../../catalogue/fields.ts";
import { isBlank, readBoolean, readInteger, scalarOf } from "../../semantic/values.ts";
import type { Value } from "../../syntax/ast.ts";
import { replace } from "../edits.ts";
import type { Rule } from "../rule.ts";
import { describeKind } from "../walk.ts";
import { intendedBoolean } from "./param-required.ts";

const EXPECTED: Partial<Record<KeySpec["type"], string>> = {
  "positive-integer": "a whole number above 0",
  "non-negative-integer": "a whole number, 0 or more",
  boolean: "`true` or `false`",
};

/** Whether the value is what the catalogue's key type asks for. */
function fits(type: KeySpec["type"], value: Value | null): boolean {
  if (type === "boolean") return readBoolean(value) !== undefined;
  const n = readInteger(value);
  if (type === "positive-integer") return n !== undefined && n > 0;
  if (type === "non-negative-integer") return n !== undefined && n >= 0;
  return true;
}

/** The value the author plainly meant (`"30000"`, `yes`), when there is one. */
function intended(type: KeySpec["type"], value: Value | null): string | undefined {
  const text = scalarOf(value)?.value;
  if (text === undefined) return undefined;
  if (type === "boolean") {
    const meant = intendedBoolean(text);
    return meant === undefined ? undefined : String(meant);
  }
  const digits = text.trim().replace(/[_,]/g, "");
  return /^\d+$/.test(digits) && fits(type, { kind: "scalar", style: "plain", raw: digits, value: digits, range: value!.range }) ? digits : undefined;
}

export const invalidConstraint: Rule = {
  id: "invalid-constraint",
  severity: "error",
  summary: "`timeout_ms` is not a positive integer, `max_output_bytes` not a non-negative integer, or `require_confirm` not a boolean.",
  check(tool, report) {
    const present = tool.constraintEntries;
    for (const key of CONSTRAINT_KEYS) {
      const entry = present.get(key.name);
      if (!entry || isBlank(entry.value) || entry.value?.kind === "error" || fits(key.type, entry.value)) continue; // blank: empty-field
      const meant = intended(key.type, entry.value);
      const written = scalarOf(entry.value)?.raw;
      report({
        message: `\`${key.name}\` must be ${EXPECTED[key.type]}, not ${written !== undefined ? `\`${written}\`` : describeKind(entry.value)}.`,
        field: `constraints.${key.name}`,
        range: entry.value!.range,
        ...(meant !== undefined && entry.value && { fix: { title: `Replace with \`${meant}\``, edits: [replace(entry.value.range, meant)] } }),
      });
    }
  },
};
