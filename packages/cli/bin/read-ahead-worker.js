// Entry of `hdlp lint`'s reader thread, loaded the way the CLI itself is (./hdlp.js).
import { runBundled } from "@hdlp/launcher";
import { CLI_ENTRIES } from "./entries.js";

await runBundled({ ...CLI_ENTRIES, entry: "read-ahead-worker.ts" });
