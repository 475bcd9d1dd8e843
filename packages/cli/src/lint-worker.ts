/** A worker thread of `hdlp lint`: see ./parallel-lint.ts. */
import { parentPort } from "node:worker_threads";
import { type LintJob, lintClaimedChunks } from "./parallel-lint.ts";

parentPort!.once("message", (job: LintJob) => parentPort!.postMessage(lintClaimedChunks(job)));
