/** `hdlp schema`: the JSON Schema of TOOL.hdlp, or with --config of hdlp.config.json, for editors. */
import { toJsonSchema } from "@hdlp/parser";
import { type Command, EXIT, UsageError } from "../command.ts";
import { parseOptions } from "../options.ts";

const HELP = `Usage: hdlp schema [--config]

Print the JSON Schema (draft 2020-12) of TOOL.hdlp, generated from the field
catalogue, for editors that check YAML against a schema. It sees what a YAML
reading of the file shows; \`hdlp lint\` checks more (values typed by their
field, real calendar dates, templates naming declared params).

With --config, print the JSON Schema of hdlp.config.json, the operator's
configuration (docs/config.md): the same declaration the loader checks a
file against, so an editor completes and checks every key.

Options:
  --config          The schema of hdlp.config.json instead of TOOL.hdlp

Examples (VS Code):
  hdlp schema > .vscode/tool.schema.json
  // settings.json: "yaml.schemas": { ".vscode/tool.schema.json": "tools/*/TOOL.hdlp" }
  hdlp schema --config > hdlp.config.schema.json
  // hdlp.config.json: { "$schema": "./hdlp.config.schema.json", ... }
`;

/** The JSON Schema of TOOL.hdlp or (`config`) of hdlp.config.json, as printed and as `hdlp init` writes it. */
export async function schemaText(config: boolean): Promise<string> {
  // The runtime (and its HTTP and process machinery) is loaded only for the configuration's schema.
  const schema = config ? (await import("@hdlp/runtime")).CONFIG_SCHEMA : toJsonSchema();
  return `${JSON.stringify(schema, null, 2)}\n`;
}

export const command: Command = {
  name: "schema",
  summary: "Print the JSON Schema of TOOL.hdlp or, with --config, of hdlp.config.json",
  help: HELP,
  async run(args) {
    const { values, positionals } = parseOptions(args, { config: { type: "boolean" } });
    if (positionals.length) throw new UsageError(`takes no arguments, got \`${positionals[0]}\`.`);
    process.stdout.write(await schemaText(values.config === true));
    return EXIT.ok;
  },
};
