/**
 * Malformed input on stdio, as a buggy or hostile client sends it: a frame
 * without a Content-Length, and requests whose params are missing or of the
 * wrong shape. The server reports the first and answers the next frame at once;
 * it answers the others with InvalidParams (-32602) and a message, never with
 * an internal error. Raw bytes over the real process's pipes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_COMMAND } from "./harness.ts";
import { SEED_EXAMPLE, scratchUri } from "./fixtures.ts";

interface Response {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

/** A server spoken to in raw frames. */
class RawClient {
  readonly child: ChildProcessWithoutNullStreams;
  stderr = "";
  readonly #responses = new Map<number, Response>();
  readonly #waiting = new Map<number, (response: Response) => void>();
  #buffer = Buffer.alloc(0);

  constructor() {
    const [command, ...args] = SERVER_COMMAND;
    this.child = spawn(command!, [...args, "--stdio"], { stdio: "pipe" });
    this.child.stderr.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    this.child.stdout.on("data", (chunk: Buffer) => this.#read(chunk));
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const end = this.#buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.#buffer.toString("ascii", 0, end))![1]);
      if (this.#buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.#buffer.toString("utf8", end + 4, end + 4 + length)) as Partial<Response> & { method?: string };
      this.#buffer = this.#buffer.subarray(end + 4 + length);
      if (message.id === undefined || message.method !== undefined) continue; // notifications and the server's own requests
      const response = message as Response;
      const waiter = this.#waiting.get(response.id);
      if (waiter) waiter(response);
      else this.#responses.set(response.id, response);
    }
  }

  /** Write bytes as they are. */
  send(...frames: (string | object)[]): void {
    this.child.stdin.write(frames.map((frame) => (typeof frame === "string" ? frame : frameOf(frame))).join(""));
  }

  /** Until stderr holds `text`, failing after `ms`. */
  async stderrContaining(text: string, ms = 10_000): Promise<string> {
    for (const start = Date.now(); !this.stderr.includes(text); ) {
      if (Date.now() - start > ms) throw new Error(`stderr never said ${JSON.stringify(text)}:\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.stderr;
  }

  /** The response with `id`, failing after `ms` without one. */
  response(id: number, ms = 10_000): Promise<Response> {
    const ready = this.#responses.get(id);
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no response to request ${id} within ${ms} ms`)), ms);
      this.#waiting.set(id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
    });
  }
}

function frameOf(message: object): string {
  const body = JSON.stringify({ jsonrpc: "2.0", ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const uri = scratchUri("protocol-errors");
let client: RawClient;
let nextId = 100;

beforeAll(async () => {
  client = new RawClient();
  client.send({ id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });
  await client.response(1, 30_000);
  client.send(
    { method: "initialized", params: {} },
    { method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "hdlp", version: 1, text: SEED_EXAMPLE } } },
  );
});

afterAll(async () => {
  client.send({ id: 2, method: "shutdown" }, { method: "exit" });
  const code = await new Promise((resolve) => client.child.once("exit", resolve));
  expect(code).toBe(0);
});

const hover = (id: number) => ({ id, method: "textDocument/hover", params: { textDocument: { uri }, position: { line: 0, character: 2 } } });

describe("a frame without a Content-Length", () => {
  it("is reported on stderr, and the request after it, in the same write, is answered without waiting for more input", async () => {
    const id = nextId++;
    client.send("X-Custom: 1\r\n\r\n", hover(id));
    expect((await client.response(id)).result).toMatchObject({ contents: { kind: "markdown" } });
    await client.stderrContaining('hdlp-language-server: a message with no Content-Length header was skipped: "X-Custom: 1"');
  });

  it("is skipped with its body, and the request after it is answered", async () => {
    const id = nextId++;
    const body = JSON.stringify({ jsonrpc: "2.0", id: nextId++, method: "textDocument/hover", params: null });
    client.send(`Content-Type: application/json\r\n\r\n${body}`, hover(id));
    expect((await client.response(id)).result).toMatchObject({ contents: { kind: "markdown" } });
  });

  it("and a header line without `:` or a Content-Length that is no number are reported and skipped alike", async () => {
    const id = nextId++;
    client.send("garbage\r\n\r\n", "Content-Length: many\r\n\r\n", hover(id));
    expect((await client.response(id)).result).toMatchObject({ contents: { kind: "markdown" } });
    await client.stderrContaining('a message with a header line without `:` ("garbage") was skipped');
    await client.stderrContaining('a message with a Content-Length that is not a number ("many") was skipped');
  });
});

describe("requests with invalid params", () => {
  const position = { line: 0, character: 2 };
  const range = { start: position, end: position };
  const requests: [string, object][] = [
    ["textDocument/hover", { textDocument: { uri }, position }],
    ["textDocument/completion", { textDocument: { uri }, position }],
    ["textDocument/codeAction", { textDocument: { uri }, range, context: { diagnostics: [] } }],
    ["textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }],
    ["textDocument/rangeFormatting", { textDocument: { uri }, range, options: { tabSize: 2, insertSpaces: true } }],
    ["textDocument/documentSymbol", { textDocument: { uri } }],
    ["textDocument/foldingRange", { textDocument: { uri } }],
    ["textDocument/selectionRange", { textDocument: { uri }, positions: [position] }],
    ["textDocument/semanticTokens/full", { textDocument: { uri } }],
  ];

  it.each(requests)("%s answers valid params, and InvalidParams with a message for null, {} and each part of the wrong shape", async (method, valid) => {
    const ok = nextId++;
    client.send({ id: ok, method, params: valid });
    expect((await client.response(ok)).error).toBeUndefined();
    const invalid: unknown[] = [null, {}, 7, { ...valid, textDocument: { uri: 5 } }];
    for (const key of Object.keys(valid).filter((k) => k !== "textDocument")) invalid.push({ ...valid, [key]: "x" });
    if ("position" in valid) invalid.push({ ...valid, position: { line: -1, character: 0 } });
    for (const params of invalid) {
      const id = nextId++;
      client.send({ id, method, params });
      const { error } = await client.response(id);
      expect(error, `${method} ${JSON.stringify(params)}`).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params for \S+: .+/) });
    }
  });

  it("says what is wrong", async () => {
    const id = nextId++;
    client.send({ id, method: "textDocument/hover", params: null });
    expect((await client.response(id)).error?.message).toBe(
      "Invalid params for textDocument/hover: expected an object with `textDocument` and `position`, got null.",
    );
    const position = nextId++;
    client.send({ id: position, method: "textDocument/hover", params: { textDocument: { uri }, position: { line: 0 } } });
    expect((await client.response(position)).error?.message).toBe(
      "Invalid params for textDocument/hover: `position.character` must be a whole number, 0 or more.",
    );
  });
});
