import { describe, expect, it } from "vitest";
import { formatDryRun } from "./dry-run.ts";

describe("formatDryRun", () => {
  it("writes a process as a command line a POSIX shell splits back into the same argv", () => {
    expect(formatDryRun({ kind: "process", argv: ["git", "commit", "-m", "hi; it's $(x)"] })).toBe(`git commit -m 'hi; it'\\''s $(x)'\n`);
    expect(formatDryRun({ kind: "process", argv: ["/bin/sh", "-c", "ls -la"], cwd: "/srv/my app" })).toBe("cd '/srv/my app' && /bin/sh -c 'ls -la'\n");
  });

  it("writes a request as method, URL, headers and body", () => {
    const text = formatDryRun({
      kind: "http",
      method: "POST",
      url: "http://gk:3911/exec",
      headers: { authorization: "Bearer ***" },
      body: '{"method":"exec"}',
    });
    expect(text).toBe('POST http://gk:3911/exec\nauthorization: Bearer ***\n\n{"method":"exec"}\n');
  });

  it("says where a process runs: the sandbox's view, or why there is none", () => {
    const argv = ["git", "log", "-n", "2"];
    const sandbox = {
      kind: "bubblewrap" as const,
      argv: ["/usr/bin/bwrap"],
      network: false,
      read: ["/srv/my repo"],
      write: [],
      hidden: ["/etc/shadow"],
      cwd: "/srv/my repo",
    };
    expect(formatDryRun({ kind: "process", argv, sandbox })).toBe(
      "git log -n 2\n# sandbox: bubblewrap, network off; reads the system's folders and '/srv/my repo'; writes only a private /tmp; hidden: /etc/shadow; starts in '/srv/my repo'\n",
    );
    expect(formatDryRun({ kind: "process", argv, sandbox: { ...sandbox, network: true, read: [], write: ["/srv/out"], hidden: [] } })).toBe(
      "git log -n 2\n# sandbox: bubblewrap, network on; reads the system's folders only; writes /srv/out and a private /tmp; hidden: none; starts in '/srv/my repo'\n",
    );
    expect(formatDryRun({ kind: "process", argv, sandbox: { kind: "none", why: "the operator's sandbox.mode is off" } })).toBe(
      "git log -n 2\n# no sandbox: the operator's sandbox.mode is off\n",
    );
  });
});
