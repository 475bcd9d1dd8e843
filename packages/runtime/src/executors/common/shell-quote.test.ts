import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellCommandLine, shellQuote } from "./shell-quote.ts";

/** What /bin/sh makes of a command line: each word it passes to printf, NUL-separated. */
function splitByShell(line: string): string[] {
  const out = execFileSync("/bin/sh", ["-c", `printf '%s\\0' ${line}`], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

describe("shellQuote", () => {
  it("leaves plain words alone and quotes the rest", () => {
    expect(shellQuote("--oneline")).toBe("--oneline");
    expect(shellQuote("a b")).toBe("'a b'");
    expect(shellQuote("")).toBe("''");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote("A=b")).toBe("'A=b'");
  });

  it("a real /bin/sh reads every argv back exactly, whatever the arguments hold", () => {
    const arg = fc.string({ unit: "binary", maxLength: 20 }).filter((s) => !s.includes("\0"));
    fc.assert(
      fc.property(fc.array(arg, { minLength: 1, maxLength: 5 }), (argv) => {
        expect(splitByShell(shellCommandLine(argv))).toEqual(argv);
      }),
      { numRuns: 150 },
    );
  });

  it("injection attempts stay literal", () => {
    const attacks = ["; rm -rf /", "$(id)", "`id`", "$HOME", "a\nb", "*", "~", "' ; id ; '", "\\", "!"];
    expect(splitByShell(shellCommandLine(attacks))).toEqual(attacks);
  });
});
