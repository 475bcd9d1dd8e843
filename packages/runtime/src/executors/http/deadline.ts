/**
 * One timeout for a whole executor call, however many requests it makes
 * (git-forgejo's file.update reads the sha, then writes): the tool's
 * timeout_ms from the first byte sent to the last byte read. The caller's
 * signal (a cancelled call) aborts it too.
 */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private expired = false;
  private readonly detach: () => void;

  constructor(
    readonly timeoutMs: number,
    outer?: AbortSignal,
  ) {
    this.signal = this.controller.signal;
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, timeoutMs);
    const cancel = () => this.controller.abort();
    if (outer?.aborted) cancel();
    outer?.addEventListener("abort", cancel, { once: true });
    this.detach = () => outer?.removeEventListener("abort", cancel);
  }

  /** True once the timeout (not the caller) stopped the call. */
  get timedOut(): boolean {
    return this.expired;
  }

  /** The error to report when the deadline (or the caller) stopped `what`; undefined if it did not. */
  abortedError(what: string, bytesReceived: number): string | undefined {
    if (!this.signal.aborted) return undefined;
    const during = bytesReceived > 0 ? ` while reading the answer (${bytesReceived} bytes received)` : "";
    if (this.expired) return `${what} timed out after ${this.timeoutMs} ms${during}; it is not retried (the server may still be running it)`;
    return `${what} was cancelled${during}`;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.detach();
  }
}

/** Runs `call` under a fresh deadline and always clears its timer. */
export async function withDeadline<T>(timeoutMs: number, signal: AbortSignal | undefined, call: (deadline: Deadline) => Promise<T>): Promise<T> {
  const deadline = new Deadline(timeoutMs, signal);
  try {
    return await call(deadline);
  } finally {
    deadline.dispose();
  }
}
