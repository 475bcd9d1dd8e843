/**
 * What counts as a secret in a record, and how it is masked (docs/runtime.md,
 * the audit log). A record's fields come from three places: the runtime
 * itself (tool name, method, outcome: never secret, never masked), the caller
 * (params: a value holding a secret is masked whole) and the tool (error
 * text: a secret in it is replaced where it appears).
 */
import { MASK, MIN_SECRET_LENGTH } from "../executors/http/secrets.ts";

export class SecretValues {
  private readonly all: ReadonlySet<string>;
  /** Longest first, so a secret that contains another is masked whole. */
  private readonly searchable: readonly string[];

  constructor(values: Iterable<string | undefined>) {
    const all = new Set<string>();
    for (const value of values) if (value) all.add(value);
    this.all = all;
    this.searchable = [...all].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  }

  with(values: readonly string[]): SecretValues {
    return values.length ? new SecretValues([...this.all, ...values]) : this;
  }

  /** True when `value` is a secret or holds one. */
  holds(value: string): boolean {
    return this.all.has(value) || this.searchable.some((secret) => value.includes(secret));
  }

  /** A caller's value: masked whole when it holds a secret, at any depth of arrays and objects. */
  maskValue<T>(value: T): T {
    if (typeof value === "string") return (this.holds(value) ? MASK : value) as T;
    if (Array.isArray(value)) return value.map((item) => this.maskValue(item)) as T;
    if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.maskValue(item)])) as T;
    return value;
  }

  /** A tool's or a server's text: each secret in it replaced by the mask. */
  maskText(text: string): string {
    let masked = this.all.has(text) ? MASK : text;
    for (const secret of this.searchable) if (masked.includes(secret)) masked = masked.split(secret).join(MASK);
    return masked;
  }
}
