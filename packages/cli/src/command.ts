/**
 * What every `hdlp` subcommand is: a name, a one-line summary for `hdlp --help`,
 * its own help text, and `run`, which returns the process's exit code.
 */
export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Shown by `hdlp <name> --help`: usage line, options, exit codes, examples. */
  readonly help: string;
  run(args: readonly string[]): Promise<number>;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Bad usage or an unreadable path: `main` prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A source that cannot be read (a repository's server down, with no earlier index kept): exit 2, without the usage hint. */
export class UnreadableError extends UsageError {}
