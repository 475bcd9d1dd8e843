/**
 * `--format github`: GitHub Actions workflow commands, one per diagnostic, so
 * each problem shows as an annotation on the pull request's diff. Lines and
 * columns are 1-based; `endColumn` is the last character of the range.
 */
import { type FileReport, portablePath } from "./report.ts";

const COMMAND = { error: "error", warning: "warning", info: "notice" } as const;

/** Escaping as the runner's toolkit does it: data escapes %, CR, LF; properties also `:` and `,`. */
const escapeData = (s: string) => s.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const escapeProperty = (s: string) => escapeData(s).replaceAll(":", "%3A").replaceAll(",", "%2C");

export function githubReport(files: readonly FileReport[]): string {
  const lines: string[] = [];
  for (const file of files) {
    for (const d of file.diagnostics) {
      const { start, end } = d.range;
      const properties = [
        `file=${escapeProperty(portablePath(file.path))}`,
        `line=${start.line + 1}`,
        `col=${start.character + 1}`,
        `endLine=${end.line + 1}`,
        `endColumn=${Math.max(end.character, start.line === end.line ? start.character + 1 : 1)}`,
        `title=${escapeProperty(d.rule)}`,
      ];
      lines.push(`::${COMMAND[d.severity]} ${properties.join(",")}::${escapeData(d.message)}`);
    }
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}
