/**
 * Checks a request against Forgejo's published OpenAPI document (the parts
 * hdlp sends, vendored in forgejo-openapi.json; NOTICE.md names the source
 * and licence), so that a wrong path, verb, query or body fails a test
 * instead of being answered by a fake that happens to accept it. A real
 * Forgejo ignores a body member it does not know (Go's JSON decoding): here it
 * is a problem, since the value it carried would be silently lost.
 */
import { readFileSync } from "node:fs";

interface Schema {
  readonly type?: string;
  readonly $ref?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
}

interface Parameter {
  readonly in: "path" | "query" | "body" | "header" | "formData";
  readonly name: string;
  readonly type?: string;
  readonly required?: boolean;
  readonly enum?: readonly string[];
  readonly items?: Schema;
  readonly collectionFormat?: string;
  readonly schema?: Schema;
}

interface Operation {
  readonly operationId: string;
  readonly parameters: readonly Parameter[];
}

export interface OpenApiDocument {
  readonly basePath: string;
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly definitions: Readonly<Record<string, Schema>>;
}

export const FORGEJO_OPENAPI: OpenApiDocument = JSON.parse(readFileSync(new URL("forgejo-openapi.json", import.meta.url), "utf8"));

/** Forgejo routes `{filepath}` as a wildcard (`*`): it takes the rest of the path, slashes included. */
const WILDCARD_PARAMS: ReadonlySet<string> = new Set(["filepath"]);

export interface MatchedOperation {
  readonly operationId: string;
  /** Path params, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

/** The problems of a request (none: it fits the document), and the operation it is. */
export function checkRequest(
  doc: OpenApiDocument,
  method: string,
  url: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string,
): { problems: string[]; operation?: MatchedOperation } {
  const parsed = new URL(url, "http://forgejo");
  if (!parsed.pathname.startsWith(`${doc.basePath}/`)) return { problems: [`${parsed.pathname} is not under ${doc.basePath}`] };
  const segments = parsed.pathname.slice(doc.basePath.length + 1).split("/");
  const matches = Object.keys(doc.paths)
    .map((template) => ({ template, params: matchPath(template, segments) }))
    .filter((m): m is { template: string; params: Record<string, string> } => m.params !== undefined)
    .sort((a, b) => staticCount(b.template) - staticCount(a.template));
  const match = matches[0];
  if (!match) return { problems: [`no operation of the document has the path ${parsed.pathname}`] };
  const operation = doc.paths[match.template]![method.toLowerCase()];
  if (!operation) return { problems: [`${match.template} has no ${method} (it has ${Object.keys(doc.paths[match.template]!).join(", ").toUpperCase()})`] };

  const problems: string[] = [];
  const where = `${method} ${match.template}`;
  for (const param of operation.parameters.filter((p) => p.in === "path")) {
    const value = match.params[param.name];
    if (value === undefined || value === "") problems.push(`${where}: path param ${param.name} is empty`);
    else problems.push(...checkScalar(value, param, `${where}: path param ${param.name}`));
  }
  problems.push(...checkQuery(operation, parsed.searchParams, where));
  problems.push(...checkBody(doc, operation, body, headers, where));
  return { problems, operation: { operationId: operation.operationId, params: match.params } };
}

function staticCount(template: string): number {
  return template.split("/").filter((s) => !s.startsWith("{")).length;
}

function matchPath(template: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = template.slice(1).split("/");
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name && WILDCARD_PARAMS.has(name) && i === parts.length - 1) {
      if (segments.length <= i) return undefined;
      params[name] = segments.slice(i).map(decodeURIComponent).join("/");
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (name) params[name] = decodeURIComponent(segment);
    else if (segment !== part) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

function checkQuery(operation: Operation, query: URLSearchParams, where: string): string[] {
  const problems: string[] = [];
  const declared = new Map(operation.parameters.filter((p) => p.in === "query").map((p) => [p.name, p]));
  for (const key of new Set(query.keys())) {
    const param = declared.get(key);
    const values = query.getAll(key);
    if (!param) {
      problems.push(`${where}: the query param ${key} is not in the document (it knows ${[...declared.keys()].join(", ") || "none"})`);
      continue;
    }
    const repeatable = param.type === "array" && param.collectionFormat === "multi";
    if (values.length > 1 && !repeatable) problems.push(`${where}: the query param ${key} is given ${values.length} times; the document reads it once`);
    for (const value of values) {
      if (param.type === "array") {
        const items = param.collectionFormat === "multi" ? [value] : value.split(",");
        for (const item of items)
          problems.push(...checkScalar(item, { ...param, ...(param.items as Pick<Parameter, "type" | "enum">) }, `${where}: query ${key}`));
      } else problems.push(...checkScalar(value, param, `${where}: query ${key}`));
    }
  }
  return problems;
}

/** A path or query value (text on the wire) against its declared type and enum. */
function checkScalar(value: string, param: Pick<Parameter, "type" | "enum">, where: string): string[] {
  if (param.type === "integer" && !/^-?\d+$/.test(value)) return [`${where} must be an integer, not ${JSON.stringify(value)}`];
  if (param.type === "boolean" && value !== "true" && value !== "false") return [`${where} must be true or false, not ${JSON.stringify(value)}`];
  if (param.enum && !param.enum.includes(value)) return [`${where} must be one of ${param.enum.join(", ")}, not ${JSON.stringify(value)}`];
  return [];
}

function checkBody(
  doc: OpenApiDocument,
  operation: Operation,
  body: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  where: string,
): string[] {
  const param = operation.parameters.find((p) => p.in === "body");
  if (!param) return body === "" ? [] : [`${where} takes no body, and one was sent: ${body}`];
  if (body === "") return param.required ? [`${where} needs a body (${param.schema?.$ref ?? "JSON"})`] : [];
  const type = headers["content-type"];
  if (typeof type !== "string" || !type.startsWith("application/json")) return [`${where}: the body is sent as ${String(type)}, not application/json`];
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return [`${where}: the body is not JSON: ${body}`];
  }
  return checkValue(doc, data, param.schema ?? {}, `${where} body`);
}

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  return schema.$ref ? doc.definitions[schema.$ref.replace("#/definitions/", "")]! : schema;
}

function checkValue(doc: OpenApiDocument, value: unknown, declared: Schema, where: string): string[] {
  const schema = resolve(doc, declared);
  if (schema.enum && !schema.enum.includes(value)) return [`${where} must be one of ${schema.enum.join(", ")}, not ${JSON.stringify(value)}`];
  const type = schema.type ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case undefined:
      return [];
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return [`${where} must be an object, not ${JSON.stringify(value)}`];
      const problems: string[] = [];
      const properties = schema.properties ?? {};
      for (const name of schema.required ?? []) if (!(name in value)) problems.push(`${where} lacks the required ${name}`);
      for (const [name, member] of Object.entries(value)) {
        const property = properties[name];
        if (!property) problems.push(`${where} has ${name}, which the document does not declare (it knows ${Object.keys(properties).join(", ")})`);
        else problems.push(...checkValue(doc, member, property, `${where}.${name}`));
      }
      return problems;
    }
    case "array":
      if (!Array.isArray(value)) return [`${where} must be an array, not ${JSON.stringify(value)}`];
      return value.flatMap((item, i) => checkValue(doc, item, schema.items ?? {}, `${where}[${i}]`));
    case "integer":
      return Number.isInteger(value) ? [] : [`${where} must be an integer, not ${JSON.stringify(value)}`];
    case "string":
    case "boolean":
    case "number":
      return typeof value === type ? [] : [`${where} must be a ${type}, not ${JSON.stringify(value)}`];
    default:
      return [`${where}: the document's type ${type} is not one this check knows`];
  }
}
