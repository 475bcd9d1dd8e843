import { describe, expect, it } from "vitest";
import { formatDryRun } from "./dry-run.ts";

describe("formatDryRun", () => {
  it("writes a process as a command line a POSIX shell splits back into the same argv", () => {
    expect(formatDryRun({ kind: "process", argv: ["git", "commit", "-m", "hi; it's $(x)"] })).toBe(`git commit -m 'hi; it'\\''s $(x)'\n`);
    expect(formatDryRun({ kind: "process", argv: ["/bin/sh", "-c", "ls -la"], cwd: "/srv/my app" })).toBe("cd '/srv/my app' && /bin/sh -c 'ls -la'\n");
  });

  it("writes a request as method, URL, headers and body", () => {
    const text = formatDryRun({ kind: "http", method: "POST", url: "http://gk:3911/exec", headers: { authorization: "Bearer ***" }, body: '{"method":"exec"}' });
    expect(text).toBe('POST http://gk:3911/exec\nauthorization: Bearer ***\n\n{"method":"exec"}\n');
  });
});
