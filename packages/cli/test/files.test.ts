import { mkdir, writeFile } from "node:fs/promises";
import { MAX_TOOL_FILE_BYTES } from "@hdlp/parser";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readText } from "../src/files.ts";
import { tempFolder } from "./run-hdlp.ts";

let dir = "";
let remove: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ dir, remove } = await tempFolder({ "tools/b/TOOL.hdlp": "", "tools/a/TOOL.hdlp": "", "tools/a.hdlp": "", "tools/notes.txt": "" }));
  await mkdir(join(dir, "tools/empty"));
});
afterAll(() => remove());

describe("readText", () => {
  it("reads a regular file whose size, when opened, says less than it holds (procfs says 0) to its end", () => {
    const text = readText("/proc/self/status");
    expect(typeof text === "string" && text.startsWith("Name:")).toBe(true);
  });

  it("answers a folder, a device and a missing path with why, and a large file with its size alone", async () => {
    expect(readText(join(dir, "tools/a"))).toEqual({ code: "EISDIR", message: "is a folder" });
    expect(readText("/dev/null")).toEqual({ code: "ENOTFILE", message: "it is a device, not a regular file" });
    expect(readText(join(dir, "nowhere"))).toMatchObject({ code: "ENOENT" });
    const big = join(dir, "big.hdlp");
    await writeFile(big, "#".repeat(MAX_TOOL_FILE_BYTES + 1));
    expect(readText(big)).toEqual({ oversize: MAX_TOOL_FILE_BYTES + 1 });
  });
});
