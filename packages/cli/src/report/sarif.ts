/**
 * `--format sarif`: a SARIF 2.1.0 log for code-scanning services. Regions are
 * 1-based with an exclusive end column, counted in UTF-16 code units (SARIF's
 * default), which is how our ranges count.
 */
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { RULE_DESCRIPTIONS, type RuleDescription } from "@hdlp/parser";
import { type FileReport, portablePath } from "./report.ts";

const LEVEL = { error: "error", warning: "warning", info: "note" } as const;

/** Relative paths are relative to the folder `hdlp lint` ran in (SRCROOT); absolute ones become file URLs. */
function artifactLocation(path: string) {
  return isAbsolute(path) ? { uri: pathToFileURL(path).href } : { uri: encodeURI(portablePath(path)), uriBaseId: "SRCROOT" };
}

/** `extraRules`: rules from outside the core that may have run (the matcher's intent-collision). */
export function sarifReport(files: readonly FileReport[], version: string, extraRules: readonly RuleDescription[] = []): string {
  const rules = [...RULE_DESCRIPTIONS, ...extraRules];
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "hdlp",
            version,
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.summary },
              help: { text: `Documented in ${r.docs} of the hdlp repository.`, markdown: `Documented in [${r.docs}](${r.docs}) of the hdlp repository.` },
              defaultConfiguration: { level: LEVEL[r.severity] },
            })),
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(`${process.cwd()}/`).href } },
        results: files.flatMap((file) =>
          file.diagnostics.map((d) => ({
            ruleId: d.rule,
            ruleIndex: ruleIndex.get(d.rule)!,
            level: LEVEL[d.severity],
            message: { text: d.message },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: artifactLocation(file.path),
                  region: {
                    startLine: d.range.start.line + 1,
                    startColumn: d.range.start.character + 1,
                    endLine: d.range.end.line + 1,
                    endColumn: d.range.end.character + 1,
                  },
                },
                ...(d.field !== undefined && { logicalLocations: [{ fullyQualifiedName: d.field, kind: "member" }] }),
              },
            ],
          })),
        ),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
