/**
 * How `hdlp mcp` ends: on stdin's end (stdio: the client is gone), SIGTERM
 * or SIGINT, every call in flight is aborted and its process group killed at
 * once, and the process exits within SHUTDOWN_DEADLINE_MS whatever is still
 * pending. (An MCP client closes the server's stdin, waits 2 s, then sends
 * SIGTERM; Node's default SIGTERM would skip the exit hooks that stop tools.)
 */
export const SHUTDOWN_DEADLINE_MS = 1800;

export type ShutdownReason = "stdin closed" | "SIGTERM" | "SIGINT";

export function stopOn(reasons: { readonly stdin: boolean }, stop: (reason: ShutdownReason) => Promise<void>, log: (line: string) => void): void {
  let stopping = false;
  const begin = (reason: ShutdownReason) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${reason})`);
    // Whatever hangs, the process is gone before the client's own deadline; the runtime's exit hook
    // SIGKILLs any tool group still there.
    setTimeout(() => process.exit(0), SHUTDOWN_DEADLINE_MS).unref();
    stop(reason)
      .catch((error: Error) => log(`while stopping: ${error.stack ?? error.message}`))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", () => begin("SIGTERM"));
  process.once("SIGINT", () => begin("SIGINT"));
  if (reasons.stdin) {
    process.stdin.once("end", () => begin("stdin closed"));
    process.stdin.once("close", () => begin("stdin closed"));
  }
}
