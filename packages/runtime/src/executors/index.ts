/**
 * Executor name → Executor. The call pipeline looks the tool's executor up
 * here and treats every one the same way; adding an executor is one entry.
 */
import type { ExecutorName } from "@hdlp/parser";
import type { Executor } from "./executor.ts";
import { gatekeeperExecutor } from "./gatekeeper/gatekeeper.ts";
import { gitForgejoExecutor } from "./git-forgejo/git-forgejo.ts";
import { hlpdApiExecutor } from "./hlpd-api/hlpd-api.ts";
import { shellExecutor } from "./shell/shell-executor.ts";

/** Every executor name has its implementation: a new executor in the catalogue does not compile without one. */
export const EXECUTORS: Readonly<Record<ExecutorName, Executor>> = {
  shell: shellExecutor,
  gatekeeper: gatekeeperExecutor,
  "hlpd-api": hlpdApiExecutor,
  "git-forgejo": gitForgejoExecutor,
};

/** Executors a caller puts in place of the built-in ones (a host with its own gatekeeper client, or tests). */
export type ExecutorTable = Readonly<Partial<Record<ExecutorName, Executor>>>;
