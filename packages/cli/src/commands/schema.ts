/** `hdlp schema`: the JSON Schema of TOOL.hdlp, for YAML editor plugins. */
import { toJsonSchema } from "@hdlp/parser";
import { type Command, EXIT, UsageError } from "../command.ts";
import { parseOptions } from "../options.ts";

const HELP = `Usage: hdlp schema

Print the JSON Schema (draft 2020-12) of TOOL.hdlp, generated from the field
catalogue, for editors that check YAML against a schema. It sees what a YAML
reading of the file shows; \`hdlp lint\` checks more (values typed by their
field, real calendar dates, templates naming declared params).

Example (VS Code with the YAML extension):
  hdlp schema > .vscode/tool.schema.json
  // settings.json: "yaml.schemas": { ".vscode/tool.schema.json": "tools/*/TOOL.hdlp" }
`;

export const command: Command = {
  name: "schema",
  summary: "Print the JSON Schema of TOOL.hdlp (for YAML editor plugins)",
  help: HELP,
  async run(args) {
    const { positionals } = parseOptions(args, {});
    if (positionals.length) throw new UsageError(`takes no arguments, got \`${positionals[0]}\`.`);
    process.stdout.write(`${JSON.stringify(toJsonSchema(), null, 2)}\n`);
    return EXIT.ok;
  },
};
