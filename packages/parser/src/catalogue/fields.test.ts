import { describe, expect, it } from "vitest";
import { FIELDS, REQUIRED_FIELDS } from "./fields.ts";

describe("the field catalogue", () => {
  it("keeps the seed's ten fields in §7's order, with `command` and `endpoint` beside `executor`", () => {
    // The canonical order: the formatter, missing-field fixes, the skeleton and the JSON Schema follow it.
    expect(FIELDS.map((f) => f.name)).toEqual([
      "name",
      "display",
      "intent",
      "method",
      "executor",
      "command",
      "endpoint",
      "params_schema",
      "constraints",
      "author",
      "created",
      "why",
    ]);
    expect(REQUIRED_FIELDS).toEqual(["name", "display", "intent", "method", "executor", "params_schema", "constraints", "author", "created", "why"]);
  });
});
