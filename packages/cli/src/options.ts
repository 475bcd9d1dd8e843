/** Option parsing shared by the commands: node's parseArgs, with its errors turned into usage errors. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./command.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

export function parseOptions<T extends Options>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs explains itself well ("Unknown option '--x'"); keep its words, drop its advice about `--`.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, "."));
  }
}

/** `--name value` where value must be one of `allowed`. */
export function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, not \`${value}\`.`);
}

export function nonNegativeInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, 0 or more, not \`${value}\`.`);
  return Number(value);
}
