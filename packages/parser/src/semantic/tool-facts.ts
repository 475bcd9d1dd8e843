/**
 * What every rule needs to know about one document, worked out once: the
 * top-level fields, the params, the constraints, the executor, the parsed
 * templates. Rules read these instead of walking the tree each on its own.
 */
import { isExecutorName, type ExecutorName } from "../catalogue/executors.ts";
import { type ConstraintKeyName, type FieldName, PARAM_TYPES, type ParamKeyName, type ParamType } from "../catalogue/fields.ts";
import { isBlank, readBoolean, readString, scalarOf } from "./values.ts";
import type { ValueSpecKind } from "../catalogue/value-keys.ts";
import type { Entry, MapNode, Position, Range, Scalar, Value } from "../syntax/ast.ts";
import { type CommandParse, parseCommandTemplate } from "../templates/command.ts";
import { type EndpointParse, parseEndpointTemplate } from "../templates/endpoint.ts";
import { type Locate, locateFrom, locateInSource } from "../templates/locate.ts";
import type { DocumentSource } from "./document-source.ts";

export interface LintOptions {
  /** The file's path, when known: missing-`name` fixes use its folder name. */
  readonly path?: string;
  /** Today as YYYY-MM-DD, for the `created` a fix inserts (tests pin it). */
  readonly today?: string;
}

/**
 * The first entry of each key of a map. Lookups take a name the catalogue
 * declares, so a misspelt one fails the type check; iterating gives every
 * key as written, unknown ones included.
 */
export interface EntriesByName<Name extends string> extends Iterable<[string, Entry]> {
  get(name: Name): Entry | undefined;
  has(name: Name): boolean;
  keys(): IterableIterator<string>;
}

/**
 * A param, or a map nested in one that describes a value the same way: the
 * `items` of an array (kind `items`) or a field in an object's `properties`
 * (kind `param`, written as a param is). The param rules visit all of them.
 */
export interface ParamFacts {
  /** The param's (or field's) name; `items` for an array's items. */
  readonly name: string;
  readonly kind: ValueSpecKind;
  /** Its field path: `params_schema.hosts`, `params_schema.hosts.items.properties.port`. */
  readonly path: string;
  /** How messages name it: "The param `cmd`", "`params_schema.hosts.items`". */
  readonly label: string;
  readonly entry: Entry;
  /** The param's `{ type, required, description }`, when it is a map. */
  readonly map?: MapNode;
  /** First occurrence of each key in the param's map. */
  readonly keys: EntriesByName<ParamKeyName>;
  /** The value that states the type: the `type` key's, or the items written as a bare type name (`items: string`). */
  readonly typeValue?: Value | null;
  /** When the type is one of the six. */
  readonly type?: ParamType;
  /** When `required` is a boolean. */
  readonly required?: boolean;
  /** What an array holds, when `items` is a map or a type name. */
  readonly items?: ParamFacts;
  /** An object's fields, when `properties` is a map (first occurrence of each name). */
  readonly properties?: readonly ParamFacts[];
}

export interface TemplateFacts<T> {
  readonly entry: Entry;
  readonly scalar: Scalar;
  readonly parse: T;
  /** Problem and placeholder ranges point into the text only when the scalar maps one to one. */
  readonly exact: boolean;
}

export interface ToolFacts {
  readonly source: DocumentSource;
  readonly options: LintOptions;
  /** The top-level map (empty for a file without a `key: value` line). */
  readonly root: MapNode;
  /** First occurrence of each top-level key. */
  readonly fields: EntriesByName<FieldName>;
  /** When `executor` is exactly one of the four. */
  readonly executor?: ExecutorName;
  /** `params_schema` entries, first occurrence of each name, in order. */
  readonly params: readonly ParamFacts[];
  /** The params and, after each, the maps nested in it (`items`, `properties`), depth first: what the param rules visit. */
  readonly valueSpecs: readonly ParamFacts[];
  readonly paramsByName: ReadonlyMap<string, ParamFacts>;
  /** The `constraints` map, when it is one. */
  readonly constraints?: MapNode;
  /** First occurrence of each key in `constraints`. */
  readonly constraintEntries: EntriesByName<ConstraintKeyName>;
  /** `require_confirm` when it is a boolean (absent: the catalogue's default applies). */
  readonly requireConfirm?: boolean;
  readonly command?: TemplateFacts<CommandParse>;
  readonly endpoint?: TemplateFacts<EndpointParse>;
}

export function firstByKey(map: MapNode | undefined): Map<string, Entry> {
  const byKey = new Map<string, Entry>();
  if (!map) return byKey;
  for (const entry of map.entries) if (!byKey.has(entry.key.text)) byKey.set(entry.key.text, entry);
  return byKey;
}

export function mapOf(value: Value | null | undefined): MapNode | undefined {
  return value?.kind === "map" ? value : undefined;
}

const PARAM_TYPE_NAMES: ReadonlySet<string> = new Set(PARAM_TYPES);

const NO_KEYS: ReadonlyMap<string, Entry> = new Map();

// Facts are built for every file: objects of one fixed shape (absent facts are
// `undefined`, not left out by conditional spreads) keep the rules' property reads monomorphic.
function paramFacts(entry: Entry, kind: ValueSpecKind, path: string, label: string): ParamFacts {
  const map = mapOf(entry.value);
  // `items: string` is the items' type, written alone.
  const bareType = kind === "items" && scalarOf(entry.value) !== undefined;
  const keys = bareType ? NO_KEYS : firstByKey(map);
  const typeValue = bareType ? entry.value : keys.get("type")?.value;
  const typeText = readString(typeValue);
  const type = typeText !== undefined && PARAM_TYPE_NAMES.has(typeText) ? (typeText as ParamType) : undefined;
  const itemsEntry = keys.get("items");
  const items =
    itemsEntry && (mapOf(itemsEntry.value) || scalarOf(itemsEntry.value)) ? paramFacts(itemsEntry, "items", `${path}.items`, `\`${path}.items\``) : undefined;
  const propertiesMap = mapOf(keys.get("properties")?.value);
  const properties = propertiesMap ? nestedFields(propertiesMap, `${path}.properties`) : undefined;
  return { name: entry.key.text, kind, path, label, entry, map, keys, typeValue, type, required: readBoolean(keys.get("required")?.value), items, properties };
}

function nestedFields(map: MapNode, path: string): ParamFacts[] {
  return [...firstByKey(map).values()].map((entry) => paramFacts(entry, "param", `${path}.${entry.key.text}`, `The field \`${path}.${entry.key.text}\``));
}

/** The param and every map nested in it, depth first. */
function withNested(param: ParamFacts, into: ParamFacts[]): void {
  into.push(param);
  if (param.items) withNested(param.items, into);
  for (const field of param.properties ?? []) withNested(field, into);
}

/**
 * Where a template's characters are in the file: one to one for a one-line
 * plain scalar, or a quoted one without escapes; otherwise the whole scalar.
 */
function templateLocation(scalar: Scalar): { locate: Locate; exact: boolean } {
  const oneLine = scalar.range.start.line === scalar.range.end.line;
  if (oneLine && scalar.style === "plain" && scalar.raw === scalar.value) return { locate: locateFrom(scalar.range.start), exact: true };
  if (oneLine && (scalar.style === "single" || scalar.style === "double") && scalar.raw.slice(1, -1) === scalar.value) {
    const start: Position = { offset: scalar.range.start.offset + 1, line: scalar.range.start.line, character: scalar.range.start.character + 1 };
    return { locate: locateFrom(start), exact: true };
  }
  return { locate: locateInSource, exact: false };
}

function template<T>(entry: Entry | undefined, parse: (source: string, locate: Locate) => T): TemplateFacts<T> | undefined {
  const scalar = scalarOf(entry?.value);
  if (!entry || !scalar || isBlank(scalar)) return undefined; // blank: empty-field, and no template to read
  const { locate, exact } = templateLocation(scalar);
  return { entry, scalar, parse: parse(scalar.value, locate), exact };
}

/** The range to underline for something a template parser located. */
export function templateRange(template: TemplateFacts<unknown>, range: Range): Range {
  return template.exact ? range : template.scalar.range;
}

export function collectFacts(source: DocumentSource, options: LintOptions = {}): ToolFacts {
  const root = source.root;
  const fields = firstByKey(root);
  const executorText = readString(fields.get("executor")?.value);
  // First occurrence of each param, in order (a Map, not findIndex: a 10,000-param file stays linear).
  const paramsByName = new Map<string, ParamFacts>();
  const params: ParamFacts[] = [];
  for (const entry of mapOf(fields.get("params_schema")?.value)?.entries ?? []) {
    if (paramsByName.has(entry.key.text)) continue;
    const param = paramFacts(entry, "param", `params_schema.${entry.key.text}`, `The param \`${entry.key.text}\``);
    params.push(param);
    paramsByName.set(param.name, param);
  }
  let valueSpecs: ParamFacts[] = params;
  if (params.some((param) => param.items || param.properties)) {
    valueSpecs = [];
    for (const param of params) withNested(param, valueSpecs);
  }
  const constraints = mapOf(fields.get("constraints")?.value);
  const constraintEntries = firstByKey(constraints);
  return {
    source,
    options,
    root,
    fields,
    executor: executorText !== undefined && isExecutorName(executorText) ? executorText : undefined,
    params,
    valueSpecs,
    paramsByName,
    constraints,
    constraintEntries,
    requireConfirm: readBoolean(constraintEntries.get("require_confirm")?.value),
    command: template(fields.get("command"), parseCommandTemplate),
    endpoint: template(fields.get("endpoint"), parseEndpointTemplate),
  };
}
