/**
 * Reading `hdlp lint`'s files ahead of it, on a thread of its own.
 *
 * On one thread, reading 10,000 small files (open, read, close, UTF-8
 * decoding) is about a sixth of the whole run. A reader thread does those
 * reads on another core, in the order the main thread lints, and hands the
 * texts over in batches through a MessagePort that the main thread polls
 * without waiting (`receiveMessageOnPort`).
 *
 * The main thread never waits for the reader: a file the reader has not
 * delivered yet (it starts some tens of milliseconds late, or the disk is
 * slow) the main thread reads itself, and tells the reader, through a shared
 * counter, to skip past it. So a reader that is slow, or never starts, costs
 * nothing but its start, and every file is read exactly as `readText` reads it
 * either way. The reader stays at most `window` files ahead, so memory stays
 * bounded on any number of files.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { workerEntry } from "@hdlp/launcher";
import { type ReadResult, readText } from "./files.ts";

/** Files the reader sends at a time: fewer messages, yet the first texts arrive early. */
const BATCH = 32;
/** The main thread wakes a waiting reader once per this many files, not on every file. */
const WAKE_EVERY = 64;

/** Texts for the consecutive files from `first` on. */
interface Batch {
  readonly first: number;
  readonly results: readonly ReadResult[];
}

/** What the reader thread is given. */
export interface ReadAheadJob {
  readonly paths: readonly string[];
  /** One Int32 over a SharedArrayBuffer: the index of the file the main thread reads now. */
  readonly wanted: Int32Array;
  readonly port: MessagePort;
  /** How many files the reader may be ahead of the main thread. */
  readonly window: number;
}

/** The reader thread's loop. */
export function readAhead({ paths, wanted, port, window }: ReadAheadJob): void {
  let results: ReadResult[] = [];
  let first = 0;
  const send = () => {
    if (results.length > 0) port.postMessage({ first, results } satisfies Batch);
    results = [];
  };
  let index = 0;
  while (index < paths.length) {
    const current = Atomics.load(wanted, 0);
    if (index < current) {
      // The main thread got here first and read these itself.
      send();
      index = current;
    } else if (index >= current + window) {
      send();
      Atomics.wait(wanted, 0, current);
    } else {
      if (results.length === 0) first = index;
      results.push(readText(paths[index]!));
      index++;
      if (results.length === BATCH) send();
    }
  }
  send();
  port.close();
}

/** Reads files by index, in increasing order. */
export interface FileReader {
  read(index: number): ReadResult;
  /** Stop reading ahead (idempotent); reads still work, on the calling thread. */
  close(): void;
}

/** Every read on the calling thread. */
export function readOnThisThread(paths: readonly string[]): FileReader {
  return { read: (index) => readText(paths[index]!), close: () => {} };
}

export interface ReadAheadOptions {
  readonly window?: number;
  /** The reader thread's entry (for tests); it calls `readAhead` with its workerData. */
  readonly workerUrl?: URL;
}

/** Reads through a reader thread started now (see the top of this file). */
export function startReadAhead(paths: readonly string[], options: ReadAheadOptions = {}): FileReader {
  const wanted = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const job: ReadAheadJob = { paths, wanted, port: port2, window: options.window ?? 512 };
  let worker: Worker;
  try {
    worker = new Worker(options.workerUrl ?? workerEntry("read-ahead-worker.ts", new URL("../bin/read-ahead-worker.js", import.meta.url)), { workerData: job, transferList: [port2] });
  } catch {
    port1.close();
    return readOnThisThread(paths);
  }
  // A reader that fails leaves its files to this thread, which reads them the same way:
  // nothing the user sees changes, so there is nothing to report.
  worker.on("error", () => {});
  worker.unref();
  return batchReader(paths, wanted, port1, () => void worker.terminate());
}

/**
 * The main thread's side: texts from the reader's batches on `port` where they
 * have arrived, the rest read here. `wanted` tells the reader where it is.
 */
export function batchReader(paths: readonly string[], wanted: Int32Array, port: MessagePort, stopReader: () => void): FileReader {
  let batch: Batch = { first: 0, results: [] };
  let open = true;
  return {
    read(index) {
      Atomics.store(wanted, 0, index);
      if (index % WAKE_EVERY === 0) Atomics.notify(wanted, 0);
      while (open && index >= batch.first + batch.results.length) {
        const message = receiveMessageOnPort(port);
        if (!message) break;
        batch = message.message as Batch;
      }
      const offset = index - batch.first;
      return offset >= 0 && offset < batch.results.length ? batch.results[offset]! : readText(paths[index]!);
    },
    close() {
      if (!open) return;
      open = false;
      // Past the last file: a reader waiting for room wakes and ends on its own.
      Atomics.store(wanted, 0, paths.length);
      Atomics.notify(wanted, 0);
      stopReader();
      port.close();
    },
  };
}
