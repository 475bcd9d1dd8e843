/**
 * The TextMate grammar of TOOL.hdlp (`source.hdlp`), built from the catalogue.
 *
 * The field names, executor values, param types, the keys of a param and of
 * `constraints` and the HTTP verbs of an `endpoint` are read from @hdlp/parser, so the grammar never
 * lists a name of its own; `write-contributions.ts` writes the result to
 * `syntaxes/hdlp.tmLanguage.json` and a test keeps that file up to date.
 *
 * The grammar colours what a line says, the language server's semantic tokens
 * refine it once the server runs. Every rule ends by the end of its line at the
 * latest (flow maps, strings), so a half-typed line never colours the rest of
 * the file.
 *
 * Scopes:
 *   entity.name.tag.field.hdlp            a catalogue field at the top level (`name`, `executor`)
 *   entity.name.tag.hdlp                  any other key
 *   entity.name.tag.param.hdlp            a param's name in `params_schema`
 *   entity.name.tag.param-key.hdlp        a key of a param (`type`, `required` …)
 *   entity.name.tag.constraint.hdlp       a key of `constraints`
 *   support.constant.executor.hdlp        an executor value
 *   support.type.param-type.hdlp          a param type value (`string`, `integer` …)
 *   entity.name.function.method.hdlp      the value of `method`
 *   string.unquoted.template.hdlp         the value of `command` / `endpoint`
 *   variable.parameter.placeholder.hdlp   `{param}` inside a template
 *   meta.optional-group.hdlp              `[--since {since}]` inside a template
 *   keyword.other.http-method.hdlp        the verb of an `endpoint`
 *   constant.language.boolean.hdlp, constant.numeric.{integer,float,date}.hdlp,
 *   string.quoted.{double,single}.hdlp, string.unquoted.{plain,block}.hdlp,
 *   comment.line.number-sign.hdlp, meta.flow-map.hdlp, meta.flow-list.hdlp,
 *   invalid.illegal.tab.hdlp (tabs in indentation)
 */
import { CONSTRAINT_KEYS, EXECUTOR_NAMES, FIELDS, HTTP_VERBS, PARAM_KEYS, PARAM_TYPES, type FieldType } from "@hdlp/parser";

type Rule = Record<string, unknown>;
type Captures = Record<string, { name?: string; patterns?: Rule[] }>;

/** Scalars end before ` #` (a comment) or at the end of the line in block context … */
const BLOCK_END = String.raw`(?=[ \t]+#|[ \t]*$)`;
/** … and also before `,` `]` `}` inside a flow map or list. */
const FLOW_END = String.raw`(?=[ \t]+#|[ \t]*(?:[,\]}]|$))`;

/** A key: no spaces, no colon, no flow punctuation; `-` alone starts a list item instead. */
const KEY = `${String.raw`[^\s#:,\[\]{}"'|>&*!%@`}\`${String.raw`-][^\s:,\[\]{}]*`}`;
/** The colon of `key: value`, followed by a space, the end of the line or (in a flow) its punctuation. */
const COLON = String.raw`[ \t]*(:)(?=[ \t]|$)`;
const FLOW_COLON = String.raw`[ \t]*(:)(?=[ \t,\]}]|$)`;
/** Looks ahead for that colon without capturing, to tell catalogue names from other keys. */
const COLON_AHEAD = String.raw`(?=[ \t]*:(?:[ \t]|$))`;
const FLOW_COLON_AHEAD = String.raw`(?=[ \t]*:(?:[ \t,\]}]|$))`;
/** Indentation, captured so block rules can end when a line is indented no deeper. */
const INDENT = String.raw`^([ \t]*)`;
const DEEPER_INDENT = String.raw`^([ \t]+)`;
/** Ends a block opened at indentation `\1`: the first non-blank line that is not deeper. */
const DEDENT = String.raw`^(?![ \t]*$)(?!\1[ \t]+\S)`;
/** The same for a block of entries, where a comment line, however indented, does not end it. */
const DEDENT_PAST_COMMENTS = String.raw`^(?![ \t]*(?:#|$))(?!\1[ \t]+\S)`;

const indentCapture = { patterns: [{ match: "\t", name: "invalid.illegal.tab.hdlp" }] };

function alternation(names: readonly string[]): string {
  // Longest first, so a name that begins another one never cuts the longer one short.
  return [...names]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

function fieldsOfType(...types: FieldType[]): string[] {
  return FIELDS.filter((f) => types.includes(f.type)).map((f) => f.name);
}

/** A value that is exactly one of `words` (then a comment or the end), in block or flow context. */
function wordValue(words: readonly string[], name: string, end: string): Rule {
  return { match: String.raw`(?<![^\s:\[{,])(?:${alternation(words)})${end}`, name };
}

/** Typed scalars: booleans, dates, numbers; whatever else remains is a plain string. */
function scalars(end: string, context: "block" | "flow"): Rule[] {
  const plainStart = String.raw`[^\s#,\[\]{}"']`;
  const plainBody = context === "block" ? String.raw`(?:[^#]|(?<=\S)#)*?` : String.raw`(?:[^#,\[\]{}]|(?<=\S)#)*?`;
  return [
    { match: String.raw`\b(?:true|false)${end}`, name: "constant.language.boolean.hdlp" },
    { match: String.raw`\b\d{4}-\d{2}-\d{2}${end}`, name: "constant.numeric.date.hdlp" },
    { match: String.raw`[-+]?\b\d+${end}`, name: "constant.numeric.integer.hdlp" },
    { match: String.raw`[-+]?\b\d+\.\d+(?:[eE][-+]?\d+)?${end}`, name: "constant.numeric.float.hdlp" },
    { match: plainStart + plainBody + end, name: "string.unquoted.plain.hdlp" },
  ];
}

function pairPunctuation(keyScope: string): Captures {
  return { "1": indentCapture, "2": { name: keyScope }, "3": { name: "punctuation.separator.key-value.hdlp" } };
}

/** `key: value` on one line, the value read by `valuePatterns`. */
function lineEntry(keyPattern: string, keyScope: string, valuePatterns: Rule[], indent = INDENT): Rule {
  return {
    begin: `${indent}(${keyPattern})${COLON}`,
    beginCaptures: pairPunctuation(keyScope),
    end: "$",
    name: "meta.entry.hdlp",
    patterns: valuePatterns,
  };
}

/** `key: |` or `key: >`: the lines below it, indented deeper, are text. */
function blockTextEntry(keyPattern: string, keyScope: string): Rule {
  return {
    begin: String.raw`${INDENT}(${keyPattern})${COLON}[ \t]+([|>][-+]?)(?=[ \t]*$|[ \t]+#)`,
    beginCaptures: {
      ...pairPunctuation(keyScope),
      "4": { name: "keyword.control.flow.block-scalar.hdlp" },
    },
    end: DEDENT,
    name: "meta.entry.block-text.hdlp",
    patterns: [{ include: "#comment-after-header" }, { match: String.raw`^[ \t]+\S.*$`, name: "string.unquoted.block.hdlp" }],
  };
}

/** A key whose nested lines form a context of their own (`params_schema`, `constraints`, one param). */
function blockEntry(keyPattern: string, keyScope: string, indent: string, patterns: Rule[]): Rule {
  return {
    begin: `${indent}(${keyPattern})${COLON}`,
    beginCaptures: pairPunctuation(keyScope),
    end: DEDENT_PAST_COMMENTS,
    name: "meta.entry.hdlp",
    patterns,
  };
}

/** `{ k: v, … }` on one line, its pairs read by `pairRules` (which scope the keys of their context). */
function flowMap(pairRules: Rule[]): Rule {
  return {
    begin: String.raw`\{`,
    beginCaptures: { "0": { name: "punctuation.definition.map.begin.hdlp" } },
    end: String.raw`(\})|$`,
    endCaptures: { "1": { name: "punctuation.definition.map.end.hdlp" } },
    name: "meta.flow-map.hdlp",
    patterns: [{ include: "#comment" }, ...pairRules, { match: ",", name: "punctuation.separator.map.hdlp" }, { include: "#flow-value" }],
  };
}

/** `key: value` inside a flow map; the value ends at `,` or `}`. */
function flowPair(keyPattern: string, keyScope: string, valuePatterns: Rule[]): Rule {
  return {
    begin: `(${keyPattern})${FLOW_COLON}`,
    beginCaptures: { "1": { name: keyScope }, "2": { name: "punctuation.separator.key-value.hdlp" } },
    end: String.raw`(?=[ \t]*[,\]}])|(?=[ \t]+#)|$`,
    patterns: valuePatterns,
  };
}

export function buildGrammar(): Rule {
  const fieldNames = FIELDS.map((f) => f.name);
  const paramKeyNames = PARAM_KEYS.map((k) => k.name);
  const constraintNames = CONSTRAINT_KEYS.map((k) => k.name);
  const known = (names: readonly string[]) => `(?:${alternation(names)})${COLON_AHEAD}`;
  const knownInFlow = (names: readonly string[]) => `(?:${alternation(names)})${FLOW_COLON_AHEAD}`;
  const anyKey = (names: readonly string[]) => `${known(names)}|${KEY}`;

  const executorValue = wordValue(EXECUTOR_NAMES, "support.constant.executor.hdlp", BLOCK_END);
  const paramTypeValue = wordValue(PARAM_TYPES, "support.type.param-type.hdlp", BLOCK_END);
  const paramTypeFlowValue = wordValue(PARAM_TYPES, "support.type.param-type.hdlp", FLOW_END);

  /** Inside one param: its keys, `type` with the catalogue's types. */
  const paramKeyPairs = [
    flowPair(knownInFlow(["type"]), "entity.name.tag.param-key.hdlp", [paramTypeFlowValue, { include: "#flow-value" }]),
    flowPair(knownInFlow(paramKeyNames), "entity.name.tag.param-key.hdlp", [{ include: "#flow-value" }]),
    flowPair(KEY, "entity.name.tag.hdlp", [{ include: "#flow-value" }]),
  ];
  const paramFlowMap = flowMap(paramKeyPairs);
  /** `params_schema: { cmd: { … } }`: the keys are param names, their values params. */
  const paramsFlowMap = flowMap([flowPair(KEY, "entity.name.tag.param.hdlp", [paramFlowMap, { include: "#flow-value" }])]);
  const constraintsFlowMap = flowMap([
    flowPair(knownInFlow(constraintNames), "entity.name.tag.constraint.hdlp", [{ include: "#flow-value" }]),
    flowPair(KEY, "entity.name.tag.hdlp", [{ include: "#flow-value" }]),
  ]);

  const paramKeyEntries = [
    blockTextEntry(anyKey(paramKeyNames), "entity.name.tag.param-key.hdlp"),
    lineEntry(known(["type"]), "entity.name.tag.param-key.hdlp", [paramTypeValue, { include: "#value" }], DEEPER_INDENT),
    lineEntry(known(paramKeyNames), "entity.name.tag.param-key.hdlp", [{ include: "#value" }], DEEPER_INDENT),
    { include: "#list-item" },
    lineEntry(KEY, "entity.name.tag.hdlp", [{ include: "#value" }], DEEPER_INDENT),
  ];
  const paramEntry = blockEntry(KEY, "entity.name.tag.param.hdlp", DEEPER_INDENT, [
    { include: "#comment" },
    ...paramKeyEntries,
    paramFlowMap,
    { include: "#value" },
  ]);

  const templateValue: Rule[] = [
    { include: "#comment" },
    {
      begin: String.raw`(?<=:)[ \t]*(?:\b(${alternation(HTTP_VERBS)})\b)?`,
      beginCaptures: { "1": { name: "keyword.other.http-method.hdlp" } },
      end: String.raw`(?=[ \t]+#)|$`,
      contentName: "string.unquoted.template.hdlp",
      patterns: [{ include: "#placeholder" }, { include: "#optional-group" }],
    },
  ];

  return {
    $schema: "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
    name: "HDLP",
    scopeName: "source.hdlp",
    fileTypes: ["hdlp"],
    comment: "Generated by src/contributions/write-contributions.ts from @hdlp/parser's catalogue. Do not edit.",
    patterns: [{ include: "#comment" }, { include: "#top-level" }, { include: "#list-item" }, { include: "#entry" }],
    repository: {
      "top-level": {
        patterns: [
          blockTextEntry(known(fieldNames), "entity.name.tag.field.hdlp"),
          blockEntry(known(fieldsOfType("params")), "entity.name.tag.field.hdlp", "^()", [
            { include: "#comment" },
            paramEntry,
            paramsFlowMap,
            { include: "#value" },
          ]),
          blockEntry(known(fieldsOfType("constraints")), "entity.name.tag.field.hdlp", "^()", [
            { include: "#comment" },
            lineEntry(known(constraintNames), "entity.name.tag.constraint.hdlp", [{ include: "#value" }], DEEPER_INDENT),
            lineEntry(KEY, "entity.name.tag.hdlp", [{ include: "#value" }], DEEPER_INDENT),
            constraintsFlowMap,
            { include: "#value" },
          ]),
          lineEntry(known(fieldsOfType("executor")), "entity.name.tag.field.hdlp", [executorValue, { include: "#value" }], "^()"),
          lineEntry(
            known(fieldsOfType("method")),
            "entity.name.tag.field.hdlp",
            [{ include: "#comment" }, { match: String.raw`[A-Za-z][\w.-]*${BLOCK_END}`, name: "entity.name.function.method.hdlp" }, { include: "#value" }],
            "^()",
          ),
          lineEntry(known(fieldsOfType("command", "endpoint")), "entity.name.tag.field.hdlp", templateValue, "^()"),
          lineEntry(known(fieldNames), "entity.name.tag.field.hdlp", [{ include: "#value" }], "^()"),
        ],
      },
      entry: {
        patterns: [blockTextEntry(KEY, "entity.name.tag.hdlp"), lineEntry(KEY, "entity.name.tag.hdlp", [{ include: "#value" }])],
      },
      "list-item": {
        begin: String.raw`${INDENT}(-)(?=[ \t]|$)`,
        beginCaptures: { "1": indentCapture, "2": { name: "punctuation.definition.list-item.hdlp" } },
        end: "$",
        name: "meta.list-item.hdlp",
        patterns: [{ include: "#value" }],
      },
      value: {
        patterns: [
          { include: "#comment" },
          { include: "#string-double" },
          { include: "#string-single" },
          { include: "#flow-map" },
          { include: "#flow-list" },
          ...scalars(BLOCK_END, "block"),
        ],
      },
      "flow-value": {
        patterns: [
          { include: "#string-double" },
          { include: "#string-single" },
          { include: "#flow-map" },
          { include: "#flow-list" },
          ...scalars(FLOW_END, "flow"),
        ],
      },
      "flow-map": flowMap([flowPair(KEY, "entity.name.tag.hdlp", [{ include: "#flow-value" }])]),
      "flow-list": {
        begin: String.raw`\[`,
        beginCaptures: { "0": { name: "punctuation.definition.list.begin.hdlp" } },
        end: String.raw`(\])|$`,
        endCaptures: { "1": { name: "punctuation.definition.list.end.hdlp" } },
        name: "meta.flow-list.hdlp",
        patterns: [{ include: "#comment" }, { match: ",", name: "punctuation.separator.list.hdlp" }, { include: "#flow-value" }],
      },
      "string-double": {
        begin: '"',
        beginCaptures: { "0": { name: "punctuation.definition.string.begin.hdlp" } },
        end: '(")|$',
        endCaptures: { "1": { name: "punctuation.definition.string.end.hdlp" } },
        name: "string.quoted.double.hdlp",
        patterns: [
          { match: String.raw`\\(?:["\\/bfnrt0]|u[0-9A-Fa-f]{4})`, name: "constant.character.escape.hdlp" },
          { match: String.raw`\\.?`, name: "invalid.illegal.escape.hdlp" },
        ],
      },
      "string-single": {
        begin: "'",
        beginCaptures: { "0": { name: "punctuation.definition.string.begin.hdlp" } },
        end: "('(?!'))|$",
        endCaptures: { "1": { name: "punctuation.definition.string.end.hdlp" } },
        name: "string.quoted.single.hdlp",
        patterns: [{ match: "''", name: "constant.character.escape.hdlp" }],
      },
      placeholder: {
        match: String.raw`(\{)([^{}\s\[\]]*)(\})`,
        name: "meta.placeholder.hdlp",
        captures: {
          "1": { name: "punctuation.definition.placeholder.begin.hdlp" },
          "2": { name: "variable.parameter.placeholder.hdlp" },
          "3": { name: "punctuation.definition.placeholder.end.hdlp" },
        },
      },
      "optional-group": {
        begin: String.raw`\[`,
        beginCaptures: { "0": { name: "punctuation.definition.optional-group.begin.hdlp" } },
        end: String.raw`(\])|(?=[ \t]+#)|$`,
        endCaptures: { "1": { name: "punctuation.definition.optional-group.end.hdlp" } },
        name: "meta.optional-group.hdlp",
        patterns: [{ include: "#placeholder" }],
      },
      comment: {
        match: String.raw`(?:^|(?<=[ \t]))(#).*$`,
        name: "comment.line.number-sign.hdlp",
        captures: { "1": { name: "punctuation.definition.comment.hdlp" } },
      },
      "comment-after-header": {
        match: String.raw`(?<=[ \t])(#).*$`,
        name: "comment.line.number-sign.hdlp",
        captures: { "1": { name: "punctuation.definition.comment.hdlp" } },
      },
    },
  };
}
