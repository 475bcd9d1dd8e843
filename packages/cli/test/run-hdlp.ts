/**
 * Run the real `hdlp` (the workspace's `node_modules/.bin/hdlp` shim, as a
 * user runs it) in a temp folder holding the given files.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";

export const HDLP = fileURLToPath(new URL("../../../node_modules/.bin/hdlp", import.meta.url));

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

type RunOptions = { cwd: string; env?: Record<string, string>; killAfterMs?: number; input?: string | Buffer };

/** `killAfterMs`: a run that has not ended by then is killed and fails the test (a command that must never wait); `input`: its standard input (else none). */
export function runHdlp(args: readonly string[], options: RunOptions): Promise<Run> {
  return runProgram(HDLP, args, options);
}

/** Any program, run as runHdlp runs hdlp: no colour, stdout and stderr collected. */
export function runProgram(file: string, args: readonly string[], options: RunOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env };
    const child = spawn(file, args, { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    // Without input, standard input is empty: it ends at once.
    child.stdin.end(options.input);
    let stdout = "";
    let stderr = "";
    const timer =
      options.killAfterMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill("SIGKILL");
            reject(new Error(`${file} ${args.join(" ")} was still running after ${options.killAfterMs} ms`));
          }, options.killAfterMs);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A temp folder with `files` (path → text) written into it. */
export async function tempFolder(files: Record<string, string>): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "hdlp-cli-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A temp folder with `files` for the running test, removed when the test finishes. */
export async function project(files: Record<string, string>): Promise<string> {
  const folder = await tempFolder(files);
  onTestFinished(folder.remove);
  return folder.dir;
}

/** The seed design's §7 example, verbatim: one file serves every test. */
export const SEED = readFileSync(new URL("../../parser/src/syntax/testdata/seed.hdlp", import.meta.url), "utf8");

/** The seed's tool with `executor: Shell` (an error with a fix) and an unknown field (a warning). */
export const BROKEN = SEED.replace("executor: gatekeeper", "executor: Shell").replace("author:", "colour: red\nauthor:");
