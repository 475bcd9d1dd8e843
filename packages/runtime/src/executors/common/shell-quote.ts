/**
 * POSIX shell quoting, wherever an argv has to become one line of text: the
 * `cmd` a gatekeeper's `exec` runs through its shell, and the command line a
 * dry run or a confirmation prompt shows. Each argument is quoted
 * so that the shell reads it back as exactly one word, whatever it holds
 * (`;`, `$(…)`, quotes, newlines, globs): inside single quotes nothing is
 * special but the closing quote, which is written as `'\''`.
 */

/**
 * Characters no POSIX shell treats specially anywhere in a word. `=` is not
 * among them: a first word `A=b` would be read as an assignment.
 */
const PLAIN_WORD = /^[A-Za-z0-9_@%+:,./-]+$/;

export function shellQuote(arg: string): string {
  if (PLAIN_WORD.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** argv → one command line that a POSIX shell splits back into the same argv. */
export function shellCommandLine(argv: readonly string[]): string {
  return argv.map(shellQuote).join(" ");
}
