/**
 * The seed's §4 and the runtime's guarantees, end to end through the real
 * `hdlp` command (./node_modules/.bin/hdlp) on the project's example tools:
 * temp folders, real processes, a real HTTP server on 127.0.0.1.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBubblewrap } from "../../packages/runtime/test/bubblewrap.ts";

const WORKSPACE = resolve(import.meta.dirname, "../..");
const HDLP = join(WORKSPACE, "node_modules/.bin/hdlp");
const EXAMPLES = join(WORKSPACE, "examples/tools");

let work: string;
let root: string;
let audit: string;
/** The one folder the tools may write: file-write's copy declares it, the configuration grants it. */
let notes: string;
/** A configuration with the sandbox off, for what needs the tool's host pids (`--config`). */
let unconfined: string;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs hdlp with stdin not a terminal (as an agent runs it). */
function hdlp(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(HDLP, args, {
      cwd: work,
      env: { ...process.env, HDLP_AUDIT_LOG: audit, HDLP_CACHE_DIR: join(work, "cache"), HDLP_TOOLS_DIR: root, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;

beforeAll(() => {
  ensureBubblewrap();
  work = mkdtempSync(join(tmpdir(), "hdlp-e2e-runtime-"));
  root = join(work, "tools");
  audit = join(work, "audit.jsonl");
  notes = join(work, "notes");
  mkdirSync(notes);
  cpSync(EXAMPLES, root, { recursive: true, filter: (src) => !src.includes(".hdlp-cache") });
  // The operator's copy of file-write writes its notes here, not in /srv/notes.
  const fileWrite = join(root, "file-write", "TOOL.hdlp");
  writeFileSync(fileWrite, readFileSync(fileWrite, "utf8").replaceAll("/srv/notes", notes));
  // Beside the tools root, so every call finds it: the tools run sandboxed (or not at all), reading `work`, writing `notes`.
  writeFileSync(join(work, "hdlp.config.json"), JSON.stringify({ sandbox: { mode: "required", network: true, read: [work], write: [notes] } }));
  unconfined = join(work, "unconfined.json");
  writeFileSync(unconfined, JSON.stringify({ sandbox: { mode: "off" } }));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the seed's §4 through `hdlp`", () => {
  it("finds shell-exec, runs `echo hello` and returns hello", async () => {
    const run = await hdlp(["call", "shell-exec", "cmd=echo hello", "--yes"]);
    expect(run).toEqual({ code: 0, stdout: "hello\n", stderr: "" });
    const envelope = json(await hdlp(["call", "shell-exec", "cmd=echo hello", "--yes", "--json"]));
    expect(envelope).toMatchObject({ ok: true, tool: "shell-exec", method: "exec", output: "hello\n", error: null, found: true, exit_code: 0 });
    expect(typeof envelope["duration_ms"]).toBe("number");
  });

  it("answers a tool that is not in the repository with found:false and exit 3", async () => {
    const run = await hdlp(["call", "deploy-rocket", "--json"]);
    expect(run.code).toBe(3);
    expect(json(run)).toMatchObject({ ok: false, found: false, tool: "deploy-rocket", suggestion: "此工具尚不在仓库中，需铸渊新建" });
    const text = await hdlp(["call", "shell-exe"]);
    expect(text.code).toBe(3);
    expect(text.stderr).toContain("did you mean `shell-exec`?");
  });

  it("returns a failing command's real stderr, whole, and its exit code", async () => {
    const cmd = "ls /no-such-dir-hdlp; echo second line >&2; exit 5";
    const direct = (() => {
      try {
        execFileSync("/bin/sh", ["-c", cmd], { stdio: ["ignore", "pipe", "pipe"] });
        return "";
      } catch (error) {
        return String((error as { stderr: Buffer }).stderr);
      }
    })();
    const run = await hdlp(["call", "shell-exec", `cmd=${cmd}`, "--yes"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(direct);
    const envelope = json(await hdlp(["call", "shell-exec", `cmd=${cmd}`, "--yes", "--json"]));
    expect(envelope).toMatchObject({ ok: false, error: direct, exit_code: 5 });
  });

  it("finds a TOOL.hdlp added to the folder on the next scan, with a warm cache", async () => {
    const listed = json(await hdlp(["list", "--json"]));
    expect((listed["tools"] as { name: string }[]).map((t) => t.name)).toEqual(["file-read", "file-write", "git-ops", "http-request", "shell-exec"]);
    expect(existsSync(join(work, "cache"))).toBe(true);
    mkdirSync(join(root, "say-hi"));
    writeFileSync(
      join(root, "say-hi", "TOOL.hdlp"),
      [
        "name: say-hi",
        "display: 打招呼",
        "intent: 向某人问好",
        "method: exec",
        "executor: shell",
        "command: echo 你好 {who}",
        "params_schema:",
        '  who: { type: string, required: true, description: "问候谁" }',
        "constraints:",
        "  timeout_ms: 5000",
        "  max_output_bytes: 1024",
        "  require_confirm: false",
        "author: ICE-GL-ZY001",
        "created: 2026-05-31",
        "why: 验证新工具会被下一次扫描发现。",
        "",
      ].join("\n"),
    );
    const run = await hdlp(["call", "say-hi", "who=铸渊"]);
    expect(run).toEqual({ code: 0, stdout: "你好 铸渊\n", stderr: "" });
    rmSync(join(root, "say-hi"), { recursive: true });
  });
});

describe("hdlp call", () => {
  it("refuses a require_confirm tool off a terminal without --yes, and runs nothing", async () => {
    const target = join(notes, "not-written.txt");
    const run = await hdlp(["call", "file-write", `path=${target}`, "content=x", "--json"]);
    expect(run.code).toBe(1);
    expect(json(run)).toMatchObject({ ok: false, found: true, refused: "not-confirmed" });
    expect(existsSync(target)).toBe(false);
    const text = await hdlp(["call", "file-write", `path=${target}`, "content=x"]);
    expect(text.stderr).toContain("pass --yes");
  });

  it("asks on a terminal, showing exactly what will run, and runs only on yes", async () => {
    // `script` gives hdlp a pseudo-terminal; what we write to its stdin is typed at the prompt.
    const onTerminal = (answer: string, target: string) =>
      new Promise<Run>((done, reject) => {
        const line = `${HDLP} call file-write path=${target} content=typed --root ${root} --no-cache`;
        const child = spawn("script", ["-qec", line, "/dev/null"], {
          cwd: work,
          env: { ...process.env, HDLP_AUDIT_LOG: audit },
          stdio: ["pipe", "pipe", "pipe"],
        });
        let stdout = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
        child.on("error", reject);
        child.on("close", (code) => done({ code: code ?? -1, stdout, stderr: "" }));
        child.stdin.end(`${answer}\n`);
      });
    const yes = join(notes, "confirmed.txt");
    const accepted = await onTerminal("y", yes);
    expect(accepted.stdout).toContain(`It will run:`);
    expect(accepted.stdout).toContain(`sh -c 'printf %s "$1" > "$2"' -- typed ${yes}`);
    expect(accepted.stdout).toContain(`# sandbox: bubblewrap, network off; reads the system's folders and ${work}; writes ${notes} and a private /tmp`);
    expect(accepted.code).toBe(0);
    expect(readFileSync(yes, "utf8")).toBe("typed");
    const no = join(notes, "declined.txt");
    const declined = await onTerminal("n", no);
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain("not confirmed; nothing was run");
    expect(existsSync(no)).toBe(false);
  });

  it("rejects bad params with exit 2, naming the param and what it expected", async () => {
    const run = await hdlp(["call", "git-ops", "count=many"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('param `count` must be an integer, got string "many"');
    const unknown = await hdlp(["call", "file-read", "path=/etc/hostname", "colour=red"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown param `colour`");
  });

  it("passes injection attempts as literal text and never through a shell", async () => {
    const marker = join(notes, "pwned"); // where the tool may write: an injected `touch` would succeed
    const target = join(notes, "written.txt");
    const content = `a; touch ${marker}\n$(touch ${marker}) \`touch ${marker}\``;
    const run = await hdlp(["call", "file-write", "--params", JSON.stringify({ path: target, content }), "--yes"]);
    expect(run.code).toBe(0);
    expect(readFileSync(target, "utf8")).toBe(content);
    expect(existsSync(marker)).toBe(false);
    // After `--` in file-read's template a leading dash is a file name; elsewhere it is refused before anything runs.
    const afterDashes = await hdlp(["call", "file-read", "path=--version"]);
    expect(afterDashes.code).toBe(1);
    expect(afterDashes.stderr).toBe("head: cannot open '--version' for reading: No such file or directory\n");
    const option = await hdlp(["call", "http-request", "url=--config=/etc/passwd"]);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('param `url` is "--config=/etc/passwd", which starts with "-"');
  });

  it("prints exactly what would run with --dry-run, and runs nothing", async () => {
    const target = join(notes, "dry.txt");
    const run = await hdlp(["call", "file-write", `path=${target}`, "content=two words", "--dry-run"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const [command, sandboxLine, rest] = run.stdout.split("\n");
    expect(command).toBe(`sh -c 'printf %s "$1" > "$2"' -- 'two words' ${target}`);
    expect(sandboxLine).toMatch(
      new RegExp(
        `^# sandbox: bubblewrap, network off; reads the system's folders and ${work}; writes ${notes} and a private /tmp; hidden: .*${join(work, "hdlp.config.json")}.*; starts in ${work}$`,
      ),
    );
    expect(rest).toBe("");
    const plan = json(await hdlp(["call", "git-ops", "count=2", "--dry-run", "--json"]));
    expect(plan).toMatchObject({
      tool: "git-ops",
      executor: "shell",
      params: { count: 2 },
      dry_run: { kind: "process", argv: ["git", "--no-pager", "log", "--oneline", "-n", "2"] },
    });
    const sandbox = (plan["dry_run"] as { sandbox: { kind: string; argv: string[]; network: boolean; read: string[] } }).sandbox;
    expect(sandbox).toMatchObject({ kind: "bubblewrap", network: false, read: [work], write: [] });
    expect(sandbox.argv).toEqual(expect.arrayContaining(["--unshare-pid", "--unshare-net", "--die-with-parent"]));
    const off = await hdlp(["call", "git-ops", "count=2", "--dry-run", "--config", unconfined]);
    expect(off.stdout).toBe("git --no-pager log --oneline -n 2\n# no sandbox: the operator's sandbox.mode is off\n");
    expect(existsSync(target)).toBe(false);
  });

  it("prints a --dry-run refusal as the envelope with --json, and as text without", async () => {
    const refused = await hdlp(["call", "git-ops", "repo=--upload-pack=touch x", "--dry-run", "--json"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe("");
    expect(json(refused)).toMatchObject({ ok: false, tool: "git-ops", method: "exec", output: "", found: true, refused: "invalid-params" });
    expect(json(refused)["error"]).toMatch(/^param `repo` is "--upload-pack=touch x", which starts with "-"/);
    const text = await hdlp(["call", "git-ops", "repo=--upload-pack=touch x", "--dry-run"]);
    expect(text).toMatchObject({ code: 2, stdout: "" });
    expect(text.stderr).toMatch(/^param `repo` is "--upload-pack=touch x", which starts with "-"/);
  });

  it("stops a call at --timeout with the whole process group", async () => {
    const run = await hdlp(["call", "shell-exec", "cmd=echo started; sleep 30", "--yes", "--timeout", "800", "--json"]);
    expect(run.code).toBe(1);
    expect(json(run)).toMatchObject({ ok: false, timed_out: true, output: "started\n" });
    expect(json(run)["error"]).toMatch(/^timed out after 800 ms/);
  });

  it("stops the tool's whole process group when hdlp itself is interrupted", async () => {
    const pids = join(work, "pids");
    // Unconfined: the tool's pids are read on this machine (docs/security.md: in the sandbox they die with it).
    const child = spawn(
      HDLP,
      ["call", "shell-exec", `cmd=echo $$ > ${pids}; sleep 300 & echo $! >> ${pids}; wait`, "--yes", "--json", "--config", unconfined],
      {
        cwd: work,
        env: { ...process.env, HDLP_AUDIT_LOG: audit, HDLP_CACHE_DIR: join(work, "cache"), HDLP_TOOLS_DIR: root },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    let finished = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const closed = new Promise<number>((done) =>
      child.on("close", (code) => {
        finished = true;
        done(code ?? -1);
      }),
    );
    const started = () => existsSync(pids) && readFileSync(pids, "utf8").trim().split("\n").length >= 2;
    while (!started() && !finished) await new Promise((r) => setTimeout(r, 50));
    expect(finished, `hdlp ended before the tool started: ${stderr}`).toBe(false);
    const [leader, sleeper] = readFileSync(pids, "utf8").trim().split("\n").map(Number);
    child.kill("SIGINT");
    expect(await closed).toBe(130);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, tool: "shell-exec" });
    for (const pid of [leader!, sleeper!]) {
      const alive = (() => {
        try {
          process.kill(pid, 0);
          return !execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" })
            .trim()
            .startsWith("Z");
        } catch {
          return false;
        }
      })();
      expect(alive, `pid ${pid} survived`).toBe(false);
    }
  });

  it("runs git-ops, file-read and http-request for real", async () => {
    const repo = join(work, "repo");
    mkdirSync(repo);
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@e", ...args]);
    git("init", "-q");
    writeFileSync(join(repo, "f"), "x");
    git("add", "f");
    git("commit", "-q", "-m", "第一次提交");
    const log = await hdlp(["call", "git-ops", `repo=${repo}`, "count=1"]);
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(/^[0-9a-f]{7,} 第一次提交\n$/);

    const file = join(work, "read-me.txt");
    writeFileSync(file, "line 1\nline 2 no newline");
    expect(await hdlp(["call", "file-read", `path=${file}`])).toEqual({ code: 0, stdout: "line 1\nline 2 no newline", stderr: "" });

    const server: Server = createServer((req, res) => {
      if (req.url === "/health") res.end('{"status":"ok"}');
      else {
        res.statusCode = 404;
        res.end("no such page");
      }
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await hdlp(["call", "http-request", `url=${base}/health`])).toEqual({ code: 0, stdout: '{"status":"ok"}', stderr: "" });
      const missing = await hdlp(["call", "http-request", `url=${base}/nope`, "--json"]);
      expect(missing.code).toBe(1);
      expect(json(missing)).toMatchObject({ ok: false, output: "no such page", exit_code: 22 });
      expect(json(missing)["error"]).toContain("404");
    } finally {
      server.close();
    }
  });

  it("keeps the runtime's tokens out of a tool's reach: nothing of hdlp's environment in /proc", async () => {
    const token = "hdlp-e2e-token-4f9a2b7c";
    const run = await hdlp(["call", "shell-exec", "cmd=cat /proc/$PPID/environ /proc/1/environ; ls /proc", "--yes"], {
      HDLP_FORGEJO_TOKEN: token,
      HDLP_API_TOKEN: token,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(token);
    expect(run.stdout).not.toContain("HDLP_");
  });

  it("confines file-read to what the operator lets tools read: the configuration and the rest of the machine out of view", async () => {
    const allowed = join(work, "allowed.txt");
    writeFileSync(allowed, "visible\n");
    expect(await hdlp(["call", "file-read", `path=${allowed}`])).toMatchObject({ code: 0, stdout: "visible\n" });
    const config = await hdlp(["call", "file-read", `path=${join(work, "hdlp.config.json")}`]);
    expect(config.code).toBe(1);
    expect(config.stdout).toBe("");
    const elsewhere = await hdlp(["call", "file-read", `path=${join(WORKSPACE, "package.json")}`]);
    expect(elsewhere).toMatchObject({ code: 1, stdout: "" });
    expect(elsewhere.stderr).toContain("No such file or directory");
  });

  it("has written two audit lines per call, refusals and unknown tools included, sharing a call id", () => {
    const lines = readFileSync(audit, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; call: string; tool: string; outcome?: string; transport?: string });
    const ends = lines.filter((l) => l.event === "end");
    const outcomes = new Set(ends.map((l) => l.outcome));
    for (const outcome of ["ok", "failed", "not-found", "not-confirmed", "invalid-params", "timed-out", "cancelled"]) expect(outcomes).toContain(outcome);
    expect(ends.some((l) => l.tool === "deploy-rocket" && l.outcome === "not-found")).toBe(true);
    const starts = lines.filter((l) => l.event === "start");
    expect(starts.map((l) => l.call).sort()).toEqual(ends.map((l) => l.call).sort());
    expect(starts.every((l) => l.transport === "cli")).toBe(true);
  });

  it("has written the line of a call's start when hdlp itself dies during the call, and leaves no tool behind", async () => {
    const log = join(work, "crash-audit.jsonl");
    const marker = "sleep 4271.5";
    const child = spawn(HDLP, ["call", "shell-exec", `cmd=${marker}`, "--yes"], {
      cwd: work,
      env: { ...process.env, HDLP_AUDIT_LOG: log, HDLP_CACHE_DIR: join(work, "cache"), HDLP_TOOLS_DIR: root },
      stdio: "ignore",
    });
    const gone = new Promise((done) => child.once("exit", done));
    const running = () =>
      execFileSync("ps", ["-eo", "args="], { encoding: "utf8" })
        .split("\n")
        .some((args) => args.trim() === marker);
    while (!running()) await new Promise((r) => setTimeout(r, 100));
    child.kill("SIGKILL"); // as the out-of-memory killer would: no exit hook runs
    await gone;
    const lines = readFileSync(log, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ event: "start", tool: "shell-exec", params: { cmd: marker } });
    // The sandbox dies with hdlp (bubblewrap's --die-with-parent), its tool with it.
    for (let i = 0; i < 50 && running(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(running()).toBe(false);
  });
});

describe("hdlp list and match", () => {
  it("lists a bad file and a link escaping the root as not registered, beside the good tools", async () => {
    const messy = join(work, "messy");
    cpSync(root, messy, { recursive: true });
    mkdirSync(join(messy, "broken"));
    writeFileSync(join(messy, "broken", "TOOL.hdlp"), "name: broken\nexecutor: teleport\n");
    const outside = join(work, "outside");
    mkdirSync(join(outside, "evil"), { recursive: true });
    cpSync(join(root, "shell-exec", "TOOL.hdlp"), join(outside, "evil", "TOOL.hdlp"));
    symlinkSync(join(outside, "evil"), join(messy, "evil"));

    const listed = json(await hdlp(["list", "--root", messy, "--json"]));
    expect((listed["tools"] as { name: string }[]).map((t) => t.name)).toEqual(["file-read", "file-write", "git-ops", "http-request", "shell-exec"]);
    const invalid = listed["invalid"] as { folder: string; diagnostics: { rule: string; severity: string }[] }[];
    expect(invalid.map((t) => t.folder)).toEqual(["broken", "evil"]);
    expect(invalid[0]!.diagnostics.some((d) => d.rule === "unknown-executor" && d.severity === "error")).toBe(true);
    expect(invalid[1]!.diagnostics[0]!.rule).toBe("path-escapes-root");

    const text = await hdlp(["list", "--root", messy]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("5 tools in");
    expect(text.stdout).toContain("Not registered:");
    expect(text.stdout).toMatch(/\[unknown-executor\]/);
  });

  it("lists a tool file with a third of a million errors, and one over the size limit, and calls neither", async () => {
    const big = join(work, "big-tools");
    mkdirSync(join(big, "many-errors"), { recursive: true });
    // Just under 1 MiB of keys that are no field: over 150,000 diagnostics.
    let keys = "";
    for (let i = 0; keys.length < 1_048_000; i++) keys += `k${i.toString(36)}:\n`;
    writeFileSync(join(big, "many-errors", "TOOL.hdlp"), keys);
    mkdirSync(join(big, "huge"));
    writeFileSync(join(big, "huge", "TOOL.hdlp"), `name: huge\n# ${"x".repeat(3 * 1024 * 1024)}\n`);
    const text = await hdlp(["list", "--root", big]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("0 tools in");
    expect(text.stdout).toMatch(/huge\/TOOL\.hdlp\n.*\[file-too-large\] .* is 3,145,7\d\d bytes, more than the 1,048,576 bytes \(1 MiB\)/);
    expect(text.stdout).toMatch(/… and \d+ more: `hdlp lint .*many-errors\/TOOL\.hdlp` shows them all/);

    const log = join(work, "big-audit.jsonl");
    const called = await hdlp(["call", "huge", "p0=hi", "--root", big, "--json"], { HDLP_AUDIT_LOG: log });
    expect(called.code).toBe(3);
    expect(json(called)).toMatchObject({ ok: false, found: false, tool: "huge" });
    expect(json(called)["error"]).toMatch(
      /^no tool named `huge` is registered: .*huge\/TOOL\.hdlp has an error \[file-too-large\]: .* more than the 1,048,576 bytes/,
    );
    const lines = readFileSync(log, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => [l["event"], l["tool"], l["outcome"]])).toEqual([
      ["start", "huge", undefined],
      ["end", "huge", "not-found"],
    ]);
  });

  it("matches an intent to a tool, and says found:false when none serves it", async () => {
    const found = await hdlp(["match", "查看最近的提交记录", "--json"]);
    expect(found.code).toBe(0);
    const result = json(found) as { found: boolean; candidates: { name: string; display: string; intent: string; score: number }[] };
    expect(result.found).toBe(true);
    expect(result.candidates[0]).toMatchObject({ name: "git-ops", display: "Git提交记录" });
    expect(result.candidates.length).toBeLessThanOrEqual(3);

    const none = await hdlp(["match", "帮我订一张去上海的机票", "--json"]);
    expect(none.code).toBe(3);
    expect(json(none)).toMatchObject({ found: false, suggestion: "此工具尚不在仓库中，需铸渊新建" });
  });

  it("explains a match term by term, with a tool the author names, in text or JSON", async () => {
    const text = await hdlp(["match", "查看最近的提交记录", "--explain", "--tool", "file-write"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^request: 查看最近的提交记录$/m);
    expect(text.stdout).toMatch(/^operations: 查看 → view \(asked for\)/m);
    expect(text.stdout).toMatch(/^verdict: found, git-ops serves it/m);
    expect(text.stdout).toMatch(/^1\. git-ops {2}Git提交记录 {2}score /m);
    expect(text.stdout).toMatch(/^\s+\+\d\.\d{3} {2}查看≈view {2}\(/m);
    expect(text.stdout).toMatch(/^(?:\d+|–)\. file-write {2}/m);

    const explained = json(await hdlp(["match", "帮我订一张去上海的机票", "--explain", "--json"])) as { found: boolean; verdict: string; terms: unknown[] };
    expect(explained.found).toBe(false);
    expect(explained.verdict).toMatch(/no sense knows what "订" asks to do|no tool shares a word|only \d+%/);

    const unknown = await hdlp(["match", "x", "--explain", "--tool", "no-such-tool"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("`no-such-tool`");
    expect((await hdlp(["match", "x", "--tool", "git-ops"])).code).toBe(2);
  });

  it("refuses bad usage with exit 2", async () => {
    expect((await hdlp(["call"])).code).toBe(2);
    expect((await hdlp(["call", "shell-exec", "no-equals-sign"])).code).toBe(2);
    expect((await hdlp(["match", "x", "--top", "9"])).code).toBe(2);
    expect((await hdlp(["list", "--root", join(work, "missing")])).code).toBe(2);
  });

  it("names, in the main --help, every exit code list, match and call use", async () => {
    const help = await hdlp(["--help"]);
    const exitCodes = help.stdout.slice(help.stdout.indexOf("Exit codes:"));
    for (const code of ["0", "1", "2", "3", "130"]) expect(exitCodes).toMatch(new RegExp(`(^|[:;] |\\n)${code} `));
  });
});
