/**
 * The launcher on a package of its own in a temp folder, each run a fresh
 * `node` process as a command's shim starts it: a bin that calls `runBundled`,
 * a main entry that starts a worker thread at `workerEntry`, and the worker.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** As a path: esbuild, bundling the entries, resolves paths, not file URLs. */
const LAUNCHER = fileURLToPath(new URL("../index.js", import.meta.url));

let pkg = "";

const bin = (entry: string) => `import { runBundled } from ${JSON.stringify(LAUNCHER)};
await runBundled({ packageDir: new URL("../", import.meta.url), entries: ["main.ts", "worker.ts"], entry: ${JSON.stringify(entry)} });
`;

const main = (greeting: string) => `import { Worker } from "node:worker_threads";
import { workerEntry } from ${JSON.stringify(LAUNCHER)};
const greeting: string = ${JSON.stringify(greeting)};
const url = workerEntry("worker.ts", new URL("../bin/worker.js", import.meta.url));
const worker = new Worker(url);
worker.once("message", (fromWorker: string) => console.log(JSON.stringify({ greeting, main: import.meta.filename, workerUrl: url.href, worker: fromWorker })));
`;

const worker = `import { parentPort } from "node:worker_threads";
parentPort!.postMessage(import.meta.filename);
`;

interface Report {
  readonly greeting: string;
  readonly main: string;
  readonly workerUrl: string;
  readonly worker: string;
}

function start(env: Record<string, string> = {}): Report {
  const run = spawnSync(process.execPath, [join(pkg, "bin/main.js")], { encoding: "utf8", env: { ...process.env, HDLP_NO_BUNDLE: "", ...env } });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as Report;
}

beforeAll(async () => {
  pkg = await mkdtemp(join(tmpdir(), "hdlp-launcher-"));
  await mkdir(join(pkg, "src"));
  await mkdir(join(pkg, "bin"));
  await writeFile(join(pkg, "package.json"), JSON.stringify({ name: "launched", private: true, type: "module" }));
  await writeFile(join(pkg, "bin/main.js"), bin("main.ts"));
  await writeFile(join(pkg, "bin/worker.js"), bin("worker.ts"));
  await writeFile(join(pkg, "src/main.ts"), main("hello"));
  await writeFile(join(pkg, "src/worker.ts"), worker);
});
afterAll(() => rm(pkg, { recursive: true, force: true }));

describe("runBundled", () => {
  it("bundles the entries on the first run and imports that bundle on later runs", () => {
    const first = start();
    expect(first.greeting).toBe("hello");
    expect(first.main).toMatch(/node_modules\/\.cache\/hdlp-bundle\/build-[^/]+\/main\.mjs$/);
    expect(start().main).toBe(first.main);
  });

  it("bundles again when a source has changed, and runs the change", async () => {
    const before = start();
    await writeFile(join(pkg, "src/main.ts"), main("changed"));
    await utimes(join(pkg, "src/main.ts"), new Date(), new Date(Date.now() + 5000)); // a distinct mtime even on a coarse clock
    const after = start();
    expect(after.greeting).toBe("changed");
    expect(after.main).not.toBe(before.main);
  });

  it("runs the sources through tsx with HDLP_NO_BUNDLE=1", () => {
    expect(start({ HDLP_NO_BUNDLE: "1" }).main).toBe(join(pkg, "src/main.ts"));
  });
});

describe("workerEntry", () => {
  it("starts a worker thread straight from the bundle its process runs from", () => {
    const report = start();
    const bundle = report.main.replace(/main\.mjs$/, "");
    expect(report.workerUrl).toBe(pathToFileURL(join(bundle, "worker.mjs")).href);
    expect(report.worker).toBe(join(bundle, "worker.mjs"));
  });

  it("gives the bin entry when the process does not run from a bundle, which then runs the worker's source", () => {
    const report = start({ HDLP_NO_BUNDLE: "1" });
    expect(report.workerUrl).toBe(pathToFileURL(join(pkg, "bin/worker.js")).href);
    expect(report.worker).toBe(join(pkg, "src/worker.ts"));
  });
});
