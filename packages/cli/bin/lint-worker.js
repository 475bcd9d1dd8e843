// Entry of `hdlp lint`'s worker threads, loaded the way the CLI itself is (./hdlp.js).
import { runBundled } from "@hdlp/launcher";
import { CLI_ENTRIES } from "./entries.js";

await runBundled({ ...CLI_ENTRIES, entry: "lint-worker.ts" });
