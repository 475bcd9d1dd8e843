/**
 * Reads the members it is asked for out of a JSON object while the body
 * streams, keeping memory bounded however large the body is: each kept string
 * member up to a cap, the rest of it counted as dropped, like a local
 * process's output. A gatekeeper that ignores max_output_bytes still gives
 * the first max_output_bytes of stdout, the exit code after it, and
 * `truncated`; Forgejo's answer for a file gives its `sha` without the whole
 * base64 content ever being held.
 *
 * It is a JSON tokenizer for one object whose members it keeps when they are
 * strings or scalars; nested values are skipped whole. Anything that is not
 * JSON stops it at once (the caller stops reading), with the reason.
 */
import { CappedBytes } from "../common/capped-bytes.ts";

/** A string member as kept: its first `cap` UTF-16 units, and whether more was dropped. */
export interface KeptString {
  text: string;
  dropped: boolean;
}

export type ReadMembers =
  | { readonly ok: true; readonly strings: ReadonlyMap<string, KeptString>; readonly scalars: ReadonlyMap<string, unknown> }
  | { readonly ok: false; readonly reason: string };

type State = "start" | "key-or-end" | "key" | "colon" | "value" | "after-value" | "string" | "nested" | "scalar" | "done" | "error";

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
/** Keys and scalars are short; anything longer is not the answer we expect. */
const MAX_TOKEN = 256;
/** The raw start of the body, for error messages. */
const RAW_PREFIX_BYTES = 64 * 1024;

export class JsonMembersReader {
  private state: State = "start";
  private readonly decoder = new TextDecoder("utf-8");
  private readonly raw = new CappedBytes(RAW_PREFIX_BYTES);
  private readonly strings = new Map<string, KeptString>();
  private readonly scalars = new Map<string, unknown>();
  private failure = "";

  // The token being read.
  private key = "";
  private readingKey = false;
  private current: KeptString = { text: "", dropped: false };
  private escape = false;
  private unicode: string | undefined;
  private scalar = "";
  private depth = 0;
  private nestedInString = false;

  /**
   * @param keep the members kept; the others are read and checked, never stored.
   * @param cap UTF-16 units kept per string member: max_output_bytes is enough (a unit is at least one UTF-8 byte).
   */
  constructor(
    private readonly keep: ReadonlySet<string>,
    private readonly cap: number,
  ) {}

  /** Takes the next chunk; false once the body is known not to be the answer (stop reading). */
  push(chunk: Buffer): boolean {
    this.raw.push(chunk);
    for (const char of this.decoder.decode(chunk, { stream: true })) {
      this.step(char);
      if (this.state === "error") return false;
    }
    return true;
  }

  /** The start of the body as it came, for an error message. */
  text(): string {
    return this.raw.text();
  }

  get truncated(): boolean {
    return this.raw.truncated;
  }

  /** A string member as far as it has arrived (when the body was cut off: the stdout there is so far). */
  partial(name: string): KeptString | undefined {
    const reading = this.state === "string" && !this.readingKey && this.key === name;
    return reading ? this.current : this.strings.get(name);
  }

  /** After the last chunk: the members, or why the body is not one whole JSON object. */
  result(): ReadMembers {
    for (const char of this.decoder.decode()) this.step(char);
    if (this.state === "error") return { ok: false, reason: this.failure };
    if (this.state !== "done") return { ok: false, reason: "the body ends before its JSON object does" };
    return { ok: true, strings: this.strings, scalars: this.scalars };
  }

  private fail(reason: string): void {
    this.state = "error";
    this.failure = reason;
  }

  private step(char: string): void {
    switch (this.state) {
      case "start":
        if (WHITESPACE.has(char)) return;
        if (char === "{") this.state = "key-or-end";
        else this.fail("the body is not a JSON object");
        return;
      case "key-or-end":
      case "key":
        if (WHITESPACE.has(char)) return;
        if (char === "}" && this.state === "key-or-end") this.state = "done";
        else if (char === '"') this.beginString(true);
        else this.fail("expected a member name");
        return;
      case "colon":
        if (WHITESPACE.has(char)) return;
        if (char === ":") this.state = "value";
        else this.fail("expected `:` after a member name");
        return;
      case "value":
        if (WHITESPACE.has(char)) return;
        if (char === '"') this.beginString(false);
        else if (char === "{" || char === "[") {
          this.state = "nested";
          this.depth = 1;
          this.nestedInString = false;
          this.escape = false;
        } else {
          this.state = "scalar";
          this.scalar = char;
        }
        return;
      case "after-value":
        if (WHITESPACE.has(char)) return;
        if (char === ",") this.state = "key";
        else if (char === "}") this.state = "done";
        else this.fail("expected `,` or `}` after a value");
        return;
      case "string":
        return this.stringChar(char);
      case "nested":
        return this.nestedChar(char);
      case "scalar":
        if (char === "," || char === "}" || WHITESPACE.has(char)) {
          // The delimiter belongs to what follows the value: read it again there.
          if (this.endScalar()) this.step(char);
          return;
        }
        this.scalar += char;
        if (this.scalar.length > MAX_TOKEN) this.fail("a value is not JSON");
        return;
      case "done":
        if (!WHITESPACE.has(char)) this.fail("there is more after the JSON object");
        return;
      case "error":
        return;
    }
  }

  private beginString(isKey: boolean): void {
    this.state = "string";
    this.readingKey = isKey;
    this.current = { text: "", dropped: false };
    this.escape = false;
    this.unicode = undefined;
  }

  private stringChar(char: string): void {
    if (this.unicode !== undefined) {
      if (!/^[0-9a-fA-F]$/.test(char)) return this.fail("a \\u escape is not 4 hex digits");
      this.unicode += char;
      if (this.unicode.length === 4) {
        this.append(String.fromCharCode(parseInt(this.unicode, 16)));
        this.unicode = undefined;
      }
      return;
    }
    if (this.escape) {
      this.escape = false;
      if (char === "u") this.unicode = "";
      else if (char in SIMPLE_ESCAPES) this.append(SIMPLE_ESCAPES[char]!);
      else this.fail(`\`\\${char}\` is not a JSON escape`);
      return;
    }
    if (char === "\\") this.escape = true;
    else if (char === '"') this.endString();
    else if (char < " ") this.fail("a string holds a raw control character");
    else this.append(char);
  }

  /** Keeps `text` while the member is under the cap (a key: under MAX_TOKEN); counts the rest as dropped. */
  private append(text: string): void {
    if (!this.readingKey && !this.keep.has(this.key)) return;
    const cap = this.readingKey ? MAX_TOKEN : this.cap;
    if (this.current.text.length + text.length <= cap) this.current.text += text;
    else if (this.readingKey) this.fail("a member name is too long");
    else this.current.dropped = true;
  }

  private endString(): void {
    if (this.readingKey) {
      this.key = this.current.text;
      this.state = "colon";
      return;
    }
    if (this.keep.has(this.key)) this.strings.set(this.key, this.current);
    this.state = "after-value";
  }

  /** True when the scalar was JSON. */
  private endScalar(): boolean {
    try {
      const value: unknown = JSON.parse(this.scalar);
      if (this.keep.has(this.key)) this.scalars.set(this.key, value);
      this.state = "after-value";
      return true;
    } catch {
      this.fail("a value is not JSON");
      return false;
    }
  }

  /** Inside a nested object or array: only strings (which may hold brackets) and depth matter. */
  private nestedChar(char: string): void {
    if (this.nestedInString) {
      if (this.escape) this.escape = false;
      else if (char === "\\") this.escape = true;
      else if (char === '"') this.nestedInString = false;
      return;
    }
    if (char === '"') this.nestedInString = true;
    else if (char === "{" || char === "[") this.depth++;
    else if (char === "}" || char === "]") {
      this.depth--;
      if (this.depth === 0) this.state = "after-value";
    }
  }
}
