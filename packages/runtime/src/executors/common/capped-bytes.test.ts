import { describe, expect, it } from "vitest";
import { CappedBytes, capUtf8, completeUtf8Length } from "./capped-bytes.ts";

describe("CappedBytes", () => {
  it("keeps everything under the cap", () => {
    const bytes = new CappedBytes(10);
    expect(bytes.push(Buffer.from("hello"))).toBe(true);
    expect([bytes.text(), bytes.truncated]).toEqual(["hello", false]);
  });

  it("keeps exactly the cap, drops the rest and says so", () => {
    const bytes = new CappedBytes(4);
    bytes.push(Buffer.from("ab"));
    expect(bytes.push(Buffer.from("cdef"))).toBe(false);
    expect(bytes.push(Buffer.from("gh"))).toBe(false);
    expect([bytes.text(), bytes.truncated]).toEqual(["abcd", true]);
  });

  it("a cut inside a character drops the partial character instead of decoding it as U+FFFD", () => {
    const bytes = new CappedBytes(4);
    bytes.push(Buffer.from("日志")); // 6 bytes
    expect(bytes.text()).toBe("日");
  });
});

describe("capUtf8 and completeUtf8Length", () => {
  it("cut at a byte count, on a character boundary", () => {
    expect(capUtf8("a日志😀", 4)).toEqual({ text: "a日", truncated: true });
    expect(capUtf8("a日志😀", 10)).toEqual({ text: "a日志", truncated: true });
    expect(capUtf8("a日志😀", 11)).toEqual({ text: "a日志😀", truncated: false });
  });

  it("a complete sequence at the end is kept whole", () => {
    expect(completeUtf8Length(Buffer.from("😀"))).toBe(4);
    expect(completeUtf8Length(Buffer.from("😀").subarray(0, 3))).toBe(0);
    expect(completeUtf8Length(Buffer.from("ab"))).toBe(2);
  });
});
