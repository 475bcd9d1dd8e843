/**
 * `--format stylish` (the default): each problem as `path:line:col`, its
 * severity, message and rule, then the line with a caret under the defect.
 * Colour only on a terminal (NO_COLOR turns it off, FORCE_COLOR on).
 */
import { type Diagnostic, displayWidth, isWide, LineIndex } from "@hdlp/parser";
import { type FileReport, totals } from "./report.ts";

export interface Style {
  readonly color: boolean;
}

const ANSI = { red: 31, yellow: 33, blue: 34, dim: 2, bold: 1, cyan: 36 } as const;

function painter(style: Style) {
  return (name: keyof typeof ANSI, text: string) => (style.color ? `\u001b[${ANSI[name]}m${text}\u001b[0m` : text);
}

/** Blank space as wide as `text` on screen (tabs stay tabs, so the caret lines up). */
function pad(text: string): string {
  let out = "";
  for (const char of text) out += char === "\t" ? "\t" : isWide(char.codePointAt(0)!) ? "  " : " ";
  return out;
}

/** Line `line` of the text, without its line break (LF, CRLF or CR). */
function lineOf(lines: LineIndex, line: number): string {
  return line < lines.lineCount ? lines.text.slice(lines.lineStarts[line], lines.lineEnd(line)) : "";
}

function frame(d: Diagnostic, lines: LineIndex, paint: ReturnType<typeof painter>): string {
  const { start, end } = d.range;
  const source = lineOf(lines, start.line);
  const number = String(start.line + 1);
  const gutter = " ".repeat(number.length);
  const before = source.slice(0, start.character);
  const underlined = source.slice(start.character, end.line === start.line ? end.character : source.length);
  const carets = "^".repeat(Math.max(1, displayWidth(underlined)));
  const color = d.severity === "error" ? "red" : d.severity === "warning" ? "yellow" : "blue";
  return `  ${paint("dim", `${number} |`)} ${source}\n  ${paint("dim", `${gutter} |`)} ${pad(before)}${paint(color, carets)}`;
}

export function stylishReport(files: readonly FileReport[], style: Style): string {
  const paint = painter(style);
  const out: string[] = [];
  for (const file of files) {
    if (file.diagnostics.length === 0) continue;
    const lines = new LineIndex(file.text);
    for (const d of file.diagnostics) {
      const where = `${file.path}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
      const severity = d.severity === "error" ? paint("red", "error") : d.severity === "warning" ? paint("yellow", "warning") : paint("blue", "info");
      out.push(`${paint("bold", where)}: ${severity}: ${d.message} ${paint("dim", `[${d.rule}]`)}\n${frame(d, lines, paint)}\n`);
    }
  }
  const { errors, warnings, infos, fixable } = totals(files);
  const problems = errors + warnings + infos;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (problems === 0) {
    out.push(`${count(files.length, "file")} checked, no problems.\n`);
  } else {
    const withProblems = files.filter((f) => f.diagnostics.length > 0).length;
    const parts = [count(errors, "error"), count(warnings, "warning"), ...(infos ? [`${infos} info`] : [])].join(", ");
    const summary = `${count(problems, "problem")} (${parts}) in ${count(withProblems, "file")} of ${files.length} checked.`;
    out.push(`${paint(errors ? "red" : "yellow", summary)}\n`);
    if (fixable) out.push(`${count(fixable, "problem")} can be fixed with \`hdlp lint --fix\`.\n`);
  }
  return out.join("");
}
