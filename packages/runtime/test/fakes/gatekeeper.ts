/**
 * A gatekeeper built to the wire contract of docs/executors.md (the real one,
 * gatekeeper v2.1.0, cannot run here):
 *
 *   POST /exec, Authorization: Bearer <token>, {method, params, timeout_ms}
 *   → 200 {stdout, stderr, exit_code};  401 on a wrong token;  400 on a bad body.
 *
 * `exec` runs `params.cmd` for real through /bin/sh -c, in `params.cwd` or the
 * fake's work folder, so quoting is tested by a real shell. Any other method
 * answers with stdout = `{"method", "params"}` as received (what the far side
 * got), except `debug.headers`, which leaks the request headers back: a
 * careless server, for the tests that tokens are masked.
 */
import { spawn } from "node:child_process";
import { bearer, type RunningServer, sendJson, startServer } from "./server.ts";

export interface GatekeeperFakeOptions {
  readonly token: string;
  /** Where `exec` runs when no cwd is given. */
  readonly workDir: string;
}

export function startGatekeeperFake(options: GatekeeperFakeOptions): Promise<RunningServer> {
  return startServer(async (request, res) => {
    if (request.method !== "POST" || request.url !== "/exec") return sendJson(res, 404, { error: `no route ${request.method} ${request.url}` });
    if (bearer(request, "Bearer") !== options.token) return sendJson(res, 401, { error: "unauthorized" });
    let call: { method?: unknown; params?: Record<string, unknown>; timeout_ms?: unknown };
    try {
      call = JSON.parse(request.body);
    } catch {
      return sendJson(res, 400, { error: "body is not JSON" });
    }
    if (typeof call.method !== "string" || typeof call.params !== "object" || typeof call.timeout_ms !== "number") {
      return sendJson(res, 400, { error: "expected {method, params, timeout_ms}" });
    }
    if (call.method === "debug.headers") return sendJson(res, 200, { stdout: JSON.stringify(request.headers), stderr: "", exit_code: 0 });
    if (call.method !== "exec") return sendJson(res, 200, { stdout: JSON.stringify({ method: call.method, params: call.params }), stderr: "", exit_code: 0 });
    const { cmd, cwd } = call.params;
    if (typeof cmd !== "string") return sendJson(res, 400, { error: "exec needs params.cmd" });
    sendJson(res, 200, await runShell(cmd, typeof cwd === "string" ? cwd : options.workDir, call.timeout_ms));
  });
}

function runShell(cmd: string, cwd: string, timeoutMs: number): Promise<{ stdout: string; stderr: string; exit_code: number }> {
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", cmd], { cwd, stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => resolve({ stdout: "", stderr: error.message, exit_code: 127 }));
    child.on("close", (code, signal) =>
      resolve({ stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), exit_code: code ?? (signal ? 128 + 9 : 1) }),
    );
  });
}
