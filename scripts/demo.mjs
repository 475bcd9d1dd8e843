#!/usr/bin/env node
// The README's main job: what an author's CI gate and an agent each do with the
// bundled example tools. Each step is a real `hdlp` run, printed before it runs.
// The tools run sandboxed (docs/security.md), under an operator's configuration
// that lets them read this repository and nothing else of the machine's files.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const hdlp = fileURLToPath(new URL("../node_modules/.bin/hdlp", import.meta.url));
// git-ops reads the repository's history: its git folder too, which a worktree keeps elsewhere.
const git = spawnSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd: root, encoding: "utf8" });
const policy = { sandbox: { mode: "on", network: false, read: git.status === 0 ? [root, git.stdout.trim()] : [root], write: [] } };
const operator = mkdtempSync(join(tmpdir(), "hdlp-demo-"));
const config = join(operator, "hdlp.config.json");
writeFileSync(config, `${JSON.stringify(policy, null, 2)}\n`);
const examples = ["--root", "examples/tools", "--config", config];

/** `fails`: the step shows a refusal, so a non-zero exit is what it is there to show. */
const steps = [
  { args: ["lint", "examples/tools"] },
  { args: ["list", "--root", "examples/tools"] },
  { args: ["match", "查看最近的提交记录", "--root", "examples/tools"] },
  { args: ["call", "git-ops", "count=5", ...examples, "--dry-run"] },
  { args: ["call", "git-ops", "count=5", ...examples, "--json"] },
  { args: ["call", "shell-exec", "cmd=echo hello", "--yes", ...examples, "--json"] },
  { args: ["call", "file-read", "path=README.md", "max_bytes=60", ...examples] },
  { args: ["call", "file-read", `path=${config}`, ...examples], fails: true },
];

try {
  console.log(`# the operator's configuration, ${config}:\n${JSON.stringify(policy)}`);
  for (const { args, fails } of steps) {
    const shown = args.map((a) => (/[\s一-龥]/.test(a) ? JSON.stringify(a) : a)).join(" ");
    console.log(`\n$ hdlp ${shown}`);
    const run = spawnSync(hdlp, args, { cwd: root, stdio: "inherit", env: { ...process.env, HDLP_AUDIT_LOG: "/dev/null" } });
    if (fails) console.log(`(exit ${run.status}: the operator's configuration is out of the tools' view)`);
    else if (run.status !== 0) {
      console.error(`\nhdlp ${args[0]} exited with ${run.status ?? run.signal}`);
      process.exitCode = 1;
      break;
    }
  }
} finally {
  rmSync(operator, { recursive: true, force: true });
}
