/**
 * A DryRun as a person reads it: what `hdlp call --dry-run` prints and what a
 * confirmation prompt shows. A process is written as the command line a POSIX
 * shell would split back into exactly that argv; a request as its method, URL,
 * headers (secrets already masked by the executor) and body.
 */
import type { DryRun, SandboxView } from "../executors/executor.ts";
import { shellCommandLine, shellQuote } from "../executors/common/shell-quote.ts";

export function formatDryRun(dryRun: DryRun): string {
  if (dryRun.kind === "process") {
    const line = shellCommandLine(dryRun.argv);
    const command = dryRun.cwd === undefined ? `${line}\n` : `cd ${shellQuote(dryRun.cwd)} && ${line}\n`;
    return dryRun.sandbox ? `${command}${sandboxLine(dryRun.sandbox)}\n` : command;
  }
  const lines = [`${dryRun.method} ${dryRun.url}`, ...Object.entries(dryRun.headers).map(([name, value]) => `${name}: ${value}`)];
  if (dryRun.body !== undefined) lines.push("", dryRun.body);
  if (dryRun.note) lines.push("", `# ${dryRun.note}`);
  return `${lines.join("\n")}\n`;
}

/** One comment line saying where the process runs: which sandbox, what it may read and write, or why none. */
function sandboxLine(sandbox: SandboxView): string {
  if (sandbox.kind === "none") return `# no sandbox: ${sandbox.why}`;
  const list = (paths: readonly string[]) => (paths.length ? paths.map(shellQuote).join(" ") : "none");
  return (
    `# sandbox: bubblewrap, network ${sandbox.network ? "on" : "off"}; reads the system's folders${sandbox.read.length ? ` and ${list(sandbox.read)}` : " only"}; ` +
    `writes ${sandbox.write.length ? `${list(sandbox.write)} and a private /tmp` : "only a private /tmp"}; hidden: ${list(sandbox.hidden)}; starts in ${shellQuote(sandbox.cwd)}`
  );
}
