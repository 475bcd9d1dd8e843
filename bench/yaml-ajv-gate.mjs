// What a team would write instead of `hdlp lint`: read every tools/<name>/TOOL.hdlp
// as YAML and check it against the JSON Schema that `hdlp schema` prints.
// Used by lint.bench.ts as the baseline: node bench/yaml-ajv-gate.mjs <schema.json> <tools folder>
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse } from "yaml";

const [schemaPath, root] = process.argv.slice(2);
const validate = new Ajv2020({ allErrors: true }).compile(JSON.parse(readFileSync(schemaPath, "utf8")));

let problems = 0;
for (const entry of readdirSync(root, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const file = join(root, entry.name, "TOOL.hdlp");
  let data;
  try {
    data = parse(readFileSync(file, "utf8"));
  } catch (error) {
    console.log(`${file}: ${error.message}`);
    problems++;
    continue;
  }
  if (!validate(data)) {
    for (const error of validate.errors) console.log(`${file}: ${error.instancePath || "/"} ${error.message}`);
    problems += validate.errors.length;
  }
}
console.log(`${problems} problems`);
process.exitCode = problems > 0 ? 1 : 0;
