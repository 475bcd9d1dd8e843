/**
 * A configuration file checked against CONFIG_SCHEMA (config/schema.ts), with
 * every problem said in the file's own terms: the dotted key, what it must
 * be, and for an unknown key or value the nearest known one (the linter's
 * did-you-mean). A secret's value is never quoted back.
 */
import { didYouMean } from "@hdlp/parser";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { CONFIG_SCHEMA, type Schema } from "./schema.ts";

const validate = new Ajv2020({ allErrors: true, verbose: true, strict: true, useDefaults: true }).compile(CONFIG_SCHEMA);

/**
 * Every problem of the configuration's layout, one sentence each; empty when
 * it fits. Fills the schema's defaults into `data`, in place.
 */
export function checkLayout(data: unknown): string[] {
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  return [...new Set(errors.filter((e) => !("propertyName" in e)).map(explain))];
}

/** `/gatekeepers/BS-SG-001/url` → `gatekeepers.BS-SG-001.url`. */
export function dottedKey(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}

function explain(error: ErrorObject): string {
  const key = dottedKey(error.instancePath);
  const at = (text: string) => (key ? `${key}: ${text}` : text);
  const parent = (error.parentSchema ?? {}) as Schema;
  const title = typeof parent["title"] === "string" ? parent["title"] : undefined;
  // `writeOnly` marks a secret (a token): its value is never quoted back, whatever is wrong with it.
  const shown = parent["writeOnly"] === true ? "the value given" : describeValue(error.data);
  switch (error.keyword) {
    case "additionalProperties": {
      const unknown = (error.params as { additionalProperty: string }).additionalProperty;
      const known = Object.keys((parent["properties"] ?? {}) as Schema);
      const near = didYouMean(unknown, known);
      const hint = near ? `; did you mean "${near}"?` : known.length ? ` (known: ${known.join(", ")})` : "";
      return at(`unknown key "${unknown}"${hint}`);
    }
    case "propertyNames": {
      const name = (error.params as { propertyName: string }).propertyName;
      const rule = (parent["propertyNames"] ?? {}) as Schema;
      return at(`the key "${name}" is not ${String(rule["title"] ?? "allowed here")}`);
    }
    case "enum": {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
      const near = typeof error.data === "string" ? didYouMean(error.data, allowed.map(String)) : undefined;
      return at(`must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}, not ${shown}${near ? `; did you mean "${near}"?` : ""}`);
    }
    case "type":
      return at(`must be ${article((error.params as { type: string }).type)}, not ${shown}`);
    case "minimum":
      return at(`must be at least ${(error.params as { limit: number }).limit}, not ${shown}`);
    case "minLength":
      return at(`must be ${title ?? `at least ${(error.params as { limit: number }).limit} characters long`} (it has ${String(error.data).length})`);
    case "pattern":
      return at(`must be ${title ?? `text matching ${(error.params as { pattern: string }).pattern}`}, not ${shown}`);
    case "minProperties":
    case "maxProperties":
      return at(`must be ${title ?? error.message}`);
    default:
      return at(error.message ?? error.keyword);
  }
}

function article(type: string): string {
  return { object: "an object", array: "a list", integer: "a whole number", string: "a string", boolean: "true or false", number: "a number" }[type] ?? type;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
