/**
 * Secrets for tools (docs/config.md, `secrets`): the operator maps a variable
 * of one tool's environment to a variable of hdlp's own environment or to a
 * file. A TOOL.hdlp never holds one. The values are read when a call of that
 * tool starts, so a rotated file is picked up without a restart, and they are
 * handed to that call alone (`ExecutionRequest.secrets`).
 */
import { readFileSync } from "node:fs";
import { MIN_SECRET_LENGTH } from "../executors/http/secrets.ts";
import type { SecretSource, ToolSecrets } from "./policy.ts";

export type ResolvedSecrets = { readonly ok: true; readonly values: Readonly<Record<string, string>> } | { readonly ok: false; readonly error: string };

const NONE: ResolvedSecrets = { ok: true, values: {} };

/** The secrets mapped to `tool`, read now. Fails, naming the variable and its source (never a value), when one cannot be read or is too short. */
export function resolveToolSecrets(secrets: ToolSecrets | undefined, tool: string, env: NodeJS.ProcessEnv = process.env): ResolvedSecrets {
  const mapped = secrets?.[tool];
  if (!mapped) return NONE;
  const values: Record<string, string> = {};
  for (const [variable, source] of Object.entries(mapped)) {
    const read = readSecret(source, env);
    const where = `the secret ${variable} of \`${tool}\` (${describeSource(source)})`;
    if (typeof read !== "string") return { ok: false, error: `${where} cannot be read: ${read.error}` };
    if (read.length < MIN_SECRET_LENGTH) {
      return {
        ok: false,
        error: `${where} is ${read.length} characters long; a secret must be at least ${MIN_SECRET_LENGTH}, since a shorter one cannot be masked safely`,
      };
    }
    values[variable] = read;
  }
  return { ok: true, values };
}

export function describeSource(source: SecretSource): string {
  return "env" in source ? `variable ${source.env}` : `file ${source.file}`;
}

function readSecret(source: SecretSource, env: NodeJS.ProcessEnv): string | { error: string } {
  if ("env" in source) {
    const value = env[source.env];
    return value ? value : { error: `${source.env} is not set in hdlp's environment` };
  }
  let text: string;
  try {
    text = readFileSync(source.file, "utf8");
  } catch (error) {
    return { error: (error as Error).message };
  }
  // `echo pw > file` and most secret stores end the file with one newline that is not part of the value.
  const value = text.replace(/\r?\n$/, "");
  return value ? value : { error: `${source.file} is empty` };
}

/** Every file the operator's secrets are read from: what a sandbox must keep out of a tool's view. */
export function secretFiles(secrets: ToolSecrets | undefined): string[] {
  const files = new Set<string>();
  for (const mapped of Object.values(secrets ?? {})) {
    for (const source of Object.values(mapped)) if ("file" in source) files.add(source.file);
  }
  return [...files].sort();
}
