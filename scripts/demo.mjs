#!/usr/bin/env node
// The README's main job: what an author's CI gate and an agent each do with the
// bundled example tools. Each step is a real `hdlp` run, printed before it runs.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const hdlp = fileURLToPath(new URL("../node_modules/.bin/hdlp", import.meta.url));

const steps = [
  ["lint", "examples/tools"],
  ["list", "--root", "examples/tools"],
  ["match", "查看最近的提交记录", "--root", "examples/tools"],
  ["call", "git-ops", "count=5", "--root", "examples/tools", "--json"],
  ["call", "shell-exec", "cmd=echo hello", "--yes", "--root", "examples/tools", "--json"],
];

for (const args of steps) {
  const shown = args.map((a) => (/[\s一-龥]/.test(a) ? JSON.stringify(a) : a)).join(" ");
  console.log(`\n$ hdlp ${shown}`);
  const run = spawnSync(hdlp, args, { cwd: root, stdio: "inherit", env: { ...process.env, HDLP_AUDIT_LOG: "/dev/null" } });
  if (run.status !== 0) {
    console.error(`\nhdlp ${args[0]} exited with ${run.status ?? run.signal}`);
    process.exit(1);
  }
}
