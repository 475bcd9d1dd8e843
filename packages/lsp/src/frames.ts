/**
 * The server's input, frame by frame, passed on only when well-formed.
 *
 * LSP frames a message as headers (`Content-Length: N`, each line ending in
 * CRLF, an empty line after them) and N bytes of body. vscode-jsonrpc's
 * reader, given headers without a Content-Length (or a header line without a
 * `:`), reports an error and stops reading what it has already received: the
 * next request, though complete, waits until more bytes arrive, and is misread
 * if the bad frame had a body. So frames are checked here first: a well-formed
 * frame is passed on as it came; a malformed header is reported (to stderr, by
 * `report`) and skipped, with everything up to the next `Content-Length:`, where
 * the next frame starts. Nothing waits for input that has already arrived.
 */
import { PassThrough, type Readable } from "node:stream";

const HEADER_END = Buffer.from("\r\n\r\n");
const CONTENT_LENGTH = /content-length:/i;
/** A header block longer than this is no LSP header (they are a line or two). */
const MAX_HEADER_BYTES = 8192;

export function wellFormedFrames(input: Readable, report: (problem: string) => void): Readable {
  const output = new PassThrough();
  /** Bytes not yet passed on; the body of the frame being read is collected in `body`. */
  let head: Buffer = Buffer.alloc(0);
  let body: Buffer[] = [];
  let bodyBytes = 0;
  /** The body length of the frame whose headers were read, or -1 while reading headers. */
  let expected = -1;

  const skipToNextFrame = (from: number) => {
    const text = head.toString("latin1", from);
    const next = text.search(CONTENT_LENGTH);
    // Without a next frame in sight, keep only what could be the start of its `Content-Length:`.
    head = next >= 0 ? head.subarray(from + next) : head.subarray(Math.max(from, head.length - "content-length:".length + 1));
  };

  const readHeaders = (): boolean => {
    const end = head.indexOf(HEADER_END);
    if (end < 0) {
      if (head.length <= MAX_HEADER_BYTES) return false;
      report(`a message header of more than ${MAX_HEADER_BYTES} bytes without its end (an empty line) was skipped`);
      skipToNextFrame(1);
      return true;
    }
    const lines = head.toString("latin1", 0, end).split("\r\n");
    const malformed = lines.find((line) => !line.includes(":"));
    const length = lines
      .find((line) => /^content-length:/i.test(line))
      ?.replace(/^content-length:/i, "")
      .trim();
    const problem =
      malformed !== undefined
        ? `a header line without \`:\` (${JSON.stringify(malformed)})`
        : length === undefined
          ? "no Content-Length header"
          : !/^\d+$/.test(length)
            ? `a Content-Length that is not a number (${JSON.stringify(length)})`
            : undefined;
    if (problem) {
      report(`a message with ${problem} was skipped: ${JSON.stringify(lines.join("; "))}`);
      skipToNextFrame(end + HEADER_END.length);
      return true;
    }
    output.write(head.subarray(0, end + HEADER_END.length));
    expected = Number(length);
    body = [head.subarray(end + HEADER_END.length)];
    bodyBytes = body[0]!.length;
    head = Buffer.alloc(0);
    return true;
  };

  const readBody = (): boolean => {
    if (bodyBytes < expected) return false;
    const whole = body.length === 1 ? body[0]! : Buffer.concat(body, bodyBytes);
    output.write(whole.subarray(0, expected));
    head = whole.subarray(expected);
    body = [];
    bodyBytes = 0;
    expected = -1;
    return true;
  };

  input.on("data", (chunk: Buffer) => {
    if (expected >= 0) {
      body.push(chunk);
      bodyBytes += chunk.length;
    } else {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
    }
    while (expected >= 0 ? readBody() : head.length > 0 && readHeaders());
  });
  input.on("end", () => output.end());
  input.on("close", () => output.destroy());
  input.on("error", (error) => output.destroy(error));
  return output;
}
