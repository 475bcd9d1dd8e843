import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { FIELDS } from "./fields.ts";
import { toJsonSchema } from "./json-schema.ts";

/** The seed design's §7 example, verbatim: one file serves every test. */
const SEED_EXAMPLE = readFileSync(new URL("../syntax/testdata/seed.hdlp", import.meta.url), "utf8");

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(toJsonSchema());
const check = (yaml: string) => (validate(parseYaml(yaml)) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`));

describe("toJsonSchema", () => {
  it("compiles under ajv's strict 2020-12 mode and accepts the seed's example read as YAML", () => {
    expect(check(SEED_EXAMPLE)).toEqual([]);
  });

  it("accepts typed arrays: `items` as a type name or a map, with an object's `properties` nested in it", () => {
    const typed = SEED_EXAMPLE.replace(
      'cwd: { type: string, required: false, description: "工作目录" }',
      'tags: { type: array, required: false, description: "标签", items: string }\n  hosts: { type: array, required: false, description: "主机", items: { type: object, properties: { host: { type: string, required: true, description: "名" } } } }',
    );
    expect(check(typed)).toEqual([]);
    expect(check(typed.replace("items: string", "items: strng")).join("\n")).toContain("/params_schema/tags/items");
    expect(check(typed.replace("host: { type: string, required: true,", "host: { type: string,")).join("\n")).toContain(
      "/params_schema/hosts/items/properties/host",
    );
  });

  it("names every catalogue field, and requires the required ones", () => {
    const schema = toJsonSchema() as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(FIELDS.map((f) => f.name));
    expect(schema.required).toEqual(FIELDS.filter((f) => f.required).map((f) => f.name));
  });

  it.each([
    ["a misspelt executor", SEED_EXAMPLE.replace("executor: gatekeeper", "executor: Shell"), "/executor"],
    ["a missing field", SEED_EXAMPLE.replace(/^why:.*\n/m, ""), "must have required property 'why'"],
    ["a param type outside the six", SEED_EXAMPLE.replace("type: string, required: true", "type: str, required: true"), "/params_schema/cmd/type"],
    ["a zero timeout", SEED_EXAMPLE.replace("timeout_ms: 30000", "timeout_ms: 0"), "/constraints/timeout_ms"],
    ["an unknown field", `${SEED_EXAMPLE}colour: red\n`, "must NOT have additional properties"],
    ["a name with a space", SEED_EXAMPLE.replace("name: shell-exec", "name: shell exec"), "/name"],
    ["a shell method other than exec", SEED_EXAMPLE.replace("executor: gatekeeper", "executor: shell").replace("method: exec", "method: run"), "/method"],
    [
      "an unknown git-forgejo method",
      SEED_EXAMPLE.replace("executor: gatekeeper", "executor: git-forgejo").replace("method: exec", "method: repo.delete"),
      "/method",
    ],
  ])("rejects %s", (_, yaml, expected) => {
    expect(check(yaml).join("\n")).toContain(expected);
  });
});
