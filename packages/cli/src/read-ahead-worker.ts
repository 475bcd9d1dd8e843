/** The reader thread of `hdlp lint`: see ./read-ahead.ts. */
import { workerData } from "node:worker_threads";
import { readAhead, type ReadAheadJob } from "./read-ahead.ts";

readAhead(workerData as ReadAheadJob);
