/**
 * `hdlp export --format mcp|openai|openai-responses|anthropic`: the registered
 * tools as an agent API's tool definitions, for agents that load them
 * themselves (docs/mcp.md).
 */
import { EXPORT_FORMATS, exportTools, toolFilter, visibleTools } from "@hdlp/mcp";
import { type Command, EXIT, UsageError } from "../command.ts";
import { oneOf, parseOptions } from "../options.ts";
import { REGISTRY_HELP, REGISTRY_OPTIONS, scanFromOptions } from "./registry-options.ts";

export const command: Command = {
  name: "export",
  summary: "Print the tools as MCP, OpenAI or Anthropic tool definitions",
  help: `Usage: hdlp export --format mcp|openai|openai-responses|anthropic [--tools GLOB]...

Prints {"tools": [...]} as JSON: every registered tool in that API's
tool-definition shape, its params as the input schema (JSON Schema, from the
field catalogue, exactly what the runtime validates).

Formats:
  mcp               MCP tools/list entries: name, title, description, inputSchema,
                    outputSchema (the result envelope), annotations
  openai            OpenAI Chat Completions: {type: "function", function: {name, description, parameters}}
  openai-responses  OpenAI Responses API: {type: "function", name, description, parameters, strict: false}
  anthropic         Anthropic Messages API: {name, description, input_schema}

A tool name the API would reject (a \`.\`, more than 64 characters for OpenAI
and Anthropic) is mapped; the mapping is printed to stderr, API name → tool.

Options:
  --format FORMAT   One of the formats above (required)
  --tools GLOB      Only the tools matching GLOB (* and ?); repeat for more
${REGISTRY_HELP}

Example:
  hdlp export --format anthropic > tools.json
`,
  async run(args) {
    const { values, positionals } = parseOptions(args, { ...REGISTRY_OPTIONS, format: { type: "string" }, tools: { type: "string", multiple: true } });
    if (positionals.length) throw new UsageError(`takes no arguments, got \`${positionals[0]}\`.`);
    if (values.format === undefined) throw new UsageError(`name the format: --format ${EXPORT_FORMATS.join("|")}.`);
    const format = oneOf("format", values.format, EXPORT_FORMATS, "mcp");
    const { index } = await scanFromOptions(values);
    const visible = visibleTools(index, toolFilter(values.tools ? { narrow: values.tools } : {}));
    const exported = exportTools(
      visible.tools.map((tool) => tool.model),
      format,
    );
    process.stdout.write(`${JSON.stringify(exported.body, null, 2)}\n`);
    if (exported.renamed.size > 0) {
      process.stderr.write(`hdlp export: renamed for ${format} (API name → tool):\n`);
      for (const [apiName, name] of exported.renamed) process.stderr.write(`  ${apiName} → ${name}\n`);
    }
    for (const param of exported.untypedArrays) {
      process.stderr.write(
        `hdlp export: warning: \`${param}\` is an array that does not say what it holds; exported with \`items: {}\` (any): declare \`items\` in its TOOL.hdlp\n`,
      );
    }
    for (const tool of index.invalid) process.stderr.write(`hdlp export: not exported: ${tool.path} (invalid; \`hdlp lint\` says why)\n`);
    return EXIT.ok;
  },
};
