/**
 * A DryRun as a person reads it: what `hdlp call --dry-run` prints and what a
 * confirmation prompt shows. A process is written as the command line a POSIX
 * shell would split back into exactly that argv; a request as its method, URL,
 * headers (secrets already masked by the executor) and body.
 */
import type { DryRun } from "../executors/executor.ts";
import { shellCommandLine, shellQuote } from "../executors/common/shell-quote.ts";

export function formatDryRun(dryRun: DryRun): string {
  if (dryRun.kind === "process") {
    const line = shellCommandLine(dryRun.argv);
    return dryRun.cwd === undefined ? `${line}\n` : `cd ${shellQuote(dryRun.cwd)} && ${line}\n`;
  }
  const lines = [`${dryRun.method} ${dryRun.url}`, ...Object.entries(dryRun.headers).map(([name, value]) => `${name}: ${value}`)];
  if (dryRun.body !== undefined) lines.push("", dryRun.body);
  if (dryRun.note) lines.push("", `# ${dryRun.note}`);
  return `${lines.join("\n")}\n`;
}
