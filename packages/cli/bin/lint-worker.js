// Entry of `hdlp lint`'s worker threads, loaded the way the CLI itself is (./hdlp.js).
import { runBundled } from "./bundle-cache.js";

await runBundled("lint-worker.ts");
