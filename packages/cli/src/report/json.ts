/** `--format json`: one object, the shape issue 2 fixes (0-based lines and characters, as LSP counts). */
import { type FileReport, totals, portablePath } from "./report.ts";

export function jsonReport(files: readonly FileReport[]): string {
  const { errors, warnings } = totals(files);
  const report = {
    files: files.map((file) => ({
      path: portablePath(file.path),
      diagnostics: file.diagnostics.map((d) => ({
        rule: d.rule,
        severity: d.severity,
        message: d.message,
        ...(d.field !== undefined && { field: d.field }),
        range: {
          start: { line: d.range.start.line, character: d.range.start.character },
          end: { line: d.range.end.line, character: d.range.end.character },
        },
      })),
    })),
    errorCount: errors,
    warningCount: warnings,
  };
  return `${JSON.stringify(report)}\n`;
}
