import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readText } from "../src/files.ts";
import { batchReader, readAhead, startReadAhead } from "../src/read-ahead.ts";
import { tempFolder } from "./run-hdlp.ts";

const FILES = 100;
let dir = "";
let remove: () => Promise<void> = async () => {};
/** FILES files, then one that does not exist and one that is a folder. */
let paths: string[] = [];

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`tools/t${i}/TOOL.hdlp`] = `name: t${i}\nwhy: 第${i}个\n`;
  ({ dir, remove } = await tempFolder(files));
  await mkdir(join(dir, "tools/folder/TOOL.hdlp"), { recursive: true });
  paths = [...Object.keys(files), "tools/absent/TOOL.hdlp", "tools/folder/TOOL.hdlp"].map((path) => join(dir, path));
});
afterAll(() => remove());

/** Run the reader's loop on this thread, with room for every file, and collect what it sent. */
function readerSends(startAt: number): { first: number; results: unknown[] }[] {
  const { port1, port2 } = new MessageChannel();
  const wanted = new Int32Array(new SharedArrayBuffer(4));
  wanted[0] = startAt;
  readAhead({ paths, wanted, port: port2, window: paths.length });
  const batches = [];
  for (let message = receiveMessageOnPort(port1); message; message = receiveMessageOnPort(port1)) batches.push(message.message);
  port1.close();
  return batches;
}

describe("the reader thread's loop", () => {
  it("sends every file's text, or why it could not be read, in order, in batches", () => {
    const batches = readerSends(0);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((batch) => batch.results.length <= 32)).toBe(true);
    expect(batches.map((batch) => batch.first)).toEqual(batches.map((_, i) => batches.slice(0, i).reduce((n, b) => n + b.results.length, 0)));
    const results = batches.flatMap((batch) => batch.results);
    expect(results).toEqual(paths.map(readText));
    expect(results.at(-2)).toMatchObject({ code: "ENOENT" });
    expect(results.at(-1)).toMatchObject({ code: "EISDIR" });
  });

  it("skips the files the main thread has already read itself", () => {
    const batches = readerSends(60);
    expect(batches[0]!.first).toBe(60);
    expect(batches.flatMap((batch) => batch.results)).toEqual(paths.slice(60).map(readText));
  });
});

describe("reading through the reader", () => {
  it("takes the texts the reader sent, without reading the files again", async () => {
    const { dir: own, remove: removeOwn } = await tempFolder({ "a.hdlp": "name: a\n", "b.hdlp": "name: b\n" });
    const files = [join(own, "a.hdlp"), join(own, "b.hdlp")];
    const { port1, port2 } = new MessageChannel();
    const wanted = new Int32Array(new SharedArrayBuffer(4));
    readAhead({ paths: files, wanted, port: port2, window: 2 });
    await removeOwn(); // gone from the disk: only the reader's copies are left
    const reader = batchReader(files, wanted, port1, () => {});
    expect([reader.read(0), reader.read(1)]).toEqual(["name: a\n", "name: b\n"]);
    reader.close();
  });

  it("reads a file the reader has not sent yet on this thread, and tells the reader to skip it", () => {
    const { port1 } = new MessageChannel();
    const wanted = new Int32Array(new SharedArrayBuffer(4));
    const reader = batchReader(paths, wanted, port1, () => {});
    expect(reader.read(5)).toBe(readText(paths[5]!));
    expect(Atomics.load(wanted, 0)).toBe(5);
    reader.close();
    expect(Atomics.load(wanted, 0)).toBe(paths.length);
  });

  it("with a real reader thread a few files ahead, gives what reading each file here gives", async () => {
    const reader = startReadAhead(paths, { window: 4 });
    await new Promise((resolve) => setTimeout(resolve, 200)); // let it start, and wait for room
    const results = paths.map((_, index) => reader.read(index));
    reader.close();
    expect(results).toEqual(paths.map(readText));
  });

  it("when the reader thread fails, reads everything on this thread", async () => {
    const reader = startReadAhead(paths, { workerUrl: new URL("data:text/javascript,throw new Error('no reader')") });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(paths.map((_, index) => reader.read(index))).toEqual(paths.map(readText));
    reader.close();
  });

  it("still reads after it is closed, on this thread", () => {
    const reader = startReadAhead(paths);
    reader.close();
    reader.close();
    expect(paths.map((_, index) => reader.read(index))).toEqual(paths.map(readText));
  });
});
